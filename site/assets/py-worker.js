/*
 * The Web Worker in which a page's Python runs (started by assets/worker-link.js).
 *
 * It starts the site's own Pyodide (no CDN, the trimmed standard library the
 * build ships), unpacks the game's zip of bytecode into Python's working
 * directory, and hands each message of the page to
 * game.web.worker_link.answer, posting back the JSON array it returns.
 * Messages that arrive while Python starts wait for it, in order. If Python
 * cannot start, every message is answered with that failure.
 *
 * Pyodide is started here rather than through PyScript: PyScript's worker
 * needs its 136 KB core evaluated on the page's main thread first, a task of
 * about 100 ms on these machines, which is what this worker is for avoiding.
 */
import { loadPyodide } from "../@PYODIDE_MJS@";

const started = (async function () {
  const pyodide = await loadPyodide({
    indexURL: new URL("../@PYODIDE_DIR@/", import.meta.url).href,
  });
  const bundle = await fetch(new URL("../@GAME_ZIP@", import.meta.url));
  if (!bundle.ok) throw new Error("the game bundle could not be fetched: HTTP " + bundle.status);
  pyodide.unpackArchive(await bundle.arrayBuffer(), "zip");
  return pyodide.pyimport("game.web.worker_link").answer;
})();

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
