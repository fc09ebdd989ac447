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
 * cannot start, every message is answered with that failure.
 *
 * Pyodide is started here rather than through PyScript: PyScript's worker
 * needs its 136 KB core evaluated on the page's main thread first, a task of
 * about 100 ms on these machines, which is what this worker is for avoiding.
 */
// the pinned Pyodide's loader, started from the build's memory snapshot when the
// browser holds it (a return visit; site/partials/pyodide-start.mjs), else cold
import { loadPyodide, runtimeStart } from "../@PYODIDE_START@";

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
  return response;
}

self.fetch = function (resource, options) {
  const response = fetchOrFail(resource, options);
  response.catch(fetchFailed);
  return response;
};

const starting = (async function () {
  const pyodide = await loadPyodide({
    indexURL: new URL("../@PYODIDE_DIR@/", import.meta.url).href,
  });
  const bundle = await fetchOrFail(new URL("../@GAME_ZIP@", import.meta.url));
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip");
  const answer = pyodide.pyimport("game.web.worker_link").answer;
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

self.onmessage = async function (event) {
  let answer;
  try {
    answer = await started;
  } catch (error) {
    const detail = String((error && error.stack) || error);
    self.postMessage(JSON.stringify([{ kind: "fail", detail: detail }]));
    return;
  }
  self.postMessage(answer(String(event.data)));
};
