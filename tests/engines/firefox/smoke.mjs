// Smoke cases of the shared shell in Firefox ESR, driven by Puppeteer over
// WebDriver BiDi (headless, no geckodriver). Run by tests/engines/test_firefox.py:
//
//   node tests/engines/firefox/smoke.mjs '<config JSON>'
//
// config: {url, origin, control, firefox, shots, cases: [id], games: [{name,
// minPlayers, rules, tutorial: {name, actions} | null, end: [storage key, save
// a few moves before the game's end]}]}. Each case id is
// "<game>/<case>"; each starts with the site's storage emptied (the HTTP cache
// and the service worker stay) and prints one line "RESULT {id, ok, ms,
// error}". Waits are on the markers the page sets
// (html[data-state], #board[data-phase|seq|actions], #lobby[data-phase]...),
// polled by waitForFunction (a background tab's animation frames stop).
import fs from "node:fs";
import path from "node:path";
import puppeteer from "puppeteer-core";
import { READY_MS, STEP_MS, TWO_SEATS, attr, rng, unfold, until, waitReady, watch } from "./pages.mjs";

const config = JSON.parse(process.argv[2]);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };
const SETTLED = "#board[data-phase]:not([data-phase='bot'])";
const ON_BOARD = "html[data-screen='board'] #board[data-phase]";

/** A page of `context`, every problem it shows added to `problems`. */
async function newPage(context, problems, name, viewport = DESKTOP) {
  const page = await context.newPage();
  await page.setViewport(viewport);
  return watch(page, name, problems, config.origin);
}

/** The same for a tab that may be behind another (two players in tabs). */
function untilBehind(target, selector) {
  return until(target, selector, STEP_MS, 25);
}

async function open(page, query) {
  await page.goto(config.url + query, { waitUntil: "domcontentloaded" });
}

/** Set the menu for the game's fewest players, bots beside seat 0 at the easiest
 *  level each seat's role offers (the first), and start. */
async function startSolo(page, game) {
  await waitReady(page);
  await page.click(`.segmented label:has(input[value='${game.minPlayers}'])`);
  for (let seat = 1; seat < game.minPlayers; seat++) {
    const item = `#seats .seat[data-seat='${seat}']`;
    await page.click(`${item} .kind label:has(input[value='bot'])`);
    await page.click(`${item} .level label:first-child`);
  }
  await page.click("#start");
  await until(page, "#board[data-phase]");
  await until(page, SETTLED);
}

/** What the board asks of the person at the device, in one round trip. */
const BOARD_NOW = () => {
  const board = document.getElementById("board");
  return {
    phase: board.getAttribute("data-phase"),
    seq: board.getAttribute("data-seq"),
    count: document.querySelectorAll("#actions [data-cmd=act]").length,
  };
};

/** One step of the person at the device: any action button, or the round's acknowledgement. */
async function step(page, pick) {
  const now = await page.evaluate(BOARD_NOW);
  if (now.phase === "over") return "over";
  let selector = "#actions [data-cmd=act]";
  let index = 0;
  if (now.phase === "result") selector = "#round-result [data-cmd=continue]";
  else if (now.phase === "curtain") selector = "#curtain [data-cmd=reveal]";
  else if (now.phase !== "human") throw new Error(`unexpected phase ${now.phase}`);
  else if (now.count === 0) throw new Error("a human turn shows no action button");
  else index = pick(now.count);
  const buttons = await page.$$(selector);
  await unfold(buttons[index]);
  await buttons[index].click();
  await until(page, `#board:not([data-seq='${now.seq}'])[data-phase]:not([data-phase='bot'])`);
  return now.phase;
}

/** The lesson's next click and its sign, in the page (tests/engines/lesson_now.js). */
const LESSON_NOW = fs.readFileSync(new URL("../lesson_now.js", import.meta.url), "utf8").trim();
/** Far more clicks than any lesson needs (each move takes at most two). */
const LESSON_CLICKS = 400;

async function playToEnd(page, pick, limit = 3000) {
  for (let i = 0; i < limit; i++) {
    if ((await step(page, pick)) === "over") return;
  }
  throw new Error("the game did not end");
}

function shot(page, name) {
  fs.mkdirSync(config.shots, { recursive: true });
  return page.screenshot({ path: path.join(config.shots, `${name}.png`), fullPage: true });
}

// ---------------------------------------------------------------- the cases

