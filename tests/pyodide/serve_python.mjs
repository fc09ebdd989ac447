// One Pyodide under Node for every test that compares it with CPython
// (tests/pyodide_server.py): starting Pyodide costs seconds, a script run
// in the started one far less.
//
// Reads one JSON request per line on stdin, {"script": path, "args": [...]},
// runs the script as __main__ with those arguments, and writes one JSON line
// on stdout: {"ok": true, "stdout": "..."} or {"ok": false, "error": "..."}.
// Everything else Pyodide prints goes to stderr, so stdout stays the answers'.
import { createInterface } from "node:readline";
import { readFileSync } from "node:fs";
import { startPyodide, copyScriptFolder } from "./pyodide_env.mjs";

const pyodide = await startPyodide({ stdout: (line) => console.error(line), stderr: (line) => console.error(line) });
const runScript = pyodide.runPython(`
import contextlib, io, sys, traceback

def run_script(path, source, args):
    sys.argv = [path, *args]
    out = io.StringIO()
    # each script imports the project afresh, as in a process of its own: what
    # one changes (the registry's test games, say) must not reach the next
    started_with = set(sys.modules)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(source, path, "exec"), {"__name__": "__main__", "__file__": path})
    except BaseException:
        return [False, traceback.format_exc()]
    finally:
        for name in set(sys.modules) - started_with:
            del sys.modules[name]
    return [True, out.getvalue()]

run_script
`);
process.stdout.write(JSON.stringify({ ready: true }) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  let answer;
  try {
    const { script, args } = JSON.parse(line);
    copyScriptFolder(pyodide, script);
    const [ok, text] = runScript(script, readFileSync(script, "utf8"), pyodide.toPy(args)).toJs();
    answer = ok ? { ok, stdout: text } : { ok, error: text };
  } catch (error) {
    answer = { ok: false, error: String(error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
