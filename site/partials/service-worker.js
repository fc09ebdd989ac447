/*
 * The site's service worker: after one visit every page works offline.
 * build.py (sitebuild/offline.py) fills this template into dist/sw.js with
 * the build's file list and the cache name made from their contents, so a new
 * deploy is a new sw.js, which the browser installs beside the running one.
 *
 *   install   fills the cache named after this build with every file of it,
 *             each checked against its SHA-256 (a file of another deploy, met
 *             mid-deploy, fails the install, which the next visit retries);
 *             a file an older cache holds with the same digest is copied, not
 *             fetched again. Then it takes over at once (skipWaiting): it
 *             never waits for the pages of the older version to close, as
 *             Chromium holds a waiting worker's start until the older one is
 *             idle, which a page loading or a debugger attached delays
 *             without end. A gzipped file (the runtime's snapshot) is
 *             also stored unpacked, for the page to read at once.
 *             Before that it records the pages open (they run the version
 *             before) and which cache was theirs ("handover").
 *   activate  keeps the cache of the version before for its pages and
 *             deletes older ones; then takes the pages no worker controls.
 *   fetch     this origin's GET requests: a page of the version before (and
 *             a Web Worker it starts) gets its files from the kept cache
 *             first, any other page from this build's cache first; then the
 *             network. A page's address is
 *             looked up without its query (?game=, ?scenario=, ?seed=) and
 *             fragment (#join=, #r= never reach the worker); "/" is
 *             index.html and a pretty address ("/rules") its ".html" file.
 *             assets/offline.js tells a page of the version before, and
 *             reloads it when its game allows (docs/offline.md).
 */
"use strict";

/** This build's cache: "bq-offline-build-" and a digest of every file below. */
const CACHE = "@OFFLINE_CACHE@";
const PREFIX = "bq-offline-build-";
/** Which cache the active version uses ("active"), and each version's handover. */
const STATE = "bq-offline-state";
/** Every file of the build, by its path under the site's root: its SHA-256 in hex. */
const FILES = @OFFLINE_FILES@;

const SCOPE = new URL(self.registration.scope);

function address(path) {
  return new URL(path, SCOPE).href;
}

async function sha256(response) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A response the cache may serve to a navigation (a redirected one may not be). */
function plain(response) {
  if (!response.redirected) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** The file at `path` with digest `digest`: from an older cache if one has it, else fetched. */
async function fetchChecked(path, digest, older) {
  for (const cache of older) {
    const kept = await cache.match(address(path));
    if (kept && (await sha256(kept)) === digest) return kept;
  }
  for (const mode of ["default", "reload"]) {
    // "default" takes what the visit just downloaded from the HTTP cache;
    // "reload" asks the server again if that copy is not this build's
    const response = await fetch(address(path), { cache: mode });
    if (response.ok && (await sha256(response)) === digest) return plain(response);
  }
  throw new Error(`offline cache: ${path} is not the file of this build`);
}

async function fill() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  const older = await Promise.all(names.reverse().map((n) => caches.open(n)));
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(FILES).map(async ([path, digest]) => {
      if (await cache.match(address(path))) return; // a retried install keeps what it got
      await cache.put(address(path), await fetchChecked(path, digest, older));
    }),
  );
  await unpack(cache);
}

/**
 * A gzipped file of the build (the runtime's memory snapshot) is also kept
 * unpacked, under its address without ".gz": the page reads that copy
 * (pyodide-start.mjs checks its SHA-256), which spares it a gunzip of tens of
 * megabytes at every start. Done here, off the pages' main thread.
 */
async function unpack(cache) {
  for (const path of Object.keys(FILES)) {
    if (!path.endsWith(".gz")) continue;
    const unpacked = address(path.slice(0, -".gz".length));
    if (await cache.match(unpacked)) continue;
    const packed = await cache.match(address(path));
    const body = packed.body.pipeThrough(new DecompressionStream("gzip"));
    await cache.put(unpacked, new Response(body));
  }
}

