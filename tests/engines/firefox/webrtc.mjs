// Two devices over WebRTC in Firefox ESR: two Firefox instances (two
// profiles), host and guest, pair by the invitation link and the answer code
// (the page's own widgets in #net-pairing) and play a 2-player game to its
// end. Run by tests/engines/test_firefox_webrtc.py inside a network namespace
// of its own, with the site served inside it too:
//
//   ip netns exec <ns> node tests/engines/firefox/webrtc.mjs '<config JSON>'
//
// config: {url, origin, firefox, shots, game, seed, prefs}; each device's end
// is kept as <shots>/firefox-webrtc-<host|guest>-over.png; prefs: Firefox
// preferences besides its defaults ({} in the test; docs/engines.md's table of
// what was tried in a namespace was made with them). Prints one line
// "RESULT {ok, ms, actions, routes: {host, guest}, error}": routes are each
// page's BossQuestNet.rtcRoutes() once the game started. Every wait is on a
// marker the page sets.
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { STEP_MS, TWO_SEATS, attr, rng, unfold, until, waitReady, watch } from "./pages.mjs";

const config = JSON.parse(process.argv[2]);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const ON_BOARD = "html[data-screen='board'] #board[data-net][data-phase]";

/** One device: a Firefox of its own (its own profile), one page, watched. */
async function device(name, viewport, language, problems) {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: config.firefox,
    headless: true,
    protocolTimeout: 120_000,
    extraPrefsFirefox: {
      "ui.prefersReducedMotion": 1,
      "intl.accept_languages": language,
      "intl.locale.requested": language.split(",")[0],
      ...(config.prefs || {}),
    },
  });
  const page = await browser.newPage();
  await page.setViewport(viewport);
  watch(page, name, problems, config.origin);
  return { name, browser, page };
}

/** Where a device stands, for an error message: screen, lobby phase, what the pairing widget says. */
function where(page) {
  return page.evaluate(() =>
    JSON.stringify({
      screen: document.documentElement.dataset.screen,
      phase: document.getElementById("lobby")?.dataset.phase,
      pairing: document.querySelector("#net-pairing [data-pairing-status]")?.textContent ?? null,
    }),
  );
}

async function lobby(page, phase) {
  try {
    await until(page, `html[data-screen='lobby'] #lobby[data-phase='${phase}']`);
  } catch (e) {
    throw new Error(`not in the lobby's ${phase}: ${await where(page)}\n${e}`);
  }
}

async function typeName(page, name) {
  await page.$eval("#net-name", (input) => {
    input.value = "";
  });
  await page.type("#net-name", name);
}

/** The host's lobby for 2 players, an invitation made: its link. */
async function hostAndInvite(host) {
  const page = host.page;
  // ?seed=: the host deals the same game each run (net_page.py), as the clicks are
  await page.goto(`${config.url}?game=${config.game}&botdelay=0&seed=${config.seed}`, {
    waitUntil: "domcontentloaded",
  });
  await waitReady(page);
  await until(page, "#net-open:not([disabled])");
  await page.click("#net-open");
  await lobby(page, "menu");
  await typeName(page, host.name);
  await page.click("[data-cmd=net-host]");
  await lobby(page, "host");
  const two = "input[data-net-opt=players][value='2']";
  if (!(await page.$eval(two, (el) => el.checked))) await page.click(two);
  await until(page, TWO_SEATS);
  await page.click("[data-cmd=net-invite]");
  await until(page, "#net-pairing [data-invite-link]");
  const link = await page.$eval("#net-pairing [data-invite-link]", (el) => el.value);
  if (!link.includes("#join=")) throw new Error(`an invitation link without #join=: ${link}`);
  if (new URL(link).searchParams.get("game") !== config.game) throw new Error(`the link names another game: ${link}`);
  return link;
}

/** The guest opens the link, takes a name, and shows its answer code. */
async function answer(guest, link) {
  const page = guest.page;
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await waitReady(page);
  await lobby(page, "join");
  await typeName(page, guest.name);
  await page.click("[data-cmd=net-join-rtc]");
  await until(page, "#net-pairing [data-answer-code]");
  const code = (await page.$eval("#net-pairing [data-answer-code]", (el) => el.textContent)).trim();
  if (!code) throw new Error("an empty answer code");
  return code;
}

