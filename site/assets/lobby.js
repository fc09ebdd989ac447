/*
 * Boss Quest: network play's page shell, before Python is ready.
 *
 * Plain JavaScript, no dependency, loaded after menu.js. Everything of network
 * play is Python (game/web/net_page.py); this file only does what must work
 * before Python has loaded:
 *   - the menu's "Play with others" button: its strings (added to menu.js's
 *     window.BossQuest.strings, so the live language switch translates them);
 *     a click sends the document a "bq:net" event, which Python answers with
 *     the network screen; a click while Python loads is kept and sent once it
 *     is ready (menu.js's request: html[data-pending="net"]);
 *   - an invitation link (#join=<code>) shows the lobby screen at once, with a
 *     "loading" line, instead of flashing the local game's menu.
 */
(function () {
  "use strict";

  var BQ = window.BossQuest;
  if (!BQ) return; // menu.js failed: the page shows its error already

  var STRINGS = {
    netOpen: { fr: "Jouer à plusieurs", en: "Play with others" },
    netOpenHint: {
      fr: "Dans d’autres onglets de ce navigateur ou sur d’autres appareils, sans serveur.",
      en: "In other tabs of this browser or on other devices, with no server.",
    },
    netPending: {
      fr: "Le jeu en réseau s’ouvrira dès que le jeu sera chargé.",
      en: "Network play will open as soon as the game has loaded.",
    },
    netLoading: {
      fr: "Invitation reçue. Chargement du jeu…",
      en: "Invitation received. Loading the game…",
    },
  };
  for (var key in STRINGS) BQ.strings[key] = STRINGS[key];

  var root = document.documentElement;
  var entry = document.getElementById("net-entry");
  var button = document.getElementById("net-open");
  BQ.translate(entry);

  BQ.addRequest("net", {
    hint: entry.querySelector(".hint"),
    idleKey: "netOpenHint",
    pendingKey: "netPending",
    send: function () {
      document.dispatchEvent(new CustomEvent("bq:net"));
    },
  });

  // usable from now on, but not once the page failed to load
  function onState() {
    button.disabled = root.dataset.state === "error";
  }
  new MutationObserver(onState).observe(root, {
    attributes: true,
    attributeFilter: ["data-state"],
  });
  onState();

  button.addEventListener("click", function () {
    BQ.request("net");
  });

  // An invitation link: the guest's page is the lobby from the start.
  if (/^#join=./.test(window.location.hash) && root.dataset.state === "loading") {
    root.dataset.screen = "lobby";
    var view = document.getElementById("lobby-view");
    var line = document.createElement("p");
    line.className = "net-wait";
    line.setAttribute("data-i18n", "netLoading");
    line.textContent = BQ.t("netLoading");
    view.replaceChildren(line);
  }
})();
