/*
 * The module the pages' Python worker starts Pyodide with (assets/py-worker.js
 * imports it): the pinned Pyodide's own `loadPyodide` and `version`, but a
 * return visit starts Python from the build's memory snapshot instead of from
 * nothing (sitebuild/snapshot.py made it: Python started, the game imported).
 *
 * The snapshot is never fetched here: the service worker caches it with the
 * rest of the build after a first visit (sitebuild/offline.py), and unpacks
 * it (the site ships it gzipped); this module only reads it from Cache Storage. Missing, unreadable, not this build's bytes
 * (SHA-256), or refused by Pyodide (another build of Pyodide): the page starts
 * cold, as it would without it. Marker for tests and the benchmark:
 *   html[data-runtime-start] = snapshot | cold
 * This file is a template: build.py fills in the snapshot's name and digest and
 * writes it into the runtime folder, beside pyodide.mjs, under a hashed name.
 */
import { loadPyodide as loadStock, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT_URL = new URL("./@SNAPSHOT_FILE@", import.meta.url).href;
const SNAPSHOT_SHA256 = "@SNAPSHOT_SHA256@";

let startedHow = "";

function mark(how) {
  startedHow = how;
  if (typeof document !== "undefined") document.documentElement.dataset.runtimeStart = how;
}

/** How Python started: "snapshot" or "cold" ("" before it has): a worker,
 * which has no document to mark, tells its page (assets/py-worker.js). */
export function runtimeStart() {
  return startedHow;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** This build's snapshot as Cache Storage holds it: the copy the service
 * worker unpacked, else the file as built (gzip); null if neither. */
async function storedSnapshot() {
  if (typeof caches === "undefined" || !globalThis.crypto?.subtle) return null;
  return (
    (await caches.match(SNAPSHOT_URL.slice(0, -".gz".length))) ||
    (await caches.match(SNAPSHOT_URL)) ||
    null
  );
}

/** Its bytes, checked: a promise that fails if they are not this build's. */
async function checkedBytes(stored) {
  let bytes = new Uint8Array(await stored.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    const plain = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(plain).arrayBuffer());
  }
  const digest = hex(await crypto.subtle.digest("SHA-256", bytes));
  if (digest !== SNAPSHOT_SHA256) throw new Error("the stored snapshot is not this build's");
  return bytes;
}

// Looked up and read as soon as this module runs, beside the runtime's own
// downloads. Pyodide awaits the bytes only once its loader is imported.
const stored = storedSnapshot().catch(() => null);
const bytes = stored.then((found) => (found ? checkedBytes(found) : null));
bytes.catch(() => {}); // its failure is told where it is awaited

/**
 * On a start from the snapshot the modules it imported need no file: unpack
 * an archive (the game zip) without their bytecode. The data files,
 * and the modules imported later (the pages' entry modules), are unpacked.
 */
const UNPACK_LEFT = `
def unpack_left(data, extract_dir):
    import io
    import sys
    import zipfile

    def imported(name):
        module = name.removesuffix(".pyc").replace("/", ".").removesuffix(".__init__")
        return name.endswith(".pyc") and module in sys.modules

    with zipfile.ZipFile(io.BytesIO(data.to_bytes())) as archive:
        left = [name for name in archive.namelist() if not imported(name)]
        archive.extractall(extract_dir or ".", left)

unpack_left
`;

function unpackingLess(pyodide) {
  const unpackAll = pyodide.unpackArchive.bind(pyodide);
  const unpackLeft = pyodide.runPython(UNPACK_LEFT, { globals: pyodide.toPy({}) });
  pyodide.unpackArchive = (buffer, format, options = {}) => {
    if (format !== "zip") return unpackAll(buffer, format, options);
    unpackLeft(ArrayBuffer.isView(buffer) ? buffer : new Uint8Array(buffer), options.extractDir);
  };
}

export async function loadPyodide(options) {
  if (await stored) {
    try {
      const pyodide = await loadStock({ ...options, _loadSnapshot: bytes });
      // copied into Python's memory by now, but Pyodide's config keeps the
      // promise: detach the 31 MB so that the browser can free them
      (await bytes).buffer.transfer?.(0);
      // the snapshot's generator was seeded at build time, the same for all
      pyodide.runPython("import random\nrandom.seed()\ndel random");
      unpackingLess(pyodide);
      mark("snapshot");
      return pyodide;
    } catch (error) {
      console.warn(`Python starts cold: ${error && error.message ? error.message : error}`);
    }
  }
  mark("cold");
  return loadStock(options);
}
