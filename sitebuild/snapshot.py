"""A memory snapshot of the started runtime, so that a return visit skips
Python's start.

A cold start spends its time starting Python (the interpreter's own start and
the standard library modules it imports) and importing the game. Pyodide can
save its whole WebAssembly memory once started (``_makeSnapshot``) and start a
later instance from it (``_loadSnapshot``): Python is then as it was, its
modules imported, without running any of that again. The build makes that
snapshot here, under Node, with the pinned Pyodide and the trimmed standard
library the pages load, after importing every module of the game that touches
no browser module (``snapshot_modules``). The page starts from it when the
service worker has it cached (``site/partials/pyodide-start.mjs``), else cold.

What a snapshot holds and what it does not:

- only the WebAssembly memory. The file system lives on the JavaScript side,
  so the page still loads the standard-library zip (its importer's index of
  entries is in the snapshot: it must be the very same zip, which it is, as
  both come from one build) and still unpacks the game where it was unpacked
  here, for the modules imported later and the data files the game reads.
- no reference to a JavaScript object: the modules imported here import
  neither ``js`` nor ``pyodide`` nor ``pyscript``, directly or through another
  module at their top level (the pages' entry modules do, and are left out).
- Python's string-hash seed is fixed, so that the same inputs give the same
  bytes: every start from this snapshot shares that seed, like every cold
  start would with ``PYTHONHASHSEED`` set. ``random``'s generator is seeded
  afresh by the page after each start from the snapshot.

The work takes Node about a second and the compression a few more, so its
result is kept in the cache folder of ``runtime.py``, keyed by the hash of
everything it reads.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import io
import json
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .in_pyodide import imported_names
from .runtime import CACHE, PYODIDE_FILES, cached_output, node_job

__all__ = [
    "BROWSER_MODULES",
    "DIGEST_PIECE",
    "Snapshot",
    "make_snapshot",
    "pieces_digest",
    "restoring_sparsely",
    "snapshot_modules",
]

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "make_snapshot.mjs"

#: Modules that reach into the page: a module importing one (at its top
#: level, or through another module that does) is left out of the snapshot.
BROWSER_MODULES = frozenset({"js", "pyodide", "pyodide_js", "pyscript", "polyscript"})


#: What Pyodide's loader (``pyodide.asm.mjs``) does to restore a snapshot: copy
#: all of it into the new WebAssembly memory, its zero pages too.
_RESTORE_WHOLE = "return Module.HEAP8.set(t),l}"

#: What the build ships instead: the same copy, page by page, leaving out the
#: pages that are zeros in the snapshot and still zeros in the memory (a fresh
#: WebAssembly memory is zeros, and the kernel gives an untouched page no RAM).
#: The snapshot holds 12 of its 31.5 MB as zero pages (the Python heap's free
#: space): writing them made a return visit's heap resident whole. First the
#: memory grows to the snapshot's heap where it is larger than the module's
#: initial memory (30 MiB): this Pyodide's loader sizes the memory by an
#: INITIAL_MEMORY its module ignores, so a heap grown past 30 MiB at build
#: time (five games' modules: 36 MiB) failed to restore ("offset is out of
#: bounds") and every return visit started cold.
_RESTORE_SPARSE = """return(Module.HEAP8.length<t.length&&growMemory(t.length)),((heap,body)=>{
const PAGE=4096;
if(heap.byteOffset%4||body.byteOffset%4){heap.set(body);return}
const from=new Uint32Array(body.buffer,body.byteOffset,body.byteLength>>2);
const into=new Uint32Array(heap.buffer,heap.byteOffset,heap.byteLength>>2);
const zeros=(words,start,end)=>{for(let k=start;k<end;k++)if(words[k]!==0)return false;return true};
for(let start=0;start<body.length;start+=PAGE){
const end=Math.min(start+PAGE,body.length);
const words=start>>2,wordsEnd=end>>2;
if(end%4||!zeros(from,words,wordsEnd))heap.set(body.subarray(start,end),start);
else if(!zeros(into,words,wordsEnd))heap.fill(0,start,end)}
})(Module.HEAP8,t),l}"""


def restoring_sparsely(loader: bytes) -> bytes:
    """Pyodide's ``pyodide.asm.mjs`` with its snapshot restored without its
    zero pages (``_RESTORE_SPARSE``). ValueError if this Pyodide restores a
    snapshot otherwise than the build knows (another version: look again)."""
    text = loader.decode("utf-8")
    if text.count(_RESTORE_WHOLE) != 1 or "var growMemory=size=>" not in text:
        raise ValueError(
            "pyodide.asm.mjs: the snapshot's restore is not the one the build patches"
            f" ({_RESTORE_WHOLE!r}); see sitebuild/snapshot.py"
        )
    return text.replace(_RESTORE_WHOLE, _RESTORE_SPARSE.replace("\n", "")).encode("utf-8")


@dataclass(frozen=True)
class Snapshot:
    """The snapshot as the site ships it."""

    #: gzip of the snapshot (a static host would not compress an unknown type)
    gzipped: bytes
    #: SHA-256 of the snapshot itself
    sha256: str
    #: its size, uncompressed
    size: int
    modules: tuple[str, ...]

    @property
    def pieces_sha256(self) -> str:
        """What the page checks before using it (``pieces_digest``)."""
        return pieces_digest(gzip.decompress(self.gzipped))


#: the pieces ``pieces_digest`` hashes one by one
DIGEST_PIECE = 1 << 20


def pieces_digest(raw: bytes) -> str:
    """SHA-256 of the SHA-256 digests of ``raw``'s pieces of DIGEST_PIECE bytes
    in turn: what ``pyodide-start.mjs`` checks. Not the digest of the whole:
    the browser's ``crypto.subtle.digest`` takes one buffer and copies it,
    and kept that 31 MB copy for the page's whole life (read process by
    process); a piece's copy is 1 MB."""
    digests = b"".join(
        hashlib.sha256(raw[start : start + DIGEST_PIECE]).digest()
        for start in range(0, len(raw), DIGEST_PIECE)
    )
    return hashlib.sha256(digests).hexdigest()