const CASES = {
  async home(context, game, problems) {
    const page = await newPage(context, problems, "home");
    await open(page, "");
    await waitReady(page);
    await until(page, `#games .game-card[data-game='${game.name}']`);
    await until(page, "html[data-home='true']");
    await page.click(`#games .game-card[data-game='${game.name}'] [data-link=play]`);
    await until(page, `html[data-game='${game.name}']`);
    await waitReady(page);
    // the game's menu, on the page the link opened (no second start of Python)
    await until(page, "html[data-screen='menu'] #start:not([disabled])");
    const counts = await page.$$eval(".segmented input[name=count]", (inputs) => inputs.map((i) => i.value));
    if (!counts.includes(String(game.minPlayers))) throw new Error(`player counts ${counts}`);
  },

  async solo(context, game, problems) {
    // a game a few moves before its end (played under CPython: game.end), which
    // the page resumes, played out at a phone's width; its end also seen at a
    // laptop's (a game from its deal is Chromium's: one whole game per transport)
    await storeSave(context, game.end);
    const page = await newPage(context, problems, "solo", PHONE);
    await open(page, `?game=${game.name}&botdelay=0`);
    await waitReady(page);
    await until(page, ON_BOARD);
    await until(page, SETTLED);
    await playToEnd(page, rng(375));
    for (const [viewport, width] of [[PHONE, 375], [DESKTOP, 1280]]) {
      await page.setViewport(viewport);
      await page.waitForFunction((w) => window.innerWidth === w, { polling: 25, timeout: STEP_MS }, width);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > width) throw new Error(`the page is ${wide} px wide at ${width} px`);
      await shot(page, `firefox-${game.name}-over-${width}`);
    }
  },

  async "reload-offline"(context, game, problems) {
    // after one visit (the service worker ready), three moves; then the
    // site's server stops answering and a reload brings the same game back
    const page = await newPage(context, problems, "reload-offline");
    await open(page, `?game=${game.name}&botdelay=0&seed=5`);
    await waitReady(page);
    await until(page, "html[data-offline='ready']", READY_MS);
    await startSolo(page, game);
    const pick = rng(5);
    for (let i = 0; i < 3; i++) await step(page, pick);
    const actions = await attr(page, "#board", "data-actions");
    await fetch(config.control + "/offline");
    try {
      await page.reload({ waitUntil: "domcontentloaded" });
      await waitReady(page);
      await until(page, ON_BOARD);
      await until(page, SETTLED);
      const after = await attr(page, "#board", "data-actions");
      if (after !== actions) throw new Error(`resumed at ${after} actions, left at ${actions}`);
      await step(page, pick);
    } finally {
      await fetch(config.control + "/online");
    }
  },

  async tabs(context, game, problems) {
    const query = `?game=${game.name}&botdelay=0`;
    const host = await newPage(context, problems, "host");
    const guest = await newPage(context, problems, "guest");
    await open(host, query);
    await open(guest, query);
    await waitReady(host);
    await waitReady(guest);
    await host.bringToFront();
    await openNetMenu(host, "Host");
    await host.click("[data-cmd=net-host]");
    await untilBehind(host, "html[data-screen='lobby'] #lobby[data-phase='host']");
    const two = "input[data-net-opt=players][value='2']";
    if (!(await host.$eval(two, (el) => el.checked))) await host.click(two);
    await untilBehind(host, TWO_SEATS);
    const room = await attr(host, "#lobby", "data-room");
    await guest.bringToFront();
    await openNetMenu(guest, "Guest");
    const join = `[data-cmd=net-join-tab][data-room='${room}']`;
    await untilBehind(guest, join);
    await guest.click(join);
    await untilBehind(guest, "html[data-screen='lobby'] #lobby[data-phase='guest']");
    await guest.click("[data-cmd=net-sit][data-seat='1']");
    await untilBehind(guest, "#net-seats [data-seat='1'][data-you='true']");
    await host.bringToFront();
    await untilBehind(host, "#net-start:not([disabled])");
    await host.click("#net-start");
    const board = "html[data-screen='board'] #board[data-net][data-phase]";
    await untilBehind(host, board);
    await untilBehind(guest, board);
    // a few moves, each by whichever tab shows action buttons; both follow
    const pick = rng(7);
    for (let move = 0; move < 4; move++) {
      const version = Number(await attr(host, "#board", "data-actions"));
      await untilBehind(guest, `#board[data-actions='${version}']`);
      let mover = null;
      for (const page of [host, guest]) {
        if ((await attr(page, "#board", "data-phase")) === "over") return;
        if ((await page.$$("#actions [data-cmd=act]")).length > 0) mover = page;
      }
      if (mover === null) {
        const phases = [await attr(host, "#board", "data-phase"), await attr(guest, "#board", "data-phase")];
        if (phases.includes("result")) return; // a round ended: far enough for a smoke test
        throw new Error(`no tab can act: ${phases}`);
      }
      await mover.bringToFront();
      const buttons = await mover.$$("#actions [data-cmd=act]");
      const chosen = buttons[pick(buttons.length)];
      await unfold(chosen);
      await chosen.click();
      for (const page of [host, guest]) {
        await page.waitForFunction(
          (v) => Number(document.getElementById("board").dataset.actions) > v,
          { polling: 25, timeout: STEP_MS },
          version,
        );
      }
    }
  },

  async rules(context, game, problems) {
    if (game.rules === null) return;
    const page = await newPage(context, problems, "rules");
    await open(page, game.rules);
    await until(page, "html[data-rules='ready']");
    const figure = "figure[data-board], [data-board]";
    await page.$eval(figure, (el) => el.scrollIntoView({ block: "center" }));
    await until(page, "[data-board][data-loaded='true'] iframe");
    const frame = await (await page.$("[data-board][data-loaded='true'] iframe")).contentFrame();
    await waitReady(frame);
    await until(frame, "#tutorial[data-scenario]:not([data-scenario=''])");
    await until(frame, "#board-view *");
  },

  async tutorial(context, game, problems) {
    if (game.tutorial === null) return;
    const page = await newPage(context, problems, "tutorial");
    await open(page, `embed.html?game=${game.name}&scenario=${game.tutorial.name}&lang=en`);
    await waitReady(page);
    await until(page, `#tutorial[data-scenario='${game.tutorial.name}']`);
    // the lesson to its end, each click on the control the page's markers name
    for (let click = 0; ; click++) {
      const now = await page.evaluate(`(${LESSON_NOW})()`);
      if (now.done === "true") break;
      if (click === LESSON_CLICKS) throw new Error(`the lesson did not end in ${click} clicks: ${now.sign}`);
      if (now.target === null) throw new Error(`the lesson offers nothing to click: ${now.sign}`);
      const button = await page.$(now.target);
      await unfold(button);
      await button.click();
      const moved = `(${LESSON_NOW})().sign !== ${JSON.stringify(now.sign)}`;
      await page.waitForFunction(moved, { polling: "mutation", timeout: STEP_MS });
    }
    const end = await page.evaluate(`(${LESSON_NOW})()`);
    if (end.problem !== "false") throw new Error(`the lesson broke: ${end.sign}`);
    if (end.actions !== String(game.tutorial.actions)) {
      throw new Error(`the lesson ended after ${end.actions} moves; CPython plays ${game.tutorial.actions}`);
    }
    await until(page, ".tut-outro");
  },
};

