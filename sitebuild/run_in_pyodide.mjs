// Build step: run sitebuild/in_pyodide.py inside the pinned Pyodide, under Node.
//
//   node sitebuild/run_in_pyodide.mjs PYODIDE_DIR WORK_DIR
//
// WORK_DIR holds request.json (with "stdlib" and "game": paths of the host's
// files), it gets python_stdlib.zip, game.zip and manifest.json back. The
// host's files are copied into Pyodide's memory file system and the results
// copied out, so nothing of the host is mounted.
import { readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, workDir] = process.argv.slice(2);
if (!pyodideDir || !workDir) {
  console.error("usage: node sitebuild/run_in_pyodide.mjs PYODIDE_DIR WORK_DIR");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// no column ranges in the code objects: a third smaller, same line numbers
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/", args: ["-X", "no_debug_ranges"] });
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.setStderr({ batched: (line) => console.error(line) });

// what Pyodide imported on its own, before this build step imports anything
const started = pyodide.runPython("import sys; ','.join(sorted(sys.modules))").split(",");
const request = JSON.parse(readFileSync(join(workDir, "request.json"), "utf8"));
const fs = pyodide.FS;
fs.mkdirTree("/build/out");
fs.writeFile("/build/stdlib.zip", readFileSync(request.stdlib));
fs.writeFile("/build/game.zip", readFileSync(request.game));
const inner = { ...request, stdlib: "/build/stdlib.zip", game: "/build/game.zip", out: "/build/out", started };
fs.writeFile("/build/request.json", JSON.stringify(inner));

const script = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "in_pyodide.py"), "utf8");
try {
  pyodide.runPython("import sys; sys.argv = ['in_pyodide.py', '/build/request.json']");
  pyodide.runPython(script);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
for (const name of ["python_stdlib.zip", "game.zip", "manifest.json"]) {
  writeFileSync(join(workDir, name), fs.readFile("/build/out/" + name));
}