def _module_name(entry: str) -> str | None:
    if not entry.endswith(".py"):
        return None
    name = entry.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def snapshot_modules(game_zip: bytes) -> list[str]:
    """The modules of the game's source zip that the snapshot imports: all of
    them but ``__main__`` modules and those that import a browser module at
    their top level, themselves or through another module of the game."""
    sources: dict[str, ast.Module] = {}
    packages: set[str] = set()
    with zipfile.ZipFile(io.BytesIO(game_zip)) as game:
        for entry in game.namelist():
            name = _module_name(entry)
            if name is None:
                continue
            sources[name] = ast.parse(game.read(entry), entry)
            if entry.endswith("/__init__.py"):
                packages.add(name)
    imports = {
        name: imported_names(
            tree, name if name in packages else name.rpartition(".")[0], top_level_only=True
        )
        for name, tree in sources.items()
    }
    browser: set[str] = set()
    changed = True
    while changed:  # a module is a browser one if it imports one: to a fixed point
        changed = False
        for name, wanted in imports.items():
            if name not in browser and (wanted & BROWSER_MODULES or wanted & browser):
                browser.add(name)
                changed = True
    return sorted(
        name for name in sources if name not in browser and name.rpartition(".")[2] != "__main__"
    )


def make_snapshot(
    runtime_dir: Path,
    game_zip: bytes,
    modules: Iterable[str],
    *,
    cache: Path | None = CACHE,
) -> Snapshot:
    """The snapshot of the runtime in ``runtime_dir`` (a built runtime folder:
    the pinned Pyodide with the trimmed standard library), with ``game_zip``
    (the compiled game, as the page unpacks it) and ``modules`` imported."""
    names = tuple(modules)
    key = hashlib.sha256()
    for part in [
        *((runtime_dir / name).read_bytes() for name in PYODIDE_FILES),
        game_zip,
        "\n".join(names).encode(),
        RUNNER.read_bytes(),
    ]:
        key.update(hashlib.sha256(part).digest())
    digest = key.hexdigest()
    return cached_output(
        cache / f"snapshot-{digest[:32]}" if cache is not None else None,
        "snapshot.json",
        # any seed does; one that follows the inputs keeps the bytes reproducible
        lambda: _run_node(runtime_dir, game_zip, names, hashseed=int(digest[:8], 16)),
        lambda folder: _read(folder, names),
    )


def _read(folder: Path, names: tuple[str, ...]) -> Snapshot:
    facts = json.loads((folder / "snapshot.json").read_text("utf-8"))
    return Snapshot(
        gzipped=(folder / "snapshot.bin.gz").read_bytes(),
        sha256=facts["sha256"],
        size=facts["size"],
        modules=names,
    )


def _run_node(runtime_dir: Path, game_zip: bytes, names: tuple[str, ...], hashseed: int) -> Path:
    """Run ``make_snapshot.mjs``; a fresh temporary folder with the snapshot,
    gzipped, and its facts."""
    work = node_job(
        RUNNER,
        runtime_dir,
        "making the runtime's snapshot",
        {"game": ("game.zip", game_zip)},
        {"modules": list(names), "hashseed": hashseed},
    )
    raw = (work / "snapshot.bin").read_bytes()
    # mtime 0: the same snapshot gives the same file
    (work / "snapshot.bin.gz").write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    facts = {"sha256": hashlib.sha256(raw).hexdigest(), "size": len(raw)}
    (work / "snapshot.json").write_text(json.dumps(facts), "utf-8")
    (work / "snapshot.bin").unlink()
    return work
