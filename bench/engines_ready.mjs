// Firefox's part of bench/engines_ready.py: time to ready of the pages named
// in the config, each visit in a new browser context, the return visit in
// the same context as the first once its service worker holds the build.
//
//   node bench/engines_ready.mjs '{"url", "firefox", "runs", "pages": {name: path}, "floor"}'
//
// Prints one line of JSON: {name: [{first, again, dcl, start}], floor: [ms]}.
import puppeteer from "puppeteer-core";

const config = JSON.parse(process.argv[2]);
const TIMEOUT = 180_000;

/** Navigation start -> html[data-state=ready], read in the page when it happens. */
async function visit(context, path, settle) {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(config.url + path, { waitUntil: "commit" });
  const ready = await page.waitForFunction(
    () => document.documentElement.dataset.state === "ready" && performance.now(),
    { polling: 10, timeout: TIMEOUT },
  );
  const result = await page.evaluate(
    (at) => ({
      ready: at,
      dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
      start: document.documentElement.dataset.runtimeStart || null,
      phases: window.__phases || null,
    }),
    await ready.jsonValue(),
  );
  if (settle) {
    await page.waitForFunction(() => ["ready", "failed"].includes(document.documentElement.dataset.offline), {
      polling: 100,
      timeout: TIMEOUT,
    });
  }
  await page.close();
  return result;
}

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: config.firefox,
  headless: true,
  extraPrefsFirefox: { "ui.prefersReducedMotion": 1 },
});
const out = { floor: [], phases: [] };
try {
  for (let run = 0; run < config.runs; run++) {
    for (const [name, path] of Object.entries(config.pages)) {
      const context = await browser.createBrowserContext();
      const first = await visit(context, path, true);
      const again = await visit(context, path, false);
      await context.close();
      (out[name] ||= []).push({ first: first.ready, again: again.ready, dcl: first.dcl, start: again.start });
    }
    const context = await browser.createBrowserContext();
    const floor = await visit(context, config.floor, false);
    out.floor.push(floor.ready);
    out.phases.push(floor.phases);
    await context.close();
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out) + "\n");
