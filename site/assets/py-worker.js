/*
 * The Web Worker in which a page's Python runs (started by assets/worker-link.js).
 *
 * It starts the site's own Pyodide (no CDN, the trimmed standard library the
 * build ships; from the build's snapshot on a return visit), unpacks the
 * game's zip of bytecode into Python's working directory, says how Python
 * started ({"kind": "runtime", "start": "snapshot" | "cold"}), and hands each
 * message of the page to game.web.worker_link.answer, posting back the JSON
 * array it returns.
 * Messages that arrive while Python starts wait for it, in order. If Python
 * cannot start, every message is answered with that failure. Meanwhile it
 * says how far the start has come: {"kind": "progress", "step": S}, S a
 * runtime file's name once it arrives, then "Loaded Pyodide" and "Loaded
 * files" (the names menu.js's loading bar knows).
 *
 * Python asks for time with {"kind": "later", "ms": N, "token": T}: that
 * message is the worker's, never posted to the page. After N milliseconds
 * the worker hands {"kind": "tick", "token": T} to Python like a message of
 * the page, and posts what it answers. So a bot thinks in short tasks, and a
 * message of the page that came meanwhile is answered between two of them
 * (the worker's queue is first in, first out). N = 0 goes through a
 * MessageChannel: a browser holds chained setTimeout calls back 4 ms each.
 *
 * A page's worker may start a second one of this script, the search helper
 * (below, and game/web/search_helper.py), which its hard bots share their
 * playouts with.
 *
 * The tutorial boards (embed.html) share one Python: they start this script
 * as a SharedWorker (assets/worker-link.js), one per build and origin (and
 * per top-level site, where the browser partitions them), so that a rules
 * page's boards, or an article's, hold one runtime between them instead of
 * one each. Each board's port gets a controller of its own in that Python
 * (game.web.worker_link.Pages, whose answer() takes it), its answers and
 * failures go to that port alone, and {"kind": "close"} (the board's
 * pagehide) lets its controller go. Where the browser has no SharedWorker,
 * or refuses one in another site's frame, a board starts a Worker of its own.
 *
 * Pyodide is started here rather than through PyScript: PyScript's worker
 * needs its 136 KB core evaluated on the page's main thread first, a task of
 * about 100 ms on these machines, which is what this worker is for avoiding.
 */
// the pinned Pyodide's loader, started from the build's memory snapshot when the
// browser holds it (a return visit; site/partials/pyodide-start.mjs), else cold
import { loadPyodide, runtimeStart } from "../@PYODIDE_START@";

// the name of the search helper's worker (below), and whether this is it
const SEARCHER = "searcher";
const IS_HELPER = self.name === SEARCHER;
// whether this is the boards' shared runtime (a SharedWorker: it has onconnect)
const IS_SHARED = typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope;
// the shared runtime's boards: one MessagePort each, the ports still open
const ports = new Set();

/** Post to the page (a dedicated worker), or to every board (shared). */
function postAll(text) {
  if (!IS_SHARED) self.postMessage(text);
  else for (const port of ports) port.postMessage(text);
}

// Pyodide fetches its files (the WebAssembly module, the standard library)
// with fetch, and on a failed one it may only log it and wait for ever (a
// 404 of the WebAssembly module did): any file of the start that cannot be
// fetched fails the start, said with its address. Watched until Python runs.
const plainFetch = self.fetch;
let fetchFailed = null;
const fetchFailure = new Promise(function (resolve, reject) {
  fetchFailed = reject;
});

/** A file, or an error that names it. */
async function fetchOrFail(resource, options) {
  const url = String((resource && resource.url) || resource);
  let response;
  try {
    response = await plainFetch.call(self, resource, options);
  } catch (error) {
    throw new Error("Could not load " + url + ": " + error);
  }
  if (!response.ok) throw new Error("Could not load " + url + " (HTTP " + response.status + ")");
  progress(url.split("?")[0].split("/").pop());
  return response;
}

