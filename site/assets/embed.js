/*
 * The embeddable tutorial board (embed.html), before Python.
 *
 * Plain JavaScript with no dependency. It runs as soon as the HTML is parsed and:
 *   - picks the language (?lang=fr|en, else the browser's) and sets <html lang>,
 *     which game/web/embed_main.py reads too;
 *   - draws, from the index build.py wrote into #tutorial-index (by game, then
 *     lesson: ?game=NAME, else the build's default game), the lesson's title,
 *     intro and first caption, and a frame of the board (its bar and the
 *     players, with the game's own pieces: window.BoardSkeletons[NAME], from
 *     the game's script in assets/games.js, below), with a loading line: the
 *     reader can start reading at once; the page's title names the lesson and
 *     its game (the game's title from the catalogue, #catalogue);
 *   - says so clearly when the scenario is unknown (#tutorial[data-error=unknown]);
 *   - sets html[data-state="error"] with a message if the runtime fails to load;
 *   - opened on its own (not in a frame): the site's header (the crest and
 *     title lead to the list of games, "All games", the language), the game's
 *     lessons in its order (the catalogue's: previous, next, and a list to
 *     jump to any; #tut-lessons) and the footer; html[data-standalone="true"].
 *     In a frame, none of it: a rules page or another site's page frames a
 *     bare board;
 *   - in a frame, tells the page around it its lesson's height
 *     ("bossquest:embed-height"; the page sizes its frame to it), and after a
 *     move where the caption is ("bossquest:embed-caption", embed-board.js),
 *     and when its Python has started or failed ("bossquest:embed-state"), for
 *     rules.js and any other page that listens.
 * It uses no storage and no cookie: in an iframe of another site, third-party
 * storage may be partitioned or blocked, and nothing here depends on it (the
 * board's Python runs in a worker, which reads the build's snapshot from Cache
 * Storage when it may and starts cold when it may not).
 * window.BossQuestEmbed = { fail(detail), lang }.
 *
 * A game's pieces of the frame (game/<name>/ui/*.js, joined by build.py into
 * assets/games.js, run before this script): window.BoardSkeletons[NAME] =
 * { bar(lesson, kit), table(lesson, kit), hand(lesson, player, kit) }, each
 * optional, each returning an element, a list of elements or null. `lesson`
 * is the index's entry (its `preview`: the setup keys the game's listing
 * names); `kit` = { el(tag, cls, text), icon(name, cls), lang }.
 */
