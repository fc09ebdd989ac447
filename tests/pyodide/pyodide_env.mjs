// Pyodide under Node with this project's `game` package in its file system:
// shared by run_python.mjs (one script, one start) and serve_python.mjs (one
// start for every script the tests send).
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

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

// With PYODIDE_GAME_ROOT set, the `game` package is taken from that folder
// instead (the engine benchmark runs an older checkout of it beside this one).
export async function startPyodide(output) {
  const pyodide = await loadPyodide(output);
  const gameRoot = resolve(process.env.PYODIDE_GAME_ROOT || root);
  for (const file of pythonFiles(join(gameRoot, "game"))) {
    const target = "/home/pyodide/" + relative(gameRoot, file);
    pyodide.FS.mkdirTree(dirname(target));
    pyodide.FS.writeFile(target, readFileSync(file));
  }
  pyodide.runPython(`import sys; sys.path.insert(0, "/home/pyodide")`);
  return pyodide;
}

// The script's own folder is importable, as CPython makes it (bench/cpu_clock.py).
export function copyScriptFolder(pyodide, script) {
  const scriptDir = dirname(resolve(script));
  for (const name of readdirSync(scriptDir)) {
    if (name.endsWith(".py")) pyodide.FS.writeFile("/home/pyodide/" + name, readFileSync(join(scriptDir, name)));
  }
}
