/*
 * The replay page's main thread (replay.html). Its Python runs in a Web
 * Worker (game/web/replay_main.py, through assets/worker-link.js); this module
 * draws what Python sends and forwards the reader's steps, so the page never
 * freezes while the runtime starts or a replay is opened.
 *
 * replay.js (a classic script, run before this module) has chosen the language
 * and translated the page; window.BossQuestReplay names the game in the title
 * (refresh) and shows a failure (fail). Markers: html[data-state] = ready once
 * Python has answered the address, html[data-game], #replay[data-*] and
 * #replay-error[data-code] from each answer (see replay.html);
 * #replay-root[aria-busy=true] while Python has something of the page's to answer.
 *
 * Steps are never dropped: each one means "one more", "back one", "to the
 * end" whatever the step shown, so Python takes them in order and answers each
 * with one draw (or "same"). Only a held key's repeats wait for the step before
 * them, so that letting go stops the replay where it is shown.
 */
const { connect } = await import(new URL("worker-link.js", import.meta.url).href);
// each step is drawn in place: the focused step button and the log's scroll stay
const { morph } = await import(new URL("morph.js", import.meta.url).href);

// the longest fragment sent whole: longer ones are refused by Python as too
// long (game/web/replay_main.py's MAX_FRAGMENT_CHARS, the same number)
const MAX_FRAGMENT_CHARS = 65024;

const root = document.documentElement;
const replayRoot = document.getElementById("replay-root");
const status = document.getElementById("replay-status");
const replayPage = window.BossQuestReplay;
// what the page asked and Python has not answered yet (each one gets one
// draw, error or same), in order: "open", "hash", "click", "key" or "lang"
const waiting = [];
// the keys that step (Python's KEYS), from its "ready"
let keys = [];

/** One of the page's asks is answered (each gets one draw, error or same). */
function answered() {
  waiting.shift();
  if (!waiting.length) replayRoot.removeAttribute("aria-busy");
}

const handlers = {
  game: function (message) {
    root.dataset.game = message.game;
    replayPage.refresh();
  },
  draw: function (message) {
    answered();
    morph(replayRoot, message.html);
    status.textContent = message.status;
    if (!message.focus) return;
    const button = replayRoot.querySelector('[data-cmd="' + message.focus + '"]:not([disabled])');
    if (button) button.focus();
  },
  error: function (message) {
    answered();
    morph(replayRoot, message.html);
  },
  same: answered,
  ready: function (message) {
    keys = message.keys;
    root.dataset.state = "ready";
  },
  fail: function (message) {
    replayPage.fail(message.detail);
  },
};

/** A new address is being opened: what the page shows is not its replay. */
function opening() {
  return waiting.indexOf("open") >= 0 || waiting.indexOf("hash") >= 0;
}

function stepsWaiting() {
  return waiting.filter((kind) => kind === "click" || kind === "key").length;
}

function fragment() {
  return location.hash.slice(0, MAX_FRAGMENT_CHARS + 1);
}

try {
  const send = connect(
    "replay",
    {
      hash: fragment(),
      catalogue: document.getElementById("catalogue").textContent,
      lang: replayPage.lang(),
    },
    handlers,
  );
  waiting.push("open");
  replayRoot.setAttribute("aria-busy", "true");
  const ask = function (message) {
    waiting.push(message.kind);
    replayRoot.setAttribute("aria-busy", "true");
    send(message);
  };

  replayRoot.addEventListener("click", function (event) {
    const target = event.target.closest("[data-cmd]");
    if (!target || opening()) return;
    ask({
      kind: "click",
      cmd: target.getAttribute("data-cmd"),
      act: target.getAttribute("data-act") || "",
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const tag = event.target && event.target.tagName ? event.target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select") return;
    if (keys.indexOf(event.key) < 0 || opening() || !document.getElementById("replay")) return;
    event.preventDefault();
    if (event.repeat && stepsWaiting() > 0) return;
    ask({ kind: "key", key: event.key });
  });
  window.addEventListener("hashchange", function () {
    // the replay shown is the old address's: take it away until Python answers
    replayRoot.replaceChildren();
    status.textContent = "";
    ask({ kind: "hash", hash: fragment() });
  });
  document.addEventListener("bq:lang", function (event) {
    ask({ kind: "lang", lang: event.detail });
  });
} catch (error) {
  replayPage.fail(String((error && error.stack) || error));
}