/** Tell the page how far the start has come (a step of its loading bar). */
function progress(step) {
  postAll(JSON.stringify([{ kind: "progress", step: step }]));
}

self.fetch = function (resource, options) {
  const response = fetchOrFail(resource, options);
  response.catch(fetchFailed);
  return response;
};

// what the shared runtime keeps: the class that makes a board's controller
const shared = { Pages: null };

const starting = (async function () {
  // the game's zip downloads beside the runtime, read once Python runs
  const bundle = fetchOrFail(new URL("../@GAME_ZIP@", import.meta.url)).then((r) => r.arrayBuffer());
  bundle.catch(() => {}); // its failure is told where it is awaited
  const pyodide = await loadPyodide({
    indexURL: new URL("../@PYODIDE_DIR@/", import.meta.url).href,
  });
  progress("Loaded Pyodide");
  const zip = await bundle;
  pyodide.unpackArchive(zip, "zip");
  progress("Loaded files");
  const link = pyodide.pyimport("game.web.worker_link");
  const answer = link.answer;
  if (IS_SHARED) {
    // each board its own controller; the runtime message goes to each on connect
    shared.Pages = link.Pages;
    return answer;
  }
  // whether this device can afford a search helper is the page's word
  // (worker-link.js: its cores and memory), its first message
  self.postMessage(JSON.stringify([{ kind: "runtime", start: runtimeStart() }]));
  return answer;
})();
const started = Promise.race([starting, fetchFailure]);
started.then(
  function () {
    self.fetch = plainFetch;
  },
  function () {}
);

// the tokens of the ticks asked for now (ms = 0), in order
const dueNow = [];
const nextTask = new MessageChannel();
nextTask.port1.onmessage = function () {
  tick(dueNow.shift());
};

/** Answer one message (text) and post the answers, keeping the "later"s and
 * the "helper"s. */
function run(answer, text) {
  const answers = answer(text);
  if (answers === "[]") return;
  // Most answers hold neither: those are posted as they are, unparsed.
  if (!answers.includes('"later"') && !answers.includes('"helper"')) {
    self.postMessage(answers);
    return;
  }
  const toPage = [];
  for (const message of JSON.parse(answers)) {
    if (message.kind === "helper") toHelper(message);
    else if (message.kind !== "later") toPage.push(message);
    else if (message.ms > 0) setTimeout(tick, message.ms, message.token);
    else {
      dueNow.push(message.token);
      nextTask.port2.postMessage(null);
    }
  }
  if (toPage.length) self.postMessage(JSON.stringify(toPage));
}

/*
 * The search helper (game/web/search_helper.py): a second worker of this very
 * script, named "searcher", in which a hard bot's partner searches half its
 * playouts. Python starts it ({"kind": "helper", "op": "start"}) at the first
 * hard bot's decision and sends it requests (op "ask", the request's JSON
 * text, passed on unparsed: it holds 64-bit numbers). What the helper posts
 * goes back to Python as {"kind": "helper-said", "text": ...}; the page never
 * sees any of it. The helper itself never starts one.
 */
let helper = null;

/*
 * The helper holds a second Python: it is given back (terminated, and Python
 * told {"kind": "helper-gone"}, game/web/search_helper.py) once no search has
 * asked it anything for HELPER_IDLE_MS (the game is over, or the reader is
 * away), or once the page has stayed hidden for HIDDEN_RELEASE_MS; the next
 * hard bot's decision starts a new one. The page learns it from
 * {"kind": "helper-state", "state": "running" | "released"}. The page's
 * helper-can may carry "idleMs", which sets both (the tests').
 */
let HELPER_IDLE_MS = 60000;
let HIDDEN_RELEASE_MS = 30000;
let idleTimer = 0;
let hiddenTimer = 0;

function helperState(state) {
  self.postMessage(JSON.stringify([{ kind: "helper-state", state: state }]));
}

