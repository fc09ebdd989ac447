// Start the pinned Pyodide under Node on what the build ships: its trimmed
// standard library (bytecode) and its compiled game zip; import every module
// of the game (the test games' included, the pages' entry modules too) and
// play one seeded game of each; print one JSON line: the Python version, the
// modules that failed to import (and why), and the standard-library modules
// loaded.
//
//   node tests/pyodide/shipped_imports.mjs PYODIDE_DIR STDLIB_ZIP GAME_ZIP
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibZip, gameZip] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + "/",
  stdLibURL: stdlibZip,
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
pyodide.FS.writeFile("/tmp/game.zip", readFileSync(gameZip));
await pyodide.runPythonAsync(`
import importlib, json, sys, zipfile
from pathlib import Path
zipfile.ZipFile("/tmp/game.zip").extractall("/home/pyodide")
sys.path.insert(0, "/home/pyodide")
from game.registry import get_client, get_game, include_test_games, playable
from game.engine.simulate import simulate

include_test_games()
failed = {}
# every module of the game, found by its file (pkgutil is not shipped)
for path in sorted(Path("/home/pyodide/game").rglob("*.pyc")):
    name = ".".join(path.relative_to("/home/pyodide").with_suffix("").parts)
    name = name.removesuffix(".__init__")
    if name.endswith(".__main__"):
        continue  # the command line, never a page's
    try:
        importlib.import_module(name)
    except ImportError as exc:
        failed[name] = repr(exc)
for name in playable():
    get_client(name)
    game = get_game(name)  # at its default player count (Raid seats 3 to 6)
    # one game: a second loaded no module more (issue 29), and each costs seconds
    simulate(game, {"players": game.declared_options.default_players}, games=1, seed=1)
print(json.dumps({
    "python": sys.version.split()[0],
    "failed": failed,
    "modules": sorted(sys.modules),
}))
`);
