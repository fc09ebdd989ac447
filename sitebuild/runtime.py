"""The Python side of the runtime the pages load: a standard library trimmed to
what the pages import, and the game, both as bytecode of the pinned Pyodide's
own Python (made by ``in_pyodide.py`` run inside that Pyodide under Node).

Why: the stock ``python_stdlib.zip`` holds 2.5 MB of sources that every start
compiles again; the pages import about a tenth of it. Bytecode made once at
build time spares the page compiling the standard library and the game each
time it starts. The lock file loses its package list (the pages load no
package), which is a tenth of Pyodide's JavaScript and lock on the wire.

The work takes Pyodide a few seconds under Node, so its result is kept in a
cache folder keyed by the hash of everything it reads: the same inputs give
the same bytes without running it again.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

__all__ = [
    "CACHE",
    "EXTRA_ROOTS",
    "PYODIDE_FILES",
    "RuntimeBundle",
    "cached_output",
    "compile_runtime",
    "node_job",
    "shipped_module",
    "trimmed_lockfile",
]

HERE = Path(__file__).resolve().parent
IN_PYODIDE = HERE / "in_pyodide.py"
RUNNER = HERE / "run_in_pyodide.mjs"

#: Where compiled runtimes are kept between builds (any build of any checkout
#: may share it: entries are named by the hash of their inputs).
CACHE = Path(os.environ.get("BQ_BUILD_CACHE") or Path(tempfile.gettempdir()) / "bq-build-cache")

#: What ``loadPyodide`` fetches from its indexURL on start-up, and nothing more
#: (checked in Chromium: with exactly these files no request fails). The other
#: files of the npm package (pyodide.js, consoles, type definitions, source
#: maps) are never requested by the page. The build ships these; the
#: snapshot's key hashes them.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

_Output = TypeVar("_Output")


def cached_output(
    folder: Path | None,
    marker: str,
    make: Callable[[], Path],
    read: Callable[[Path], _Output],
) -> _Output:
    """What ``read`` finds in ``folder``, an entry of the cache, once ``make``
    (which returns a fresh temporary folder) has made it, unless a whole entry
    is there already (its ``marker`` file exists). Without a cache (``folder``
    None) it is read from the fresh folder, which is then removed."""
    if folder is not None and (folder / marker).is_file():
        return read(folder)
    work = make()
    if folder is None:
        try:
            return read(work)
        finally:
            shutil.rmtree(work)
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        work.rename(folder)  # atomic: a cache entry is whole or absent
    except OSError:  # another build made it meanwhile
        shutil.rmtree(work, ignore_errors=True)
    return read(folder)


#: Modules kept beyond what the closure finds: the codecs a page may look up
#: by name at run time (``bytes.decode("latin-1")``, zip names in cp437, JSON
#: in UTF-16 or UTF-32), which no import statement names.
EXTRA_ROOTS = (
    "encodings.aliases",
    "encodings.ascii",
    "encodings.cp437",
    "encodings.idna",
    "encodings.latin_1",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_16",
    "encodings.utf_16_be",
    "encodings.utf_16_le",
    "encodings.utf_32",
    "encodings.utf_32_be",
    "encodings.utf_32_le",
    "encodings.utf_8",
    "encodings.utf_8_sig",
)


@dataclass(frozen=True)
class RuntimeBundle:
    """What the build ships instead of the stock files."""

    stdlib_zip: bytes
    game_zip: bytes
    lockfile: bytes
    #: ``in_pyodide.py``'s manifest: the kept modules, the stock ones, Pyodide's
    #: built-in modules, its Python version and bytecode magic number
    manifest: Mapping[str, Any]

    @property
    def digest(self) -> str:
        """A short hash of the files that differ from the stock Pyodide."""
        sha = hashlib.sha256(self.stdlib_zip)
        sha.update(self.lockfile)
        return sha.hexdigest()[:10]


def trimmed_lockfile(data: bytes) -> bytes:
    """Pyodide's lock file without its package list: the pages load none."""
    lock: dict[str, Any] = json.loads(data)
    lock["packages"] = {}
    return json.dumps(lock, separators=(",", ":"), sort_keys=True).encode("utf-8")


