// Run a Python file inside Pyodide under Node, with this project's `game`
// package copied into Pyodide's file system. Used by the test that compares
// CPython with Pyodide and by the engine benchmark.
//
//   node tests/pyodide/run_python.mjs SCRIPT.py [ARGS...]
//
// The script's stdout is printed; its arguments are in sys.argv[1:]. With
// PYODIDE_GAME_ROOT set, the `game` package is taken from that folder instead
// (the engine benchmark runs an older checkout of it beside this one). The
// script's sibling .py files are importable too, as under CPython.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function pythonFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "__pycache__") continue;
    if (statSync(path).isDirectory()) files.push(...pythonFiles(path));
    else if (name.endsWith(".py")) files.push(path);
  }
  return files;
}

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tests/pyodide/run_python.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}
const pyodide = await loadPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
const gameRoot = resolve(process.env.PYODIDE_GAME_ROOT || root);
for (const file of pythonFiles(join(gameRoot, "game"))) {
  const target = "/home/pyodide/" + relative(gameRoot, file);
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
// the script's own folder is importable, as CPython makes it (bench/cpu_clock.py)
const scriptDir = dirname(resolve(script));
for (const name of readdirSync(scriptDir)) {
  if (name.endsWith(".py")) pyodide.FS.writeFile("/home/pyodide/" + name, readFileSync(join(scriptDir, name)));
}
pyodide.runPython(`import sys; sys.path.insert(0, "/home/pyodide"); sys.argv = ${JSON.stringify([script, ...args])}`);
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
