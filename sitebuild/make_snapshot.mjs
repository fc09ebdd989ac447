// Build step: a memory snapshot of the pinned Pyodide, started, with the game's
// modules imported (sitebuild/snapshot.py says which and why).
//
//   node sitebuild/make_snapshot.mjs PYODIDE_DIR WORK_DIR
//
// PYODIDE_DIR is the built runtime folder (the trimmed standard library the
// pages load: the snapshot's zip importer remembers that very zip's entries).
// WORK_DIR holds request.json ({"game": path of the compiled game zip,
// "modules": names to import, "hashseed": Python's string-hash seed}); it gets
// snapshot.bin back.
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2);
if (!pyodideDir || !workDir) {
  console.error("usage: node sitebuild/make_snapshot.mjs PYODIDE_DIR WORK_DIR");
  process.exit(2);
}
const request = JSON.parse(readFileSync(join(workDir, "request.json"), "utf8"));

// The same inputs give the same bytes (a new snapshot is a new build for the
// service worker): the memory holds file times, clock readings and a few
// random bytes, so this process gets a fixed clock and seeded "random" bytes.
// None of them is a secret of the page: there os.urandom asks the browser
// each time, and random is seeded again (pyodide-start.mjs).
const FIXED_MS = Date.UTC(2020, 0, 1);
Date.now = () => FIXED_MS;
performance.now = () => 0;
let state = request.hashseed >>> 0 || 1;
// Emscripten's entropy under Node is node:crypto's randomFillSync
nodeCrypto.randomFillSync = (array) => {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return array;
};
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  _makeSnapshot: true,
  // a fixed seed: the same inputs give the same snapshot, byte for byte
  env: { PYTHONHASHSEED: String(request.hashseed) },
});
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });

// where PyScript unpacks the game in the page (config "files": "./*"), so the
// imported modules' files are found at the same paths there
pyodide.unpackArchive(new Uint8Array(readFileSync(request.game)), "zip", { extractDir: "." });
try {
  // a JSON list of strings is a Python literal too; nothing of JavaScript is
  // left referenced from Python (a snapshot cannot hold such references)
  const count = pyodide.runPython(`
import importlib
import random
import sys

for _name in ${JSON.stringify(request.modules)}:
    importlib.import_module(_name)
# secrets imports random, which seeds itself from the machine's entropy: a
# fixed seed keeps the snapshot reproducible, and the page seeds it again on
# every start from a snapshot (site/partials/pyodide-start.mjs)
random.seed(0)
del _name, importlib, random, sys
import gc
gc.collect()
del gc
len(__import__("sys").modules)
`);
  console.log(`snapshot: ${count} modules imported`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
writeFileSync(join(workDir, "snapshot.bin"), pyodide.makeMemorySnapshot());