def shipped_module(manifest: Mapping[str, Any], module: str) -> bool:
    """Whether the pages can import ``module`` (a standard-library name):
    it is in the trimmed zip, or it is not one of the stock zip's modules
    (built into Pyodide's binary, frozen, or not a module of the stock zip at
    all, which trimming cannot lose)."""
    return module in manifest["modules"] or module not in manifest["stock_modules"]


def compile_runtime(
    pyodide_src: Path,
    game_zip: bytes,
    *,
    roots: Iterable[str] = EXTRA_ROOTS,
    cache: Path | None = CACHE,
) -> RuntimeBundle:
    """The trimmed standard library and the compiled game for the Pyodide in
    ``pyodide_src`` (its npm package folder), from the game's source zip."""
    stdlib = (pyodide_src / "python_stdlib.zip").read_bytes()
    all_roots = sorted(set(roots))
    key = hashlib.sha256()
    for part in (
        stdlib,
        (pyodide_src / "pyodide.asm.wasm").read_bytes(),
        game_zip,
        "\n".join(all_roots).encode(),
        IN_PYODIDE.read_bytes(),
        RUNNER.read_bytes(),
    ):
        key.update(hashlib.sha256(part).digest())
    lockfile = trimmed_lockfile((pyodide_src / "pyodide-lock.json").read_bytes())

    return cached_output(
        cache / key.hexdigest()[:32] if cache is not None else None,
        "manifest.json",
        lambda: _run_in_pyodide(pyodide_src, stdlib, game_zip, all_roots),
        lambda folder: _read(folder, lockfile),
    )


def _read(folder: Path, lockfile: bytes) -> RuntimeBundle:
    return RuntimeBundle(
        stdlib_zip=(folder / "python_stdlib.zip").read_bytes(),
        game_zip=(folder / "game.zip").read_bytes(),
        lockfile=lockfile,
        manifest=json.loads((folder / "manifest.json").read_text("utf-8")),
    )


def _run_in_pyodide(pyodide_src: Path, stdlib: bytes, game_zip: bytes, roots: list[str]) -> Path:
    """Run ``in_pyodide.py``; a fresh temporary folder with its outputs."""
    return node_job(
        RUNNER,
        pyodide_src,
        "compiling Python inside Pyodide",
        {"stdlib": ("stdlib.zip", stdlib), "game": ("game.zip.in", game_zip)},
        {"roots": roots},
    )


def node_job(
    runner: Path,
    pyodide_dir: Path,
    doing: str,
    inputs: Mapping[str, tuple[str, bytes]],
    request: Mapping[str, Any],
) -> Path:
    """Run the Node script ``runner`` on the Pyodide in ``pyodide_dir``, in a
    fresh temporary folder that it returns with the script's outputs. Each of
    ``inputs`` (request key -> file name, bytes) is written there and named by
    its path in ``request.json``, beside ``request``'s own keys; the inputs and
    the request are removed once the script has run."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit(f"node is missing: the build needs Node.js for {doing}")
    work = Path(tempfile.mkdtemp(prefix="bq-node-"))
    files = {key: work / name for key, (name, _data) in inputs.items()}
    for key, (_name, data) in inputs.items():
        files[key].write_bytes(data)
    paths = {key: str(path) for key, path in files.items()}
    (work / "request.json").write_text(json.dumps({**paths, **request}), "utf-8")
    done = subprocess.run(
        [node, str(runner), str(pyodide_dir), str(work)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        shutil.rmtree(work, ignore_errors=True)
        raise SystemExit(f"{doing} under Node failed:\n{done.stderr[-4000:]}")
    for path in [*files.values(), work / "request.json"]:
        path.unlink()
    return work