/**
 * Which build each page runs. Chromium starts a new worker only once the old
 * one is idle, which a page loading or a debugger attached (DevTools, the
 * tests' Playwright) can put off for minutes; so no answer depends on which
 * worker is active. Every worker answers a navigation from the NEWEST build
 * fully installed ("newest", written at the end of an install) and records
 * it for the page the navigation makes ("page/<client id>"); that page's own
 * requests are answered from its build, and so are those of the Web Workers
 * it starts, recorded with its build when their script is asked (answer). A
 * page loaded before any worker is recorded when the worker activates (prune).
 */
function pageAddress(client) {
  return address(`page/${client}`);
}

async function readState(key) {
  const record = await (await caches.open(STATE)).match(address(key));
  return record ? record.text() : "";
}

/** Pages' builds already looked up or recorded by this worker (it may be restarted at will). */
const builds = new Map();

async function buildOfPage(client) {
  if (!client) return "";
  if (!builds.has(client)) builds.set(client, await readState(`page/${client}`));
  return builds.get(client);
}

async function recordPage(client, name) {
  if (!client) return;
  builds.set(client, name);
  await (await caches.open(STATE)).put(pageAddress(client), new Response(name));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    fill().then(
      async () => {
        await (await caches.open(STATE)).put(address("newest"), new Response(CACHE));
        // whenever the browser lets it: activation only prunes old caches
        await self.skipWaiting();
      },
      async (error) => {
        await caches.delete(CACHE); // a half-filled cache is never used
        throw error;
      },
    ),
  );
});

/** This version is the active one: keep its cache, the one before it (for
 * the pages still running it) and the newest; forget closed pages. */
async function prune() {
  const state = await caches.open(STATE);
  const before = await readState("active");
  await state.put(address("active"), new Response(CACHE));
  const keep = new Set([CACHE, STATE, before, await readState("newest")]);
  const open = new Set(
    (await self.clients.matchAll({ type: "all", includeUncontrolled: true })).map((c) => c.id),
  );
  const recorded = new Set();
  for (const request of await state.keys()) {
    if (!request.url.startsWith(address("page/"))) continue;
    const client = request.url.slice(address("page/").length);
    if (!open.has(client)) {
      await state.delete(request);
    } else {
      recorded.add(client);
      keep.add(await (await state.match(request)).text());
    }
  }
  // a page open with no record was loaded before any worker (the first
  // install takes it now): the build active until now, else this one
  for (const client of open) {
    if (!recorded.has(client)) await recordPage(client, before || CACHE);
  }
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && !keep.has(name)) await caches.delete(name);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(prune().then(() => self.clients.claim()));
});

/** The path under the scope that a request names, as FILES spells it. */
function fileOf(url) {
  if (!url.href.startsWith(SCOPE.href)) return null;
  let path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (!(path in FILES) && `${path}.html` in FILES) path += ".html";
  return path;
}

async function answer(request, path, event) {
  const newest = (await readState("newest")) || CACHE;
  let own;
  if (request.mode === "navigate") {
    // a navigation makes a new page: the newest build (its clientId is the
    // page that asked for it, the old one on a reload)
    own = newest;
    event.waitUntil(recordPage(event.resultingClientId, newest));
  } else {
    own = (await buildOfPage(event.clientId)) || newest;
    const starts = request.destination === "worker" || request.destination === "sharedworker";
    if (starts && event.resultingClientId) {
      // a page starts a dedicated Web Worker, or the boards' shared one
      // (assets/worker-link.js; its name is its build's), and this
      // is its script, asked by the page (a module worker's static imports,
      // also "worker", have no resultingClientId). The Web Worker is a
      // client of its own: its requests (its imports, Pyodide's files, the
      // game's zip) carry its id, so it is recorded with its page's build,
      // even when a newer build was installed meanwhile. Stored before the
      // script is answered, so that whichever service worker (this one
      // restarted, or a newer one) answers its next request knows it; a
      // record the storage refuses stays in this one's memory and never
      // stops the Web Worker.
      await recordPage(event.resultingClientId, own).catch(() => {});
    }
  }
  for (const name of new Set([own, newest, CACHE])) {
    const hit = await (await caches.open(name)).match(address(path));
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin) return;
  const path = fileOf(url);
  if (path === null) return;
  // Reading this worker's own records (which build a page runs) may fail
  // while a page goes away (Firefox reported the favicon's answer failing
  // during a pairing): the file is then fetched as if no worker were there.
  event.respondWith(answer(request, path, event).catch(() => fetch(request)));
});
