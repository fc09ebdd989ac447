/*
 * Offline use and updates, on every page (docs/offline.md).
 *
 * Registers the service worker (sw.js, written by build.py): after one visit
 * every page of the site works with the network off. Once a new deploy's
 * worker holds the new build, every page opened gets it; the pages open then
 * keep running the version they loaded (the worker still serves them its
 * files):
 *   - a page with no game in progress keeps showing what it shows
 *     (html[data-update=behind]); the next page opened is the new version;
 *   - the game page with a game in progress (html[data-screen] = board, or
 *     lobby for network play) keeps its version: #update-notice tells the
 *     player, in the page's language, that a new version is ready and will be
 *     used at the next game or reload, and that the game is kept (it is saved
 *     after every move). Back at the menu, or on "Reload now", the page
 *     reloads into the new version, and a reload resumes the saved game.
 * An embed inside another site's page registers nothing: it stores nothing
 * there (see embed.html), and where the browser denies it service workers or
 * storage the page works as it does without them.
 *
 * The game page loads this script with data-game-page. Markers for tests:
 *   html[data-offline] = registering | ready (this build is cached and the
 *                        worker controls this page) | unsupported |
 *                        off (framed by another site) | failed
 *   html[data-update]  = waiting (the notice shows) | behind (a page with no
 *                        game runs the version before) | reloading
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

  if (framedByAnotherSite()) {
    root.dataset.offline = "off";
    return;
  }
  var container = null;
  try {
    // the getter throws where the browser denies this page service workers
    container = window.isSecureContext ? navigator.serviceWorker || null : null;
  } catch (e) {
    container = null;
  }
  if (!container) {
    root.dataset.offline = "unsupported";
    return;
  }

  var registration = null;
  // a newer build was installed while this page ran its own
  var stale = false;
  var notice = null;

  function busy() {
    var screen = root.dataset.screen;
    return gamePage && (screen === "board" || screen === "lobby");
  }

  function lang() {
    return root.lang === "fr" ? "fr" : "en";
  }

  /** Load this page again, from the version now in control. */
  function reloadIntoNew() {
    root.dataset.update = "reloading";
    window.location.reload();
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
        if (button.dataset.updateCmd === "reload") reloadIntoNew();
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

  /** A newer build is installed: this page keeps running its own. */
  function behind() {
    if (stale) return;
    stale = true;
    if (busy()) showNotice();
    else root.dataset.update = "behind";
  }

  // The game page: a stale page shows the notice while a game goes on, and
  // reloads into the new version when the game is over (back at the menu).
  var wasBusy = busy();
  new MutationObserver(function () {
    var now = busy();
    if (stale && now && (!notice || root.dataset.update !== "waiting")) showNotice();
    if (stale && wasBusy && !now) reloadIntoNew();
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

  /** Once `worker` is activated: its activation took every open page. */
  function activated(worker) {
    return new Promise(function (resolve) {
      if (!worker || worker.state === "activated") return resolve();
      worker.addEventListener("statechange", function () {
        if (worker.state === "activated") resolve();
      });
    });
  }

  // A worker that finishes installing while another is active is a new
  // build; from then on the worker gives new pages that build, and this page
  // its own (sw.js). A worker that waits when this page registers was
  // installed before this page loaded: this page is its build.
  function follow(reg, worker) {
    if (!worker || !reg.active) return; // the first install: this page's build
    function check() {
      if (worker.state !== "installing" && worker.state !== "redundant") behind();
    }
    worker.addEventListener("statechange", check);
    check();
  }

  function register() {
    root.dataset.offline = "registering";
    container
      .register("sw.js")
      .then(function (reg) {
        registration = reg;
        follow(reg, reg.installing);
        reg.addEventListener("updatefound", function () {
          follow(reg, reg.installing);
        });
        document.addEventListener("visibilitychange", checkForUpdate);
        window.setInterval(checkForUpdate, CHECK_EVERY_MS);
        return container.ready;
      })
      .then(function (reg) {
        // "ready" only once the worker controls this page: until then this
        // page's requests are not the worker's, and an update would not be
        // told apart from the first install
        return activated(reg.active);
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
