/*
 * Replays: what the page needs before Python has loaded.
 *
 * It picks the language (the game's saved choice, "bossquest.lang", else the
 * browser's), translates the few static strings of replay.html, names the
 * replay's game in the title and the banner (html[data-game], which Python
 * sets once it has read the link, else the only game the build offers; the
 * titles come from the catalogue, <script id="catalogue">), wires the FR/EN
 * switch (document "bq:lang" tells Python, through assets/replay-board.js), and
 * shows an error if the runtime fails to load (html[data-state="error"]).
 * window.BossQuestReplay = { lang(), fail(detail), refresh() }.
 */
(function () {
  "use strict";

  var LANG_KEY = "bossquest.lang";
  var LANGS = ["fr", "en"];
  var STRINGS = {
    title: { fr: "{game} · replay", en: "{game} · replay" },
    siteTitle: { fr: "Jeux de cartes", en: "Card games" },
    language: { fr: "Langue", en: "Language" },
    loading: { fr: "Chargement du replay…", en: "Loading the replay…" },
    play: { fr: "Jouer une partie", en: "Play a game" },
    allGames: { fr: "Tous les jeux", en: "All games" },
    about: { fr: "À propos de ce site", en: "About this site" },
    errorTitle: { fr: "Le replay n’a pas pu se charger", en: "The replay could not load" },
    errorBody: {
      fr: "Le moteur du jeu (Python dans le navigateur) n’a pas démarré. Rechargez la page.",
      en: "The game engine (Python in the browser) did not start. Reload the page.",
    },
  };
  var root = document.documentElement;

  var load = window.BossQuestShared.load;
  var save = window.BossQuestShared.save;

  function pick() {
    return window.BossQuestShared.browserLanguage(LANGS, LANG_KEY);
  }

  var lang = pick();

  /** The games the build offers: {default, games: [{name, title}]} (build.py). */
  function readCatalogue() {
    try {
      var data = JSON.parse(document.getElementById("catalogue").textContent);
      if (data && Array.isArray(data.games)) return data;
    } catch (e) {
      /* a page built without it: the site's title */
    }
    return { games: [] };
  }

  var CATALOGUE = readCatalogue();

  /** The replay's game: the one Python read in the link, else the only one offered. */
  function game() {
    var name = root.dataset.game;
    if (!name) return CATALOGUE.games.length === 1 ? CATALOGUE.games[0] : null;
    for (var i = 0; i < CATALOGUE.games.length; i++) {
      if (CATALOGUE.games[i].name === name) return CATALOGUE.games[i];
    }
    return null;
  }

  function translate() {
    var nodes = document.querySelectorAll("[data-i18n]");
    for (var i = 0; i < nodes.length; i++) {
      var entry = STRINGS[nodes[i].getAttribute("data-i18n")];
      if (entry) nodes[i].textContent = entry[lang];
    }
    var group = document.querySelector(".lang-switch");
    if (group) group.setAttribute("aria-label", STRINGS.language[lang]);
    var shown = game();
    var name = shown ? shown.title[lang] || shown.title.fr : STRINGS.siteTitle[lang];
    document.title = STRINGS.title[lang].replace("{game}", name);
    // the title leads to the list of games (as on every page), the line under it to the game
    var banner = document.getElementById("replay-game");
    if (banner) banner.textContent = name;
    var play = document.getElementById("replay-play");
    if (play) play.setAttribute("href", shown ? "./?game=" + encodeURIComponent(shown.name) : "./");
  }

  function setLanguage(next, announce) {
    if (LANGS.indexOf(next) < 0) return;
    lang = next;
    root.lang = next;
    save(LANG_KEY, next);
    var buttons = document.querySelectorAll(".lang-btn");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", String(buttons[i].dataset.lang === next));
    }
    translate();
    if (announce) document.dispatchEvent(new CustomEvent("bq:lang", { detail: next }));
  }

  function fail(detail) {
    if (root.dataset.state === "error") return;
    root.dataset.state = "error";
    document.getElementById("replay-load-error").hidden = false;
    document.getElementById("replay-load-details").textContent = String(detail || "");
    document.getElementById("replay-loading").hidden = true;
  }

  document.querySelectorAll(".lang-btn").forEach(function (button) {
    button.addEventListener("click", function () {
      setLanguage(button.dataset.lang, true);
    });
  });

  // Any error before Python is ready is a failure to load the runtime.
  window.BossQuestShared.watchLoading(fail);

  window.BossQuestReplay = {
    lang: function () {
      return lang;
    },
    fail: fail,
    refresh: translate,
  };

  setLanguage(lang, false);
})();
