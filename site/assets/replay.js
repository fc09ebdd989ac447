/*
 * Boss Quest replays: what the page needs before Python has loaded.
 *
 * It picks the language (the game's saved choice, "bossquest.lang", else the
 * browser's), translates the few static strings of replay.html, wires the
 * FR/EN switch (document "bq:lang" tells Python, game/web/replay_main.py), and
 * shows an error if the runtime fails to load (html[data-state="error"]).
 * window.BossQuestReplay = { lang(), fail(detail) }.
 */
(function () {
  "use strict";

  var LANG_KEY = "bossquest.lang";
  var LANGS = ["fr", "en"];
  var STRINGS = {
    title: { fr: "Boss Quest · replay", en: "Boss Quest · replay" },
    language: { fr: "Langue", en: "Language" },
    loading: { fr: "Chargement du replay…", en: "Loading the replay…" },
    play: { fr: "Jouer une partie", en: "Play a game" },
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

  function translate() {
    var nodes = document.querySelectorAll("[data-i18n]");
    for (var i = 0; i < nodes.length; i++) {
      var entry = STRINGS[nodes[i].getAttribute("data-i18n")];
      if (entry) nodes[i].textContent = entry[lang];
    }
    var group = document.querySelector(".lang-switch");
    if (group) group.setAttribute("aria-label", STRINGS.language[lang]);
    document.title = STRINGS.title[lang];
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
  };

  setLanguage(lang, false);
})();