(function () {
  "use strict";

  var STRINGS = {
    loading: { fr: "Chargement du plateau…", en: "Loading the board…" },
    slow: {
      fr: "Le plateau se charge encore… (la première fois, il faut quelques secondes)",
      en: "The board is still loading… (the first time takes a few seconds)",
    },
    failed: {
      fr: "Le plateau n’a pas pu se charger. Rechargez la page, avec un navigateur récent.",
      en: "The board could not load. Reload the page, in an up-to-date browser.",
    },
    details: { fr: "Détails techniques", en: "Technical details" },
    unknown: { fr: "Tutoriel inconnu : « {name} ».", en: "Unknown tutorial: “{name}”." },
    missing: {
      fr: "Aucun tutoriel demandé : ajoutez ?scenario=NOM à l’adresse.",
      en: "No tutorial asked for: add ?scenario=NAME to the address.",
    },
    available: { fr: "Tutoriels disponibles :", en: "Available tutorials:" },
    board: { fr: "Plateau de jeu", en: "Game board" },
    you: { fr: "Vous", en: "You" },
    tutorials: { fr: "Tutoriels", en: "Tutorials" },
    allGames: { fr: "Tous les jeux", en: "All games" },
    language: { fr: "Langue", en: "Language" },
    lessons: { fr: "Les leçons de {game}", en: "{game} lessons" },
    lessonOf: { fr: "Leçon {n} sur {total}", en: "Lesson {n} of {total}" },
    previous: { fr: "Leçon précédente", en: "Previous lesson" },
    next: { fr: "Leçon suivante", en: "Next lesson" },
    allLessons: { fr: "Toutes les leçons", en: "All lessons" },
    about: { fr: "À propos de ce site", en: "About this site" },
  };
  var SLOW_AFTER_MS = 8000;

  var root = document.documentElement;
  var params = new URLSearchParams(window.location.search);
  var lang = params.get("lang");
  if (lang !== "fr" && lang !== "en") {
    lang = String(navigator.language || "").toLowerCase().indexOf("fr") === 0 ? "fr" : "en";
  }
  root.lang = lang;

  function t(key, vars) {
    var text = STRINGS[key][lang];
    Object.keys(vars || {}).forEach(function (name) {
      text = text.split("{" + name + "}").join(vars[name]);
    });
    return text;
  }

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function icon(name, cls) {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "icon icon-" + name + (cls ? " " + cls : ""));
    svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(ns, "use");
    use.setAttribute("href", "#i-" + name);
    svg.appendChild(use);
    return svg;
  }

  function pick(text) {
    return text && typeof text === "object" ? String(text[lang] || "") : "";
  }

  var tutorial = document.getElementById("tutorial");
  var panel = document.getElementById("tut-panel");
  var view = document.getElementById("board-view");
  var loadingText = document.getElementById("tut-loading-text");

  function readJson(id, fallback) {
    try {
      var data = JSON.parse(document.getElementById(id).textContent || "null");
      return data && typeof data === "object" ? data : fallback;
    } catch (error) {
      return fallback;
    }
  }

  function own(object, key) {
    return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : null;
  }

  var catalogue = readJson("catalogue", { games: [] });
  var gameName = params.get("game") || catalogue.default || "";
  var game = null;
  (catalogue.games || []).forEach(function (known) {
    if (known.name === gameName) game = known;
  });
  var gameTitle = game ? pick(game.title) : "";
  var index = own(readJson("tutorial-index", {}), gameName) || {};
  var name = params.get("scenario") || "";
  var entry = own(index, name);
  if (gameTitle) document.title = gameTitle;
  document.getElementById("board").setAttribute("aria-label", t("board"));
  loadingText.textContent = t("loading");

  // ------------------------------------------------------------- the frame

  function drawPanel() {
    var head = el("div", "tut-head");
    head.appendChild(el("h1", "tut-title", pick(entry.title)));
    panel.appendChild(head);
    var intro = el("p", "tut-intro", pick(entry.intro));
    panel.appendChild(intro);
    panel.appendChild(el("p", "tut-caption", pick(entry.caption)));
    document.title = pick(entry.title) + (gameTitle ? " · " + gameTitle : "");
  }

  var skeleton = own(window.BoardSkeletons || {}, gameName) || {};
  var kit = { el: el, icon: icon, lang: lang };

  /* The game's piece `part` of the frame, put in `parent` (none if the game
     draws none; a game's script that fails costs its pieces, never the page). */
  function piece(part, parent) {
    if (typeof skeleton[part] !== "function") return;
    try {
      var made = skeleton[part].apply(null, [].slice.call(arguments, 2));
      [].concat(made || []).forEach(function (node) {
        parent.appendChild(node);
      });
    } catch (error) {
      console.warn("the game's frame of the lesson: " + error);
    }
  }

  /* The board's frame: the bar and the players (their names, the reader's
     tag), with the game's own pieces, in the board's own classes, so Python's
     first render takes the same place. */
  function drawBoard() {
    var table = el("div", "table tut-skeleton");
    var bar = el("div", "table-bar");
    piece("bar", bar, entry, kit);
    table.appendChild(bar);
    piece("table", table, entry, kit);
    var seats = el("section", "seats-zone");
    var list = el("ol", "seat-list");
    (entry.players || []).forEach(function (player) {
      var item = el("li", "seat-panel");
      var head = el("div", "seat-head");
      head.appendChild(el("span", "knight-name", player));
      if (player === entry.reader) head.appendChild(el("span", "tag tag-you", t("you")));
      item.appendChild(head);
      piece("hand", item, entry, player, kit);
      list.appendChild(item);
    });
    seats.appendChild(list);
    table.appendChild(seats);
    view.appendChild(table);
  }

  function drawUnknown() {
    tutorial.setAttribute("data-error", "unknown");
    var box = el("div", "tut-unknown");
    box.setAttribute("role", "alert");
    box.appendChild(el("p", "tut-caption", name ? t("unknown", { name: name }) : t("missing")));
    var names = Object.keys(index).sort();
    if (names.length) {
      box.appendChild(el("p", "tut-note", t("available")));
      var list = el("ul", "tut-list");
      names.forEach(function (known) {
        var item = el("li");
        var link = el("a", "", pick(index[known].title) || known);
        link.href =
          "embed.html?game=" +
          encodeURIComponent(gameName) +
          "&scenario=" +
          encodeURIComponent(known) +
          "&lang=" +
          lang;
        item.appendChild(link);
        list.appendChild(item);
      });
      box.appendChild(list);
    }
    panel.appendChild(box);
  }

  if (entry) {
    tutorial.setAttribute("data-scenario", name);
    drawPanel();
    drawBoard();
  } else {
    drawUnknown();
  }

  // ------------------------------------------- on its own: the site around it

  /** The address of lesson `scenario` of this game, in `language`. */
  function lessonHref(scenario, language) {
    return (
      "embed.html?game=" +
      encodeURIComponent(gameName) +
      "&scenario=" +
      encodeURIComponent(scenario) +
      "&lang=" +
      (language || lang)
    );
  }

  function crest() {
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "crest");
    svg.setAttribute("viewBox", "0 0 64 64");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    [
      ["path", "crest-shield", { d: "M32 4 L56 12 V30 C56 45 45 55 32 60 C19 55 8 45 8 30 V12 Z" }],
      ["path", "crest-sword", { d: "M32 14 V44 M25 38 H39 M32 44 V50" }],
      ["circle", "crest-gem", { cx: "32", cy: "52", r: "3" }],
    ].forEach(function (part) {
      var node = document.createElementNS(ns, part[0]);
      node.setAttribute("class", part[1]);
      Object.keys(part[2]).forEach(function (key) {
        node.setAttribute(key, part[2][key]);
      });
      svg.appendChild(node);
    });
    return svg;
  }

  /* The site's header: the crest and the game's title lead to the list of
     games, as on every page; "All games"; the language (the lesson again in
     the other one). */
  function drawHeader() {
    var header = el("header", "banner");
    var inner = el("div", "banner-inner");
    var brand = el("a", "brand brand-link");
    brand.href = "./";
    brand.setAttribute("data-link", "home-brand");
    brand.appendChild(crest());
    var brandWords = el("div", "brand-words");
    brandWords.appendChild(el("span", "title", gameTitle || t("tutorials")));
    brandWords.appendChild(el("span", "tagline", t("tutorials")));
    brand.appendChild(brandWords);
    inner.appendChild(brand);
    var tools = el("div", "banner-tools");
    var home = el("a", "banner-home");
    home.href = "./";
    home.setAttribute("data-link", "home");
    home.appendChild(icon("grid", "banner-home-icon"));
    home.appendChild(el("span", "banner-home-text", t("allGames")));
    tools.appendChild(home);
    var switcher = el("div", "lang-switch");
    switcher.setAttribute("role", "group");
    switcher.setAttribute("aria-label", t("language"));
    ["fr", "en"].forEach(function (code) {
      var link = el("a", "lang-btn", code.toUpperCase());
      link.lang = code;
      link.href = name ? lessonHref(name, code) : "embed.html?game=" + encodeURIComponent(gameName) + "&lang=" + code;
      if (code === lang) link.setAttribute("aria-current", "true");
      switcher.appendChild(link);
    });
    tools.appendChild(switcher);
    inner.appendChild(tools);
    header.appendChild(inner);
    document.body.insertBefore(header, tutorial);
  }

  /* The game's lessons, in its order (the catalogue's, as on its rules page
     and the home's Tutorials link): the previous and the next one, and a
     list to jump to any. */
  function drawLessons() {
    var order = (game && Array.isArray(game.tutorials) ? game.tutorials : []).filter(function (known) {
      return own(index, known);
    });
    var at = order.indexOf(name);
    if (at < 0 || order.length < 2) return;
    var nav = el("nav", "tut-lessons");
    nav.id = "tut-lessons";
    nav.setAttribute("aria-label", t("lessons", { game: gameTitle }));
    var steps = el("div", "tut-lessons-steps");
    var previous = el("a", "btn btn-secondary btn-small tut-lesson-prev", "← " + t("previous"));
    var following = el("a", "btn btn-secondary btn-small tut-lesson-next", t("next") + " →");
    [[previous, at - 1, "prev"], [following, at + 1, "next"]].forEach(function (link) {
      var target = order[link[1]];
      if (target) {
        link[0].href = lessonHref(target);
        link[0].setAttribute("rel", link[2]);
        link[0].setAttribute("title", pick(index[target].title));
      } else {
        link[0].setAttribute("aria-disabled", "true");
      }
      link[0].setAttribute("data-lesson", link[2]);
    });
    steps.appendChild(previous);
    steps.appendChild(el("span", "tut-lessons-count", t("lessonOf", { n: at + 1, total: order.length })));
    steps.appendChild(following);
    nav.appendChild(steps);
    var all = el("details", "tut-lessons-all");
    all.appendChild(el("summary", "", t("allLessons")));
    var list = el("ol", "tut-lessons-list");
    order.forEach(function (known) {
      var item = el("li");
      var link = el("a", "", pick(index[known].title) || known);
      link.href = lessonHref(known);
      link.setAttribute("data-scenario", known);
      if (known === name) link.setAttribute("aria-current", "page");
      item.appendChild(link);
      list.appendChild(item);
    });
    all.appendChild(list);
    nav.appendChild(all);
    document.body.insertBefore(nav, tutorial);
  }

  function drawFooter() {
    var footer = el("footer", "colophon");
    var line = el("p", "fineprint");
    var about = el("a", "", t("about"));
    about.href = "about.html";
    about.setAttribute("data-link", "about");
    line.appendChild(about);
    footer.appendChild(line);
    document.body.appendChild(footer);
  }

  // Opened on its own (the home's Tutorials, a rules page's "Open on its
  // own"), the board gets the site's header, its lessons and the footer; in a
  // frame (a rules page, another site's page) it stays bare.
  if (window.parent === window) {
    root.setAttribute("data-standalone", "true");
    drawHeader();
    drawLessons();
    drawFooter();
  }

  window.setTimeout(function () {
    if (root.dataset.state === "loading") loadingText.textContent = t("slow");
  }, SLOW_AFTER_MS);

  // ------------------------------------------------ the height, for a frame

  /* In an iframe, tell the page around it how tall the lesson is (a number,
     nothing else), each time it changes: a page that listens (rules.js) sizes
     its frame to show the whole board, uncut. Any page may hear it: the
     height of a lesson is no secret. */
  function postHeight() {
    var height = Math.ceil(tutorial.getBoundingClientRect().bottom + window.scrollY);
    window.parent.postMessage({ type: "bossquest:embed-height", height: height }, "*");
  }
  if (window.parent !== window && "ResizeObserver" in window) {
    new ResizeObserver(postHeight).observe(tutorial);
  }

  /* And once its Python has started, or failed to (html[data-state] leaves
     "loading"): a page that starts several boards (rules.js) starts the next
     one then, never two runtimes at once. */
  if (window.parent !== window) {
    new MutationObserver(function (changes, observer) {
      if (root.dataset.state === "loading") return;
      observer.disconnect();
      window.parent.postMessage({ type: "bossquest:embed-state", state: root.dataset.state }, "*");
    }).observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }

  // ------------------------------------------------------------- failures

  function fail(detail) {
    if (root.dataset.state === "error") return;
    root.dataset.state = "error";
    loadingText.textContent = t("failed");
    var loading = document.getElementById("tut-loading");
    loading.hidden = false;
    loading.setAttribute("role", "alert");
    var more = el("details", "tut-error");
    more.appendChild(el("summary", "", t("details")));
    more.appendChild(el("pre", "", String(detail || "unknown error")));
    loading.appendChild(more);
  }

  // Any error before Python is ready is a failure to load the runtime.
  window.BossQuestShared.watchLoading(fail);

  window.BossQuestEmbed = { fail: fail, lang: lang };
})();
