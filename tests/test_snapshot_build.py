"""The runtime's memory snapshot as the build makes and ships it
(sitebuild/snapshot.py, site/partials/pyodide-start.mjs); the browser side is
tests/browser/test_snapshot.py."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import build
from sitebuild import snapshot
from sitebuild.offline import precache


def _zip(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def test_modules_that_reach_the_browser_are_left_out() -> None:
    game = _zip(
        {
            "game/__init__.py": "",
            "game/__main__.py": "import game.rules\n",
            "game/page.py": "import js\n",
            "game/entry.py": "from . import page\n",
            "game/deep.py": "import game.entry\n",
            "game/ffi.py": "from pyodide.ffi import create_proxy\n",
            "game/rules.py": "import json\n",
            "game/lazy.py": "def later():\n    import js\n",
            "game/guarded.py": "try:\n    import pyscript\nexcept ImportError:\n    pass\n",
            "game/data.json": "{}",
        }
    )
    assert snapshot.snapshot_modules(game) == ["game", "game.lazy", "game.rules"]


def test_the_game_modules_of_the_snapshot() -> None:
    names = snapshot.snapshot_modules(build.game_zip_bytes())
    # what every page imports before ready, its client included
    for wanted in ("game.registry", "game.web.session", "game.bossquest.ui", "game.theboss.ui"):
        assert wanted in names
    # every page's Python runs in a worker and touches no page: all of it is in
    for worker in ("worker_link", "embed_main", "replay_main", "game_page", "net_page"):
        assert f"game.web.{worker}" in names


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> build.BuildResult:
    return build.build(tmp_path_factory.mktemp("site") / "dist", install=False, quiet=True)


def test_the_page_starts_pyodide_through_the_module_that_reads_the_snapshot(
    built: build.BuildResult,
) -> None:
    start = built.files["pyodide/start.mjs"]
    packed = built.out / built.files["pyodide/snapshot"]
    assert Path(start).parent == Path(built.files["pyodide/pyodide.mjs"]).parent
    assert Path(packed).parent == built.out / Path(start).parent
    text = (built.out / start).read_text("utf-8")
    assert "@SNAPSHOT" not in text
    assert f'"./{packed.name}"' in text
    raw = gzip.decompress(packed.read_bytes())
    # what it checks the stored copy against: its size, and its digest piece by piece
    assert f'"{snapshot.pieces_digest(raw)}"' in text
    assert f'Number("{len(raw)}")' in text
    # the pages' Python worker imports it (from the assets folder)
    worker = (built.out / built.files["assets/py-worker.js"]).read_text("utf-8")
    assert f'from "../{start}"' in worker
    # the first visit never asks for the snapshot: no page names it
    index = (built.out / "index.html").read_text("utf-8")
    assert built.files["pyodide/snapshot"] not in index


def test_the_service_worker_caches_the_snapshot(built: build.BuildResult) -> None:
    listed = precache(built.out, built.files)
    for key in ("pyodide/start.mjs", "pyodide/snapshot"):
        path = built.files[key]
        assert listed[path] == hashlib.sha256((built.out / path).read_bytes()).hexdigest()


def test_the_same_inputs_give_the_same_snapshot(built: build.BuildResult) -> None:
    runtime = built.out / built.pyodide_dir
    game = (built.out / built.files["game.zip"]).read_bytes()
    names = ["game.engine.rng", "game.net.seats"]  # secrets, so random, is imported
    first = snapshot.make_snapshot(runtime, game, names, cache=None)
    again = snapshot.make_snapshot(runtime, game, names, cache=None)
    assert first.sha256 == again.sha256
    assert first.gzipped == again.gzipped
    assert hashlib.sha256(gzip.decompress(first.gzipped)).hexdigest() == first.sha256


def test_the_pieces_digest_hashes_the_digests_of_each_piece() -> None:
    raw = bytes(range(256)) * (snapshot.DIGEST_PIECE // 128) + b"end"  # two pieces and a bit
    pieces = [raw[i : i + snapshot.DIGEST_PIECE] for i in range(0, len(raw), snapshot.DIGEST_PIECE)]
    assert len(pieces) == 3
    digests = b"".join(hashlib.sha256(piece).digest() for piece in pieces)
    assert snapshot.pieces_digest(raw) == hashlib.sha256(digests).hexdigest()
    assert snapshot.pieces_digest(raw[:-1]) != snapshot.pieces_digest(raw)


def test_the_shipped_loader_restores_a_snapshot_without_its_zero_pages(
    built: build.BuildResult,
) -> None:
    loader = (built.out / built.files["pyodide/pyodide.asm.mjs"]).read_text("utf-8")
    stock = (build.NODE_MODULES / "pyodide" / "pyodide.asm.mjs").read_text("utf-8")
    assert "return Module.HEAP8.set(t),l}" in stock
    assert "return Module.HEAP8.set(t),l}" not in loader
    assert "return(Module.HEAP8.length<t.length&&growMemory(t.length)),((heap,body)=>{" in loader
    # nothing else of the loader changed
    assert loader.encode() == snapshot.restoring_sparsely(stock.encode())


def test_a_loader_that_restores_otherwise_stops_the_build() -> None:
    with pytest.raises(ValueError, match="snapshot's restore"):
        snapshot.restoring_sparsely(b"API.restoreSnapshot=function(t){return t}")


_RESTORE_CHECK = """
const Module = { HEAP8: new Int8Array(%(heap)d) };
// Emscripten's growMemory: the memory grows, and HEAP8 is a new view of it
let grown = 0;
const growMemory = (size) => {
  const bigger = new Int8Array(size);
  bigger.set(Module.HEAP8);
  Module.HEAP8 = bigger;
  grown = size;
  return 1;
};
// the patched text ends restoreSnapshot's body, its closing brace included
const restore = function (t, l) { %(restore)s;
// the memory before: zeros, but for what the loader wrote there already
Module.HEAP8[5] = 7;          // page 0: the snapshot writes over it
Module.HEAP8[4096 * 2 + 9] = 3; // page 2: zeros in the snapshot, so set back to 0
const body = new Uint8Array(%(body)d);
body[1] = 200; body[4096 * 3 + 5] = 1; body[body.length - 1] = 9;
const untouched = [];
const plainSet = Int8Array.prototype.set;
const written = new Set();
Module.HEAP8.set = function (source, offset = 0) {
  for (let p = offset >> 12; p < (offset + source.length + 4095) >> 12; p++) written.add(p);
  return plainSet.call(this, source, offset);
};
Module.HEAP8.fill = function (value, start, end) {
  for (let p = start >> 12; p < (end + 4095) >> 12; p++) written.add(p);
  return Int8Array.prototype.fill.call(this, value, start, end);
};
const result = restore(body, "facts");
const same = Array.from(body).every((b, i) => (Module.HEAP8[i] & 0xff) === b);
console.log(JSON.stringify({ result, same, grown, written: [...written].sort((a, b) => a - b) }));
"""


def test_the_sparse_restore_copies_what_differs_and_leaves_zero_pages_unwritten(
    tmp_path: Path,
) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    restore = snapshot._RESTORE_SPARSE.replace("\n", "")
    # 6 pages and a bit: a memory a little longer than the body, as Pyodide's
    script = _RESTORE_CHECK % {"heap": 4096 * 7, "body": 4096 * 6 + 100, "restore": restore}
    (tmp_path / "check.mjs").write_text(script, "utf-8")
    out = subprocess.run([node, str(tmp_path / "check.mjs")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["result"] == "facts"  # what restoreSnapshot returns, as before
    assert found["same"]  # the memory holds the snapshot, as with a whole copy
    # pages 1, 4 and 5: zeros in both, never written; page 2 set back to zeros;
    # 0 and 3 copied; 6, the last, part of a page, copied as it is
    assert found["written"] == [0, 2, 3, 6]
    assert found["grown"] == 0  # the memory was large enough


def test_the_sparse_restore_grows_a_memory_smaller_than_the_snapshot(tmp_path: Path) -> None:
    """A heap that grew past the module's initial memory at build time (this
    Pyodide sizes the memory by an INITIAL_MEMORY its module ignores): the
    memory grows to the snapshot's size first, then holds it."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    restore = snapshot._RESTORE_SPARSE.replace("\n", "")
    script = _RESTORE_CHECK % {"heap": 4096 * 3, "body": 4096 * 6 + 100, "restore": restore}
    (tmp_path / "check.mjs").write_text(script, "utf-8")
    out = subprocess.run([node, str(tmp_path / "check.mjs")], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert found["result"] == "facts"
    assert found["grown"] == 4096 * 6 + 100
    assert found["same"]
