/*
 * The About page (about.html): its language and the FR/EN switch. Plain
 * JavaScript, no dependency, no Python. The page holds every text in both
 * languages (data-l="fr" | "en"); about.css shows the one of html[lang]. The
 * language: ?lang=fr|en, else the one the game pages remember
 * (localStorage "bossquest.lang"), else the browser's. Marker:
 * html[data-about="ready"].
 */
(function () {
  "use strict";

  var LANGS = ["fr", "en"];
  var LANG_KEY = "bossquest.lang"; // shared with the game's page (menu.js)
  var TITLES = { fr: "À propos · Jeux de cartes", en: "About · Card games" };
  var root = document.documentElement;
  var shared = window.BossQuestShared;

  function setLanguage(lang, remember) {
    if (LANGS.indexOf(lang) < 0) return;
    root.lang = lang;
    document.title = TITLES[lang];
    if (remember) shared.save(LANG_KEY, lang);
    document.querySelectorAll(".lang-btn").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button.getAttribute("data-lang") === lang));
    });
  }

  var asked = new URLSearchParams(window.location.search).get("lang");
  setLanguage(LANGS.indexOf(asked) >= 0 ? asked : shared.browserLanguage(LANGS, LANG_KEY), false);
  document.querySelectorAll(".lang-btn").forEach(function (button) {
    button.addEventListener("click", function () {
      setLanguage(button.getAttribute("data-lang"), true);
    });
  });
  root.setAttribute("data-about", "ready");
})();
