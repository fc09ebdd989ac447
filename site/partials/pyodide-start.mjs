/*
 * The module the pages' Python worker starts Pyodide with (assets/py-worker.js
 * imports it): the pinned Pyodide's own `loadPyodide` and `version`, but a
 * return visit starts Python from the build's memory snapshot instead of from
 * nothing (sitebuild/snapshot.py made it: Python started, the game imported).
 *
 * The snapshot is never fetched here: the service worker caches it with the
 * rest of the build after a first visit (sitebuild/offline.py), and unpacks
 * it (the site ships it gzipped); this module only reads it from Cache Storage. Missing, unreadable, not this build's bytes
 * (SHA-256, piece by piece), or refused by Pyodide (another build of Pyodide): the page starts
 * cold, as it would without it. Marker for tests and the benchmark:
 *   html[data-runtime-start] = snapshot | cold
 * This file is a template: build.py fills in the snapshot's name and digest and
 * writes it into the runtime folder, beside pyodide.mjs, under a hashed name.
 */
import { loadPyodide as loadStock, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT_URL = new URL("./@SNAPSHOT_FILE@", import.meta.url).href;
// its size, and its digest piece by piece (sitebuild/snapshot.py, pieces_digest)
const SNAPSHOT_SIZE = Number("@SNAPSHOT_SIZE@");
const DIGEST_PIECE = Number("@SNAPSHOT_PIECE@");
const SNAPSHOT_PIECES_SHA256 = "@SNAPSHOT_PIECES_SHA256@";

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

/** This build's snapshot as Cache Storage holds it: the body of the copy the
 * service worker unpacked, else of the file as built (gzip); null if neither. */
async function storedSnapshot() {
  if (typeof caches === "undefined" || !globalThis.crypto?.subtle) return null;
  const unpacked = await caches.match(SNAPSHOT_URL.slice(0, -".gz".length));
  if (unpacked) return { body: unpacked.body, gzipped: false };
  const packed = await caches.match(SNAPSHOT_URL);
  return packed ? { body: packed.body, gzipped: true } : null;
}

/**
 * The snapshot's bytes read into one buffer of ours, of its known size. Not
 * `response.arrayBuffer()`: the browser kept the buffer it made for the
 * page's whole life, detached or not (read process by process: a mapping of
 * exactly the snapshot's size, still there after a memory-pressure
 * collection); a buffer made here is freed once detached.
 */
async function readWhole(body) {
  const bytes = new Uint8Array(SNAPSHOT_SIZE);
  const reader = body.getReader();
  let filled = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (filled + value.length > bytes.length) throw new Error("the stored snapshot is too long");
    bytes.set(value, filled);
    filled += value.length;
  }
  if (filled !== bytes.length) throw new Error("the stored snapshot is too short");
  return bytes;
}

/** Its bytes, checked: a promise that fails if they are not this build's. */
async function checkedBytes({ body, gzipped }) {
  const bytes = await readWhole(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body);
  if ((await piecesDigest(bytes)) !== SNAPSHOT_PIECES_SHA256) {
    throw new Error("the stored snapshot is not this build's");
  }
  return bytes;
}

/**
 * SHA-256 of the SHA-256 digests of its pieces of DIGEST_PIECE bytes, each a
 * copy. `crypto.subtle.digest` given the buffer itself (or a view of it) kept
 * its 31 MB for the page's whole life, detached or not.
 */
async function piecesDigest(bytes) {
  const digests = new Uint8Array(Math.ceil(bytes.length / DIGEST_PIECE) * 32);
  for (let start = 0; start < bytes.length; start += DIGEST_PIECE) {
    const piece = bytes.slice(start, start + DIGEST_PIECE);
    const digest = await crypto.subtle.digest("SHA-256", piece);
    digests.set(new Uint8Array(digest), (start / DIGEST_PIECE) * 32);
  }
  return hex(await crypto.subtle.digest("SHA-256", digests));
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
      // promise: detach the 31 MB, which frees them (a buffer made by this
      // module: one the browser made, or handed to it, stays until collected)
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
