"""Run inside the pinned Pyodide (under Node, by ``sitebuild/run_in_pyodide.mjs``)
at build time: the trimmed standard library and the game, as bytecode of
Pyodide's own Python.

CPython 3.11 cannot make 3.14 bytecode, and bytecode is only valid for the
exact interpreter that reads it, so this runs in the very Pyodide the page
loads. The runner starts it with ``-X no_debug_ranges``: the code objects keep
their line numbers but not the column ranges, which would make them a third
larger (a traceback only loses its ``^^^`` marks).

Reads ``request.json`` (paths in Pyodide's file system, and ``started``: the
modules Pyodide had imported before this script ran) and writes
``python_stdlib.zip``, ``game.zip`` and ``manifest.json`` into ``out``.

Which standard-library modules are kept: the closure, over the imports at the
top level of each module (under ``if`` and ``try`` too, but not inside
functions), of the modules Pyodide has imported once started, the ones the
game's sources import anywhere (inside functions too), and the request's
extra roots. An ``if`` block that never runs
in the page (``__name__ == "__main__"``, Windows) is not followed.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import marshal
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

#: One date for every entry, so that the same inputs give the same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def module_index(names: Iterable[str]) -> dict[str, str]:
    """Module name -> its source entry, for every ``.py`` of a zip's names."""
    index: dict[str, str] = {}
    for name in names:
        if name.endswith("/__init__.py"):
            index[name[: -len("/__init__.py")].replace("/", ".")] = name
        elif name.endswith(".py"):
            index[name[: -len(".py")].replace("/", ".")] = name
    return index


def _with_parents(module: str) -> Iterator[str]:
    parts = module.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def imported_names(tree: ast.Module, package: str, *, top_level_only: bool) -> set[str]:
    """Every module an import of ``tree`` may load (with its parents, and for
    ``from a import b`` both ``a`` and ``a.b``); relative ones resolved
    against ``package``."""
    found: set[str] = set()
    nodes: Iterable[ast.AST] = _top_level(tree.body) if top_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_with_parents(alias.name))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.update(_with_parents(module))
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run when a module is imported: its body, and the bodies
    of its top-level ``if``, ``try`` and ``with`` blocks (not functions)."""
    stack = list(body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If):
            if not _never_here(node.test):
                stack.extend(node.body)
            stack.extend(node.orelse)
        elif isinstance(node, ast.With):
            stack.extend(node.body)
        elif isinstance(node, ast.Try | ast.TryStar):
            stack.extend(node.body + node.orelse + node.finalbody)
            if not _imports_builtins_only(node.body):
                for handler in node.handlers:
                    stack.extend(handler.body)


def _imports_builtins_only(body: list[ast.stmt]) -> bool:
    """Whether ``body`` imports only modules built into Pyodide's binary
    (``try: from _json import ...`` then a pure-Python fallback in ``except``:
    the fallback never runs here, so its imports are not followed)."""
    names = {
        alias.name if isinstance(node, ast.Import) else (node.module or "")
        for node in body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    return bool(names) and names <= set(sys.builtin_module_names)


#: ``if`` tests whose body never runs on import in the page: a module run as a
#: script, and Windows (Pyodide's ``sys.platform`` is ``emscripten``, its
#: ``os.name`` is ``posix``).
_NEVER_HERE = {("__name__", "__main__"), ("sys.platform", "win32"), ("os.name", "nt")}


def _never_here(test: ast.expr) -> bool:
    if not (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.comparators[0], ast.Constant)
    ):
        return False
    return (ast.unparse(test.left), test.comparators[0].value) in _NEVER_HERE


def closure(stock: zipfile.ZipFile, index: dict[str, str], roots: Iterable[str]) -> set[str]:
    """The modules of ``index`` that importing ``roots`` may load."""
    kept: set[str] = set()
    todo = [name for name in roots if name in index]
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept.add(name)
        entry = index[name]
        package = name if entry.endswith("/__init__.py") else name.rpartition(".")[0]
        tree = ast.parse(stock.read(entry), entry)
        wanted = imported_names(tree, package, top_level_only=True)
        wanted.update(_with_parents(name))
        todo.extend(sorted(module for module in wanted if module in index and module not in kept))
    return kept


def game_imports(game: zipfile.ZipFile) -> set[str]:
    """Every module the game's sources import, anywhere in them."""
    found: set[str] = set()
    for entry in game.namelist():
        if entry.endswith(".py"):
            tree = ast.parse(game.read(entry), entry)
            package = entry.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
            if not entry.endswith("/__init__.py"):
                package = package.rpartition(".")[0]
            found |= imported_names(tree, package, top_level_only=False)
    return found


def pyc(source: bytes, filename: str) -> bytes:
    """``source`` compiled for this Python, as a sourceless ``.pyc`` file: the
    magic number, flags 0 (a timestamp pyc), mtime and size 0 (no source to
    check it against), then the marshalled code."""
    code = compile(source, filename, "exec", dont_inherit=True)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def _entry(out: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    out.writestr(info, data, compresslevel=9)


def main(request_path: str) -> None:
    request = json.loads(Path(request_path).read_text("utf-8"))
    out = Path(request["out"])
    stock = zipfile.ZipFile(request["stdlib"])
    game = zipfile.ZipFile(request["game"])
    index = module_index(stock.namelist())

    started = set(request["started"])
    roots = started | game_imports(game) | set(request["roots"])
    kept = closure(stock, index, sorted(roots))

    with zipfile.ZipFile(out / "python_stdlib.zip", "w") as trimmed:
        for name in sorted(kept, key=lambda module: index[module]):
            entry = index[name]
            filename = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/{entry}"
            _entry(trimmed, entry + "c", pyc(stock.read(entry), filename))

    with zipfile.ZipFile(out / "game.zip", "w") as compiled:
        for entry in game.namelist():
            data = game.read(entry)
            if entry.endswith(".py"):
                _entry(compiled, entry + "c", pyc(data, entry))
            else:
                _entry(compiled, entry, data)

    manifest = {
        "python": list(sys.version_info[:3]),
        "magic": importlib.util.MAGIC_NUMBER.hex(),
        "modules": sorted(kept),
        "stock_modules": sorted(index),
        "builtin_modules": sorted(sys.builtin_module_names),
        "started": sorted(started),
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), "utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
