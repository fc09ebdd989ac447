/*
 * Start PyScript, with one change so that the page runs under a strict
 * Content-Security-Policy (no 'unsafe-eval'); and load, from the start, the
 * module PyScript will load as its interpreter (the same module, evaluated
 * once): it begins reading the runtime's snapshot at once, beside PyScript's
 * own start, instead of when PyScript gets to it (pyodide-start.mjs).
 *
 * PyScript 0.7.31 ships a default *worker* hook (it registers `_pyscript` in
 * workers). When it prepares any script, even on the main thread, it turns
 * the worker hooks into source text and rebuilds them with `Function(...)`,
 * which CSP blocks without 'unsafe-eval'. The page starts no worker, so the
 * hook is removed here, before PyScript prepares the page's script: this
 * module's body runs right after core.js is evaluated, while PyScript is
 * still awaiting its plugin imports. If the page ever needs a PyScript worker,
 * allow 'unsafe-eval' in netlify.toml instead of clearing this hook.
 */
import { hooks } from "../@PYSCRIPT_CORE@";

hooks.worker.onBeforeRunAsync.clear();
// not awaited: nothing here waits for it, PyScript imports it again later
import("../@PYODIDE_START@");
