/*
 * Offline use and updates, on every page (docs/offline.md).
 *
 * Registers the service worker (sw.js, written by build.py): after one visit
 * every page of the site works with the network off. When a new deploy is
 * found, its worker waits until this page lets it start:
 *   - a page with no game in progress lets it start at once, and keeps
 *     showing what it shows (the next page opened is the new version);
 *   - the game page with a game in progress (html[data-screen] = board, or
 *     lobby for network play) keeps its version: #update-notice tells the
 *     player, in the page's language, that a new version is ready and will be
 *     used at the next game or reload, and that the game is kept (it is saved
 *     after every move). Back at the menu, or on "Reload now", the page
 *     reloads into the new version, and a reload resumes the saved game;
 *   - a page that opens while an update waits (a reload) starts it and
 *     reloads once into it.
 * An embed inside another site's page registers nothing: it stores nothing
 * there (see embed.html).
 *
 * The game page loads this script with data-game-page. Markers for tests:
 *   html[data-offline] = registering | ready (this build is cached) |
 *                        unsupported | off (framed by another site) | failed
 *   html[data-update]  = waiting (the notice shows) | started (an idle page
 *                        let the new version start) | reloading
 *   #update-notice [data-update-cmd=reload|later]
 */
(function () {
  "use strict";

  var root = document.documentElement;
  var script = document.currentScript;
  var gamePage = !!(script && script.hasAttribute("data-game-page"));
  var CHECK_EVERY_MS = 60 * 60 * 1000;

  var WORDS = {
    fr: {
      text: "Une nouvelle version du jeu est prête. Elle servira à la prochaine partie ou au prochain chargement de la page ; votre partie en cours est gardée.",
      reload: "Recharger maintenant",
      later: "Plus tard",
    },
    en: {
      text: "A new version of the game is ready. It will be used from your next game or the next time the page loads; your game in progress is kept.",
      reload: "Reload now",
      later: "Later",
    },
  };

  function framedByAnotherSite() {
    if (window.top === window) return false;
    try {
      return window.top.location.origin !== window.location.origin;
    } catch (e) {
      return true; // another origin's page: its location cannot be read
    }
  }

  if (!("serviceWorker" in navigator) || !window.isSecureContext) {
    root.dataset.offline = "unsupported";
    return;
  }
  if (framedByAnotherSite()) {
    root.dataset.offline = "off";
    return;
  }

  var container = navigator.serviceWorker;
  var registration = null;
  // this page's files came from the worker in control when it loaded
  var controlled = !!container.controller;
  // set when this page asked for the new version and should reload into it
  var reloadWhenStarted = false;
  // this page runs a version older than the newest the browser holds
  var stale = false;
  var notice = null;

  function busy() {
    var screen = root.dataset.screen;
    return gamePage && (screen === "board" || screen === "lobby");
  }

  function lang() {
    return root.lang === "fr" ? "fr" : "en";
  }

  /** Let the waiting worker start; with `reload`, come back in its version. */
  function start(reload) {
    reloadWhenStarted = reloadWhenStarted || reload;
    var waiting = registration && registration.waiting;
    if (waiting) {
      waiting.postMessage({ type: "activate" });
    } else if (reload) {
      // already started (by another page): only this page is behind
      root.dataset.update = "reloading";
      window.location.reload();
    }
  }

  function showNotice() {
    root.dataset.update = "waiting";
    if (!notice) {
      notice = document.createElement("div");
      notice.id = "update-notice";
      notice.className = "update-notice";
      notice.setAttribute("role", "status");
      notice.innerHTML =
        '<p class="update-text"></p><div class="update-actions">' +
        '<button type="button" class="update-btn update-reload" data-update-cmd="reload"></button>' +
        '<button type="button" class="update-btn update-later" data-update-cmd="later"></button></div>';
      notice.addEventListener("click", function (event) {
        var button = event.target.closest("[data-update-cmd]");
        if (!button) return;
        if (button.dataset.updateCmd === "reload") start(true);
        else notice.hidden = true;
      });
      document.body.appendChild(notice);
    }
    notice.hidden = false;
    wordNotice();
  }

  function wordNotice() {
    if (!notice) return;
    var words = WORDS[lang()];
    notice.lang = lang();
    notice.querySelector(".update-text").textContent = words.text;
    notice.querySelector(".update-reload").textContent = words.reload;
    notice.querySelector(".update-later").textContent = words.later;
  }

  /** A new version has been installed and waits. */
  function onWaiting(atLoad) {
    if (atLoad) {
      // this page has just loaded, from the older version: start the new one
      start(true);
    } else if (busy()) {
      stale = true;
      showNotice();
    } else {
      root.dataset.update = "started";
      start(false);
    }
  }

  container.addEventListener("controllerchange", function () {
    if (!controlled) {
      controlled = true; // the first install took this page: the same version
      return;
    }
    if (reloadWhenStarted) {
      root.dataset.update = "reloading";
      window.location.reload();
      return;
    }
    stale = true; // another page let the new version start
    if (busy()) showNotice();
  });

  // The game page: a stale page shows the notice while a game goes on, and
  // reloads into the new version when the game is over (back at the menu).
  var wasBusy = busy();
  new MutationObserver(function () {
    var now = busy();
    if (stale && now && (!notice || root.dataset.update !== "waiting")) showNotice();
    if (stale && wasBusy && !now) start(true);
    wasBusy = now;
    wordNotice();
  }).observe(root, { attributes: true, attributeFilter: ["data-screen", "lang"] });

  function checkForUpdate() {
    if (registration && document.visibilityState === "visible" && navigator.onLine) {
      registration.update().catch(function () {
        /* offline or the server is away: the next check tries again */
      });
    }
  }

  function track(reg) {
    registration = reg;
    function follow(worker) {
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && container.controller) onWaiting(false);
      });
    }
    if (reg.installing) follow(reg.installing);
    reg.addEventListener("updatefound", function () {
      if (reg.installing) follow(reg.installing);
    });
  }

  // At once: a version that waits is started now (this page has just loaded,
  // from the older version, and reloads into the new one).
  container
    .getRegistration()
    .then(function (reg) {
      if (reg && reg.waiting && container.controller) {
        registration = registration || reg;
        onWaiting(true);
      }
    })
    .catch(function () {
      /* no registration to look at: register() below says why */
    });

  function register() {
    root.dataset.offline = "registering";
    container
      .register("sw.js")
      .then(function (reg) {
        track(reg);
        document.addEventListener("visibilitychange", checkForUpdate);
        window.setInterval(checkForUpdate, CHECK_EVERY_MS);
        return container.ready;
      })
      .then(function () {
        root.dataset.offline = "ready";
      })
      .catch(function (error) {
        root.dataset.offline = "failed";
        console.warn("Offline use is not available: " + (error && error.message ? error.message : error));
      });
  }

  // Register once the page has what it needs (its load event, and Python
  // started where the page runs it): the worker's copy of the build then comes
  // from the HTTP cache instead of competing with the page's first download.
  function whenSettled(then) {
    if (root.dataset.state !== "loading") return then();
    var watch = new MutationObserver(function () {
      if (root.dataset.state === "loading") return;
      watch.disconnect();
      then();
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }
  if (document.readyState === "complete") whenSettled(register);
  else window.addEventListener("load", function () {
    whenSettled(register);
  });
})();
