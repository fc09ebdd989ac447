/*
 * A game's rules page (rules-<game>.html, and rules.html: the default game's;
 * build.py makes them from the game's rules file). Plain JavaScript, no
 * dependency, no Python: the page must stay light, and only its boards
 * (embed.html in iframes) start Python, each when the reader gets near it.
 *
 * It reads the page's game, title and description in each language from
 * <script id="rules-page"> (build.py). It owns:
 *   - the language: ?lang=fr|en, else the one remembered by the game's pages
 *     (localStorage "bossquest.lang", when storage is allowed), else the
 *     browser's; the FR/EN switch; document title and board titles;
 *   - a ?game= naming a game with no rules page (rules-go.js sends the others
 *     to theirs): said in #rules-notice;
 *   - where the boards come from: this page's directory, or ?boards=<http(s)
 *     origin or directory> (anything else is refused, with the reason shown);
 *   - lazy boards: an IntersectionObserver creates a board's iframe only when
 *     its figure comes within NEAR_MARGIN of the viewport, one board at a
 *     time: the next near board starts once the one starting has said its
 *     Python started (embed.js: "bossquest:embed-state"), or after
 *     START_WAIT_MS, or at once if the reader has scrolled away from it; and
 *     at most MAX_LIVE boards stay loaded (they share one Python, embed.html's,
 *     but each holds a document, and a browser without SharedWorker gives each
 *     its own Python), the
 *     farthest one out of view going back to its placeholder.
 * Markers: html[data-rules]=loading|ready, html[data-boards-origin],
 * figure[data-board][data-loaded]=false|loading|true and [data-lang],
 * #rules-notice (visible when a bad ?boards=, ?lang= or ?game= was ignored, or
 * when the host's Content-Security-Policy blocks the boards' origin:
 * html[data-boards-blocked]).
 */
