// What both Firefox drivers (smoke.mjs, webrtc.mjs) do with a page: watch it
// for problems, wait on its markers, and click as a person would.

/** A small seeded generator (mulberry32): the same clicks on every run. */
export function rng(seed) {
  let a = seed >>> 0;
  return function (n) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Whether `url` is a network request to an origin other than `origin`. */
function isForeign(url, origin) {
  const parsed = new URL(url);
  if (!["http:", "https:", "ws:", "wss:"].includes(parsed.protocol)) return false;
  return parsed.origin !== origin;
}

/** Add every problem `page` shows to `problems`: a console error, an uncaught
 * error, a request to another origin than `origin`, a response of 400 or more. */
export function watch(page, name, problems, origin) {
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`${name}: console error: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`${name}: page error: ${e.message || e}`));
  page.on("request", (r) => {
    if (isForeign(r.url(), origin)) problems.push(`${name}: request to another origin: ${r.url()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${name}: failed response: ${r.status()} ${r.url()}`);
  });
  return page;
}

/** A step's deadline: a loaded machine, not a speed check. */
export const STEP_MS = 60_000;
/** The host's lobby once it has two seats (not while the default count's shows:
 * a click aimed at a button of it could land where the next draw moves it). */
export const TWO_SEATS = "#net-seats > li.net-seat[data-seat='1']:last-child";
/** A page's start (html[data-state=ready]): a first visit starts Pyodide
 * without its snapshot, slow on loaded cores; an error ends the wait at once. */
export const READY_MS = 180_000;

/** Wait for `selector` to match. A MutationObserver answers at once in a tab
 * in front; a tab behind gets no animation frames and the caller polls it. */
export async function until(target, selector, timeout = STEP_MS, polling = "mutation") {
  await target.waitForFunction((s) => document.querySelector(s) !== null, { polling, timeout }, selector);
}

export async function attr(target, selector, name) {
  return target.$eval(selector, (el, n) => el.getAttribute(n), name);
}

/** Wait until the page started (html[data-state=ready]); fail with its error if it did not. */
export async function waitReady(target) {
  await until(target, "html[data-state='ready'], html[data-state='error']", READY_MS);
  const state = await attr(target, "html", "data-state");
  if (state !== "ready") {
    const detail = await target.evaluate(() => document.getElementById("load-error-details")?.textContent);
    throw new Error(`the page reached data-state=${state}: ${detail}`);
  }
}

/** A button in a folded group (<details>) shows once its summary is clicked, as a person would. */
export async function unfold(button) {
  const folded = await button.evaluate((b) => {
    const group = b.closest("details");
    return group !== null && !group.open;
  });
  if (folded) {
    await (await button.evaluateHandle((b) => b.closest("details").querySelector("summary"))).click();
    await button.evaluate((b) => b.closest("details").open || Promise.reject(new Error("still folded")));
  }
}
