/*
 * The page's end of its link with Python, which runs in a Web Worker
 * (assets/py-worker.js, game/web/worker_link.py). The main thread only draws
 * what Python sends and forwards what the reader does, so neither Python's
 * start nor a move's work ever blocks it.
 *
 * Messages are JSON objects with a "kind". The page speaks first: its "open"
 * names the page's Python (worker_link.PAGES); the worker answers each message
 * with a JSON array of messages, and any failure with {"kind": "fail"}. The
 * worker needs no cross-origin isolation: Python never touches the page
 * synchronously, so the page works inside other sites' frames.
 *
 * On a return visit the worker starts when this module first runs. A page
 * loads it early, as an async module script in its head, so that Python
 * starts while the rest of the page (its stylesheets, its other scripts) still
 * loads; the page's own module imports it later (the same module instance)
 * and connects to that worker. What the worker says before then is kept and
 * handed over in order.
 */

// A page whose <html> says data-python="shared" (the tutorial board) joins
// the one Python its origin's boards share (py-worker.js run as a
// SharedWorker): a rules page with many boards holds one runtime, not one a
// board. Any other page has a Worker of its own.
const SHARED_NAME = "boards";

/** The boards' shared runtime, as a worker-like object (null where the
 * browser has no SharedWorker or refuses one, as some do in another site's frame). */
function sharedWorker(url) {
  if (document.documentElement.dataset.python !== "shared" || typeof SharedWorker === "undefined") {
    return null;
  }
  let shared;
  try {
    shared = new SharedWorker(url, { type: "module", name: SHARED_NAME });
  } catch {
    return null;
  }
  const port = shared.port;
  // this board's controller in the shared Python goes when the board does
  window.addEventListener("pagehide", function () {
    port.postMessage(JSON.stringify({ kind: "close" }));
  });
  return {
    set onmessage(handler) {
      port.onmessage = handler;
    },
    set onerror(handler) {
      shared.onerror = handler;
    },
    postMessage(text) {
      port.postMessage(text);
    },
  };
}

/*
 * The hard bot's search helper is a second Python (py-worker.js): only on a
 * device that can afford it, one with a core to spare and, where the browser
 * says (navigator.deviceMemory, in GB, rounded), HELPER_MIN_MEMORY_GB or more.
 */
const HELPER_MIN_MEMORY_GB = 4;

/** What the page's worker is told of this device: {"kind": "helper-can"}, or
 * null where it cannot afford a search helper. */
function helperCan() {
  const cores = navigator.hardwareConcurrency || 1;
  const memory = navigator.deviceMemory;
  if (cores < 2 || (typeof memory === "number" && memory < HELPER_MIN_MEMORY_GB)) return null;
  const can = { kind: "helper-can", cores: cores };
  // how long the helper may idle before it is given back: the tests' (py-worker.js)
  const idle = Number(new URLSearchParams(location.search).get("helperidle"));
  if (idle > 0) can.idleMs = idle;
  return can;
}

/** A worker just started, and what it said before anyone listened. */
function startWorker() {
  const url = new URL("py-worker.js", import.meta.url);
  const boards = sharedWorker(url);
  const worker = boards || new Worker(url, { type: "module" });
  const said = [];
  worker.onmessage = function (event) {
    said.push(event);
  };
  worker.onerror = function (event) {
    event.preventDefault(); // told to the page's handler once it connects
    said.push(event);
  };
  return { worker, said, shared: boards !== null };
}

/** Whether a service worker answers this page: it holds the build and the
 * runtime's snapshot, so this is a return visit (false where storage is
 * blocked, as in another site's frame: the property may then throw). */
function returnVisit() {
  try {
    return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch {
    return false;
  }
}

// The worker this page's first connect takes. A return visit starts it as
// this module runs: Python starts from the snapshot while the page loads. A
// first visit starts it on connect, after the page's own files: the runtime's
// downloads and compiling would hold back the menu's first paint (about
// 0.25 s → 0.45 s measured on the game page) for the little time they save.
let early = returnVisit() ? startWorker() : null;

/**
 * Open `page` with `open`'s fields in the page's Python worker, and hand every
 * message Python sends to the handler of its kind in `handlers` (a "fail"
 * handler is needed; "warn" goes to the console unless the page handles it).
 * Returns a function that sends a message.
 */
export function connect(page, open, handlers) {
  function dispatch(message) {
    const handler = handlers[message.kind];
    if (handler) handler(message);
    else if (message.kind === "warn") console.warn(message.text);
    else if (message.kind === "progress") return; // how far the start has come: for a page's loading bar
    else if (message.kind === "helper-state") {
      // the hard bot's search helper running or given back, for the tests
      document.documentElement.dataset.searchHelper = message.state;
    }
    else if (message.kind === "runtime") {
      // how Python started, for the tests and the load benchmark
      document.documentElement.dataset.runtimeStart = message.start;
      // a shared runtime: how many boards it held with this one
      if (message.boards) document.documentElement.dataset.runtimeBoards = String(message.boards);
    } else console.warn("Boss Quest: no such message from Python: " + message.kind);
  }
  function onMessage(event) {
    JSON.parse(event.data).forEach(dispatch);
  }
  function onError(event) {
    // the worker's own script failed (not Python: py-worker.js reports that)
    event.preventDefault();
    dispatch({ kind: "fail", detail: event.message || "the Python worker could not start" });
  }
  const { worker, said, shared } = early || startWorker();
  early = null;
  worker.onmessage = onMessage;
  worker.onerror = onError;
  for (const event of said) {
    if (event.type === "message") onMessage(event);
    else onError(event);
  }
  function send(message) {
    worker.postMessage(JSON.stringify(message));
  }
  if (!shared) {
    // a worker of this page's own: whether it may start a search helper, and
    // when the page is hidden (an idle helper is then given back sooner)
    const can = helperCan();
    if (can) send(can);
    document.addEventListener("visibilitychange", function () {
      send({ kind: "visibility", hidden: document.visibilityState === "hidden" });
    });
  }
  send(Object.assign({ kind: "open", page: page }, open));
  return send;
}