(function () {
  "use strict";

  var LANGS = ["fr", "en"];
  var LANG_KEY = "bossquest.lang"; // shared with the game's page (menu.js)
  var NEAR_MARGIN = "300px 0px"; // load a board a little before it shows
  var MAX_LIVE = 3; // boards loaded at once, the ones near the viewport always kept
  // Two runtimes starting at once leave a two-core device's page thread, which
  // draws the boards (same-origin frames share it), little time: its tasks
  // stretch to hundreds of ms. A board that never says it started (an older
  // embed.js, a frozen one) holds the next one back this long at most.
  var START_WAIT_MS = 20000;

  var STRINGS = {
    language: { fr: "Langue", en: "Language" },
    boardsFrom: { fr: "Plateaux servis par {origin}.", en: "Boards served from {origin}." },
    badBoards: {
      fr: "Paramètre ?boards= ignoré ({reason})\u00a0: les plateaux viennent de ce site.",
      en: "The ?boards= parameter was ignored ({reason}): the boards come from this site.",
    },
    notAddress: { fr: "ce n’est pas une adresse", en: "it is not an address" },
    notHttp: {
      fr: "seules les adresses http ou https sont acceptées",
      en: "only http or https addresses are accepted",
    },
    credentials: {
      fr: "une adresse avec identifiants n’est pas acceptée",
      en: "an address with credentials is not accepted",
    },
    queryPart: {
      fr: "l’adresse ne doit pas avoir de ? ni de #",
      en: "the address must have no ? or #",
    },
    boardsBlocked: {
      fr: "Ce site n’autorise pas les plateaux venant de {origin} (sa Content-Security-Policy, frame-src).",
      en: "This site does not allow boards from {origin} (its Content-Security-Policy, frame-src).",
    },
    badLang: {
      fr: "Paramètre ?lang={value} ignoré\u00a0: choisissez fr ou en.",
      en: "The ?lang={value} parameter was ignored: choose fr or en.",
    },
    noRules: {
      fr: "Le jeu «\u00a0{value}\u00a0» n’a pas de page de règles\u00a0: voici celles de {game}.",
      en: "The game “{value}” has no rules page: here are the rules of {game}.",
    },
  };

  var root = document.documentElement;
  var params = new URLSearchParams(window.location.search);
  var notices = []; // [key, vars] pairs, shown in the page's language

  /* This page's game, its title and description in each language (build.py). */
  function readPage() {
    try {
      var data = JSON.parse(document.getElementById("rules-page").textContent);
      if (data && typeof data.game === "string") return data;
    } catch (e) {
      /* a page built without it: the game of html[data-game], no title */
    }
    return { game: root.getAttribute("data-game") || "", title: {}, description: {}, pages: [] };
  }

  var PAGE = readPage();
  var GAME = PAGE.game;
  STRINGS.title = PAGE.title;
  STRINGS.description = PAGE.description;
  STRINGS.gameTitle = PAGE.gameTitle || {};

  // ------------------------------------------------------------ storage

  var load = window.BossQuestShared.load;
  var save = window.BossQuestShared.save;

  // --------------------------------------------------------------- i18n

  function pickLanguage() {
    var asked = params.get("lang");
    if (asked !== null) {
      if (LANGS.indexOf(asked) >= 0) return asked;
      notices.push(["badLang", { value: asked.slice(0, 20) }]);
    }
    return window.BossQuestShared.browserLanguage(LANGS, LANG_KEY);
  }

  var lang = pickLanguage();

  // rules-go.js has sent a game with a rules page to it: any other stays here
  var askedGame = params.get("game");
  if (askedGame !== null && askedGame !== GAME) {
    notices.push(["noRules", { value: askedGame.slice(0, 40), game: { key: "gameTitle" } }]);
  }

  function t(key, vars) {
    var entry = STRINGS[key];
    var text = entry ? entry[lang] || entry.fr || "" : key;
    if (vars) {
      text = text.replace(/\{(\w+)\}/g, function (all, name) {
        return name in vars ? String(vars[name]) : all;
      });
    }
    return text;
  }

  // ------------------------------------------------------------- boards

  /* Where embed.html lives: "" (this page's directory) or an absolute base
     ending in "/". Only http(s) is accepted, so no javascript:, data: or
     file: URL can ever reach an iframe's src. */
  function boardsBase() {
    var raw = params.get("boards");
    if (raw === null || raw === "") return { base: "", origin: window.location.origin };
    var url = null;
    try {
      url = new URL(raw);
    } catch (e) {
      url = null;
    }
    var reason = null;
    if (url === null) reason = "notAddress";
    else if (url.protocol !== "http:" && url.protocol !== "https:") reason = "notHttp";
    else if (url.username || url.password) reason = "credentials";
    else if (url.search || url.hash) reason = "queryPart";
    if (reason !== null) {
      notices.push(["badBoards", { reason: { key: reason } }]);
      return { base: "", origin: window.location.origin };
    }
    var path = url.pathname.charAt(url.pathname.length - 1) === "/" ? url.pathname : url.pathname + "/";
    return { base: url.origin + path, origin: url.origin };
  }

  var source = boardsBase();
  var figures = Array.prototype.slice.call(document.querySelectorAll("[data-board]"));
  var near = new Map(); // figure -> whether it is within NEAR_MARGIN of the viewport
  var starting = null; // the figure whose board's Python is starting, if any
  var startTimer = 0;

  function boardUrl(figure) {
    var name = figure.getAttribute("data-scenario");
    return (
      source.base +
      "embed.html?game=" +
      encodeURIComponent(figure.getAttribute("data-game") || GAME) +
      "&scenario=" +
      encodeURIComponent(name) +
      "&lang=" +
      encodeURIComponent(lang)
    );
  }

  function boardTitle(figure) {
    return figure.getAttribute("data-title-" + lang) || figure.getAttribute("data-scenario");
  }

  function loadBoard(figure) {
    var frame = figure.querySelector(".board-frame");
    var iframe = document.createElement("iframe");
    iframe.title = boardTitle(figure);
    iframe.loading = "lazy"; // belt and braces: the observer already waited
    iframe.referrerPolicy = "no-referrer";
    iframe.addEventListener("load", function () {
      // a board unloaded meanwhile has no iframe any more: leave its marker alone
      if (iframe.isConnected) figure.setAttribute("data-loaded", "true");
    });
    figure.setAttribute("data-loaded", "loading");
    figure.setAttribute("data-lang", lang);
    iframe.src = boardUrl(figure);
    frame.appendChild(iframe);
    limitLiveBoards(figure);
  }

  /* A board says how tall its lesson is (embed.js): its frame grows or
     shrinks to show it whole, at every width, so that the board never
     scrolls inside a box of its own. After a move, the board says where its
     caption is ("bossquest:embed-caption"): the page scrolls it into sight
     when it is above the banner or below the screen. Both messages count only
     from one of this page's own frames. */
  var MIN_FRAME = 240;
  var MAX_FRAME = 6000;
  function frameOf(source) {
    for (var i = 0; i < figures.length; i++) {
      var iframe = figures[i].querySelector("iframe");
      if (iframe && iframe.contentWindow === source) return figures[i];
    }
    return null;
  }
  function onBoardHeight(event) {
    var data = event.data;
    if (!data || data.type !== "bossquest:embed-height") return;
    var height = Number(data.height);
    var figure = frameOf(event.source);
    if (!isFinite(height) || height <= 0 || !figure) return;
    var frame = figure.querySelector(".board-frame");
    var borders = frame.offsetHeight - frame.clientHeight; // the frame's height counts them
    frame.style.height = Math.round(Math.min(MAX_FRAME, Math.max(MIN_FRAME, height))) + borders + "px";
    figure.setAttribute("data-sized", "true");
  }
  function onBoardCaption(event) {
    var data = event.data;
    if (!data || data.type !== "bossquest:embed-caption") return;
    var top = Number(data.top);
    var figure = frameOf(event.source);
    if (!isFinite(top) || !figure) return;
    var banner = document.querySelector(".banner");
    var covered = banner ? banner.getBoundingClientRect().bottom : 0;
    var frame = figure.querySelector(".board-frame").getBoundingClientRect();
    var caption = frame.top + top;
    if (caption < covered + 8 || caption > window.innerHeight - 80) {
      window.scrollBy(0, caption - covered - 12);
    }
  }
  window.addEventListener("message", onBoardCaption);
  window.addEventListener("message", onBoardHeight);

  /* The starting board's Python started (or failed to): the next one may start. */
  function onBoardState(event) {
    var data = event.data;
    if (!data || data.type !== "bossquest:embed-state" || starting === null) return;
    var iframe = starting.querySelector("iframe");
    if (iframe && iframe.contentWindow === event.source) boardStarted();
  }
  window.addEventListener("message", onBoardState);

  function boardStarted() {
    starting = null;
    window.clearTimeout(startTimer);
    startNextBoard();
  }

  /* Start the near board closest to the middle of the viewport, unless one
     near is starting already. */
  function startNextBoard() {
    if (starting !== null && near.get(starting) && isLive(starting)) return;
    var middle = window.innerHeight / 2;
    var next = null;
    var best = Infinity;
    figures.forEach(function (figure) {
      if (!near.get(figure) || isLive(figure)) return;
      var box = figure.getBoundingClientRect();
      var distance = Math.abs(box.top + box.height / 2 - middle);
      if (distance < best) {
        best = distance;
        next = figure;
      }
    });
    if (next === null) return;
    starting = next;
    window.clearTimeout(startTimer);
    startTimer = window.setTimeout(boardStarted, START_WAIT_MS);
    loadBoard(next);
  }

  function unloadBoard(figure) {
    var iframe = figure.querySelector("iframe");
    if (iframe) iframe.remove();
    figure.setAttribute("data-loaded", "false");
    figure.removeAttribute("data-lang");
  }

  function isLive(figure) {
    return figure.getAttribute("data-loaded") !== "false";
  }

  /* Each board holds a document (and its own Python where the browser has no
     SharedWorker): keep MAX_LIVE at most, dropping the one
     farthest from the viewport among those out of view. */
  function limitLiveBoards(keep) {
    var live = figures.filter(isLive);
    var middle = window.innerHeight / 2;
    while (live.length > MAX_LIVE) {
      var far = null;
      var farthest = -1;
      for (var i = 0; i < live.length; i++) {
        var figure = live[i];
        if (figure === keep || near.get(figure)) continue;
        var box = figure.getBoundingClientRect();
        var distance = Math.abs(box.top + box.height / 2 - middle);
        if (distance > farthest) {
          farthest = distance;
          far = figure;
        }
      }
      if (far === null) return; // every live board is in view: keep them all
      unloadBoard(far);
      live = figures.filter(isLive);
    }
  }

  function onIntersect(entries) {
    for (var i = 0; i < entries.length; i++) near.set(entries[i].target, entries[i].isIntersecting);
    startNextBoard();
  }

  function watchBoards() {
    if (!("IntersectionObserver" in window)) {
      // very old browser: let the iframes' own loading="lazy" do what it can
      figures.forEach(loadBoard);
      return;
    }
    var observer = new IntersectionObserver(onIntersect, { rootMargin: NEAR_MARGIN });
    figures.forEach(function (figure) {
      near.set(figure, false);
      observer.observe(figure);
    });
  }

  // ---------------------------------------------------------- the page

  function showNotices() {
    var box = document.getElementById("rules-notice");
    if (!box) return;
    box.textContent = notices
      .map(function (notice) {
        var vars = {};
        for (var name in notice[1]) {
          var value = notice[1][name];
          vars[name] = value && value.key ? t(value.key) : value;
        }
        return t(notice[0], vars);
      })
      .join(" ");
    box.hidden = notices.length === 0;
  }

  function showSource() {
    var line = document.getElementById("boards-source");
    if (!line) return;
    var foreign = source.base !== "";
    line.hidden = !foreign;
    if (!foreign) return;
    var parts = t("boardsFrom").split("{origin}");
    var code = document.createElement("code");
    code.textContent = source.base;
    line.replaceChildren(document.createTextNode(parts[0]), code, document.createTextNode(parts[1] || ""));
  }

  function applyLanguage() {
    root.lang = lang;
    if (t("title")) document.title = t("title");
    var meta = document.getElementById("meta-description");
    if (meta && t("description")) meta.setAttribute("content", t("description"));
    var buttons = document.querySelectorAll(".lang-btn");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", String(buttons[i].getAttribute("data-lang") === lang));
    }
    var group = document.querySelector(".lang-switch");
    if (group) group.setAttribute("aria-label", t("language"));
    figures.forEach(function (figure) {
      var open = figure.querySelector(".board-open");
      if (open) open.href = boardUrl(figure);
    });
    showNotices();
    showSource();
  }

  /* A ?lang= in the address would undo the reader's choice on reload: follow it. */
  function keepLanguageInAddress() {
    if (!params.has("lang")) return;
    params.set("lang", lang);
    notices = notices.filter(function (notice) {
      return notice[0] !== "badLang";
    });
    try {
      window.history.replaceState(null, "", "?" + params.toString() + window.location.hash);
    } catch (e) {
      /* a sandboxed or opaque page: the address keeps its old ?lang=, nothing more */
    }
  }

  /* A switch reloads the boards in view in the new language (one at a time,
     as they load); the others go back to their placeholder and load in that
     language when reached. */
  function setLanguage(next) {
    if (LANGS.indexOf(next) < 0 || next === lang) return;
    lang = next;
    save(LANG_KEY, next);
    keepLanguageInAddress();
    applyLanguage();
    figures.forEach(function (figure) {
      if (isLive(figure)) unloadBoard(figure);
    });
    starting = null;
    startNextBoard();
  }

  /* A host whose Content-Security-Policy forbids frames from the ?boards=
     origin blocks every board: say so once, instead of empty frames alone. */
  document.addEventListener("securitypolicyviolation", function (event) {
    if (event.effectiveDirective !== "frame-src" && event.violatedDirective !== "frame-src") return;
    if (String(event.blockedURI).indexOf(source.origin) !== 0) return;
    for (var i = 0; i < notices.length; i++) if (notices[i][0] === "boardsBlocked") return;
    notices.push(["boardsBlocked", { origin: source.origin }]);
    root.setAttribute("data-boards-blocked", "true");
    showNotices();
  });

  var langButtons = document.querySelectorAll(".lang-btn");
  for (var b = 0; b < langButtons.length; b++) {
    langButtons[b].addEventListener("click", function (event) {
      setLanguage(event.currentTarget.getAttribute("data-lang"));
    });
  }

  root.setAttribute("data-boards-origin", source.origin);
  applyLanguage();
  watchBoards();
  root.setAttribute("data-rules", "ready");
})();