async function releaseHelper() {
  clearTimeout(idleTimer);
  clearTimeout(hiddenTimer);
  if (helper === null) return;
  helper.terminate();
  helper = null;
  helperState("released");
  run(await started, JSON.stringify({ kind: "helper-gone" }));
}

/** The worker's own messages from the page (never Python's): true if `text` was one. */
function workersOwn(text) {
  if (text.startsWith('{"kind":"visibility"')) {
    clearTimeout(hiddenTimer);
    if (JSON.parse(text).hidden) hiddenTimer = setTimeout(releaseHelper, HIDDEN_RELEASE_MS);
    return true;
  }
  if (text.startsWith('{"kind":"helper-can"')) {
    const idle = Number(JSON.parse(text).idleMs);
    if (idle > 0) HELPER_IDLE_MS = HIDDEN_RELEASE_MS = idle;
  }
  return false; // helper-can goes on to Python
}

function toHelper(message) {
  if (message.op === "start" || message.op === "ask") {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(releaseHelper, HELPER_IDLE_MS);
  }
  if (message.op === "start" && helper === null) {
    helperState("running");
    helper = new Worker(import.meta.url, { type: "module", name: SEARCHER });
    helper.onmessage = function (event) {
      const text = String(event.data);
      if (!text.includes('"kind":"progress"')) fromHelper(text);
    };
    helper.onerror = function (event) {
      const detail = "the search helper failed: " + ((event && event.message) || "no reason given");
      fromHelper(JSON.stringify([{ kind: "fail", detail: detail }]));
    };
    helper.postMessage(JSON.stringify({ kind: "open", page: "search" }));
  } else if (message.op === "ask" && helper !== null) {
    helper.postMessage(message.text);
  }
}

async function fromHelper(text) {
  run(await started, JSON.stringify({ kind: "helper-said", text: text }));
}

async function tick(token) {
  run(await started, JSON.stringify({ kind: "tick", token: token }));
}

/** Python's start, or the failure to tell (posted with `post`): null then. */
async function startedOr(post) {
  try {
    return await started;
  } catch (error) {
    // Python's own error (pyodide's PythonError, with its .type): its traceback,
    // which ends with what went wrong; else the JavaScript stack
    const detail = error && error.type ? String(error.message) : String((error && error.stack) || error);
    post(JSON.stringify([{ kind: "fail", detail: detail }]));
    return null;
  }
}

if (IS_SHARED) {
  // A board connects: its own controller, made once Python runs, then its
  // messages in order (a port's messages wait for the ones before them).
  self.onconnect = function (event) {
    const port = event.ports[0];
    ports.add(port);
    const post = port.postMessage.bind(port);
    const opened = startedOr(post).then(function (answer) {
      if (answer === null) return null;
      const boards = ports.size;
      post(JSON.stringify([{ kind: "runtime", start: runtimeStart(), boards: boards }]));
      return { answer: answer, pages: shared.Pages() };
    });
    let queue = opened;
    port.onmessage = function (message) {
      const text = String(message.data);
      queue = queue.then(function (board) {
        if (board === null) return startedOr(post).then(() => null);
        if (text === '{"kind":"close"}') {
          // the board's page is gone: its controller and its port go with it
          ports.delete(port);
          board.pages.destroy();
          port.close();
          return null;
        }
        try {
          const answers = board.answer(text, board.pages);
          if (answers !== "[]") post(answers);
        } catch (error) {
          // answer() reports Python's failures itself: this is the link's own
          post(JSON.stringify([{ kind: "fail", detail: String((error && error.stack) || error) }]));
        }
        return board;
      });
    };
  };
} else {
  self.onmessage = async function (event) {
    const text = String(event.data);
    if (workersOwn(text)) return;
    const answer = await startedOr((reply) => self.postMessage(reply));
    if (answer !== null) run(answer, text);
  };
}