async function openNetMenu(page, name) {
  await untilBehind(page, "#net-open:not([disabled])");
  await page.click("#net-open");
  await untilBehind(page, "html[data-screen='lobby'] #lobby[data-phase='menu']");
  await page.$eval("#net-name", (input) => {
    input.value = "";
  });
  await page.type("#net-name", name);
}

/** Put a save where the game's page looks for it ([key, text]), from a page of
 * the site's origin that runs nothing (sw.js), then close that page. */
async function storeSave(context, [key, text]) {
  const page = await context.newPage();
  await page.goto(config.url + "sw.js");
  await page.evaluate((k, t) => localStorage.setItem(k, t), key, text);
  await page.close();
}

/** Empty the site's storage (local, session, IndexedDB) from a page of its
 * origin that runs nothing (sw.js), then close that page. */
async function emptyStorage(context) {
  const page = await context.newPage();
  await page.goto(config.url + "sw.js");
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const db of await indexedDB.databases()) {
      await new Promise((done) => {
        const request = indexedDB.deleteDatabase(db.name);
        request.onsuccess = request.onerror = request.onblocked = done;
      });
    }
  });
  await page.close();
}

// ------------------------------------------------------------------- the run

const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: config.firefox,
  headless: true,
  protocolTimeout: 120_000,
  extraPrefsFirefox: {
    "ui.prefersReducedMotion": 1,
    "intl.accept_languages": "en-GB, en",
    "intl.locale.requested": "en-GB",
  },
});
const games = new Map(config.games.map((g) => [g.name, g]));
try {
  const motion = await browser.newPage();
  const reduced = await motion.evaluate(() => matchMedia("(prefers-reduced-motion: reduce)").matches);
  await motion.close();
  // One browser context for every case, as one returning player: the HTTP
  // cache and the service worker stay, and each case starts with the site's
  // storage emptied (a new Pyodide start a case would cost most of the time).
  const context = await browser.createBrowserContext();
  for (const id of config.cases) {
    const [name, kind] = id.split("/");
    await emptyStorage(context);
    const problems = [];
    const start = Date.now();
    let error = null;
    try {
      if (!reduced) throw new Error("ui.prefersReducedMotion did not take: the page would animate");
      await CASES[kind](context, games.get(name), problems);
    } catch (e) {
      error = String((e && e.stack) || e);
    }
    for (const page of await context.pages()) await page.close().catch(() => {});
    if (error === null && problems.length > 0) error = "the page misbehaved:\n  " + problems.join("\n  ");
    const result = { id, ok: error === null, ms: Date.now() - start, error };
    process.stdout.write("RESULT " + JSON.stringify(result) + "\n");
  }
} finally {
  await browser.close();
}
