/*
 * The site's service worker: after one visit every page works offline.
 * build.py (sitebuild_offline.py) fills this template into dist/sw.js with
 * the build's file list and the cache name made from their contents, so a new
 * deploy is a new sw.js, which the browser installs beside the running one.
 *
 *   install   fills the cache named after this build with every file of it,
 *             each checked against its SHA-256 (a file of another deploy, met
 *             mid-deploy, fails the install, which the next visit retries);
 *             a file an older cache holds with the same digest is copied, not
 *             fetched again. Then it WAITS: a page with a game in progress
 *             keeps the version it runs (assets/offline.js decides when the
 *             update may start and tells the player).
 *   activate  on the message "activate" from a page (or when no page of the
 *             older version is left); it keeps the cache of the version before,
 *             for the pages still running it, and deletes older ones.
 *   fetch     this origin's GET requests: from this build's cache first, then
 *             the kept older one, then the network. A page's address is looked
 *             up without its query (?game=, ?scenario=, ?seed=) and fragment
 *             (#join=, #r= never reach the worker); "/" is index.html and a
 *             pretty address ("/rules") its ".html" file.
 */
"use strict";

/** This build's cache: "bq-offline-build-" and a digest of every file below. */
const CACHE = "@OFFLINE_CACHE@";
const PREFIX = "bq-offline-build-";
/** Which cache the active version uses, and the one it replaced (kept for its pages). */
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
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    fill().catch(async (error) => {
      await caches.delete(CACHE); // a half-filled cache is never used
      throw error;
    }),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "activate") self.skipWaiting();
});

async function prune() {
  const state = await caches.open(STATE);
  const record = await state.match(address("active"));
  const before = record ? await record.text() : "";
  const keep = new Set([CACHE, STATE]);
  if (before && before !== CACHE) keep.add(before);
  await state.put(address("active"), new Response(CACHE));
  await state.put(address("previous"), new Response(before !== CACHE ? before : ""));
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

async function answer(request, path) {
  const own = await caches.open(CACHE);
  const hit = await own.match(address(path));
  if (hit) return hit;
  // a page of the version before (still open) asking for one of its own files
  const state = await caches.open(STATE);
  const previous = await state.match(address("previous"));
  const name = previous ? await previous.text() : "";
  if (name) {
    const kept = await (await caches.open(name)).match(address(path));
    if (kept) return kept;
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
  event.respondWith(answer(request, path));
});
