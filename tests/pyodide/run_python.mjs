// Run a Python file inside Pyodide under Node, with this project's `game`
// package copied into Pyodide's file system. Used by the benchmarks (the
// tests send their scripts to one Pyodide instead: serve_python.mjs).
//
//   node tests/pyodide/run_python.mjs SCRIPT.py [ARGS...]
//
// The script's stdout is printed; its arguments are in sys.argv[1:]. With
// PYODIDE_GAME_ROOT set, the `game` package is taken from that folder instead
// (the engine benchmark runs an older checkout of it beside this one). The
// script's sibling .py files are importable too, as under CPython.
import { readFileSync } from "node:fs";
import { startPyodide, copyScriptFolder } from "./pyodide_env.mjs";

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tests/pyodide/run_python.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}
const pyodide = await startPyodide({ stdout: (line) => console.log(line), stderr: (line) => console.error(line) });
copyScriptFolder(pyodide, script);
pyodide.runPython(`import sys; sys.argv = ${JSON.stringify([script, ...args])}`);
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