/** The board's markers in one read: a move may redraw it between two reads. */
const BOARD_NOW = () => {
  const board = document.getElementById("board").dataset;
  return {
    actions: Number(board.actions || 0),
    stage: board.stage || "",
    toAct: board.toAct || "",
    phase: board.phase || "",
    seq: board.seq || "",
  };
};

async function untilPast(page, version) {
  await page.waitForFunction(
    (v) => Number(document.getElementById("board").dataset.actions) > v,
    { polling: "mutation", timeout: STEP_MS },
    version,
  );
}

/** Close round results on `page` until its board shows something else. */
async function acknowledge(page) {
  for (;;) {
    const now = await page.evaluate(BOARD_NOW);
    if (now.phase !== "result") return;
    await page.click("#round-result [data-cmd=continue]");
    await until(page, `#board:not([data-seq='${now.seq}'])`);
  }
}

/** Play to the end: the seat to act (from the host's board) clicks one of its
 * action buttons, chosen by a seeded generator; the other device follows. */
async function playToEnd(devices, pick) {
  const host = devices[0].page;
  const seats = new Map();
  for (const d of devices) seats.set(await attr(d.page, "#board", "data-viewer"), d.page);
  for (let i = 0; i < 3000; i++) {
    const now = await host.evaluate(BOARD_NOW);
    if (now.stage === "over") {
      for (const d of devices) await until(d.page, `#board[data-actions='${now.actions}']`);
      return now.actions;
    }
    const page = seats.get(now.toAct);
    if (page === undefined) throw new Error(`seat ${now.toAct} to act is on no device`);
    await until(page, `#board[data-actions='${now.actions}']`);
    await acknowledge(page);
    if ((await page.evaluate(BOARD_NOW)).phase !== "human") {
      await until(host, `#board[data-actions='${now.actions}']`);
      continue; // the host moved on meanwhile: look again
    }
    const buttons = await page.$$("#actions [data-cmd=act]");
    if (buttons.length === 0) throw new Error("a human turn shows no action button");
    const chosen = buttons[pick(buttons.length)];
    await unfold(chosen);
    await chosen.click();
    await untilPast(host, now.actions);
  }
  throw new Error("the game did not end");
}

const problems = [];
const devices = [];
const start = Date.now();
let error = null;
let actions = null;
const routes = {};
try {
  // launched one after the other: two Firefox starts at once on two loaded cores gain nothing
  devices.push(await device("host", DESKTOP, "en-GB, en", problems));
  devices.push(await device("guest", PHONE, "fr-FR, fr", problems));
  const [host, guest] = devices;
  const reduced = await host.page.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  if (!reduced) throw new Error("ui.prefersReducedMotion did not take: the page would animate");
  const link = await hostAndInvite(host);
  const code = await answer(guest, link);
  await host.page.locator("#net-pairing [data-answer-input]").fill(code);
  await host.page.click("#net-pairing [data-answer-connect]");
  try {
    await lobby(guest.page, "guest");
  } catch (e) {
    throw new Error(`the devices did not connect: host ${await where(host.page)}\n${e}`);
  }
  await guest.page.click("[data-cmd=net-sit][data-seat='1']");
  await until(guest.page, "#net-seats [data-seat='1'][data-you='true']");
  await until(host.page, "#net-seats [data-seat='1'][data-status='guest'][data-connected='true']");
  await until(host.page, "#net-start:not([disabled])");
  await host.page.click("#net-start");
  await until(host.page, ON_BOARD);
  await until(guest.page, ON_BOARD);
  // how each device's link goes (the candidate pair ICE chose): proof that
  // the game runs over WebRTC, and which candidates Firefox used
  for (const d of devices) routes[d.name] = await d.page.evaluate(() => window.BossQuestNet.rtcRoutes());
  actions = await playToEnd(devices, rng(config.seed));
  for (const d of devices) {
    await acknowledge(d.page);
    await until(d.page, "#board[data-phase='over'] #game-over");
    fs.mkdirSync(config.shots, { recursive: true });
    await d.page.screenshot({ path: path.join(config.shots, `firefox-webrtc-${d.name}-over.png`), fullPage: true });
  }
} catch (e) {
  error = String((e && e.stack) || e);
} finally {
  for (const d of devices) await d.browser.close().catch(() => {});
}
if (error === null && problems.length > 0) error = "a page misbehaved:\n  " + problems.join("\n  ");
process.stdout.write("RESULT " + JSON.stringify({ ok: error === null, ms: Date.now() - start, actions, routes, error }) + "\n");
