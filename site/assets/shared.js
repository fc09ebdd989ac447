/*
 * Boss Quest: what every page needs before Python, written once (index.html,
 * embed.html, replay.html and rules.html load it before their own script).
 *
 * window.BossQuestShared = {
 *   load(key), save(key, value)   localStorage that never throws: storage may be
 *                                 off (private mode, policy) or, in an iframe on
 *                                 another site, partitioned or blocked
 *   browserLanguage(langs, key)   the choice saved under `key` if it is one of
 *                                 `langs`, else the browser's first of them, else "en"
 *   describe(error)               an error's stack or message, as text
 *   watchLoading(fail)            any error or rejected promise while
 *                                 html[data-state] is "loading" calls fail(detail):
 *                                 the runtime did not start
 *   alertPrefs(), setAlertPref(name, on)
 *                                 the turn alerts a player switched on on this
 *                                 device ("sound", "vibrate", "notify"; all off
 *                                 by default), in localStorage "bq.alerts.v1"
 *   turnAlert(yours)              the board says whether it is this player's
 *                                 turn (assets/game-board.js, after each draw):
 *                                 the tab's title and icon say so while it is;
 *                                 as it becomes so, the switched-on alerts fire
 * }
 */
(function () {
  "use strict";

  var root = document.documentElement;

  function load(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null; // nothing remembered: the page still works
    }
  }

  function save(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {
      /* not remembered, nothing more */
    }
  }

  function browserLanguage(langs, key) {
    var saved = key ? load(key) : null;
    if (langs.indexOf(saved) >= 0) return saved;
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i]).slice(0, 2).toLowerCase();
      if (langs.indexOf(code) >= 0) return code;
    }
    return "en";
  }

  function describe(value) {
    if (value && value.stack) return String(value.stack);
    if (value && value.message) return String(value.message);
    return String(value);
  }

  function watchLoading(fail) {
    window.addEventListener(
      "error",
      function (event) {
        if (root.dataset.state !== "loading") return;
        var target = event.target;
        if (target && target !== window && (target.src || target.href)) {
          fail("Could not load " + (target.src || target.href));
        } else {
          fail(event.error ? describe(event.error) : event.message);
        }
      },
      true,
    );
    window.addEventListener("unhandledrejection", function (event) {
      if (root.dataset.state === "loading") fail(describe(event.reason));
    });
  }

  // ----------------------------------------------------------- turn alerts

  var ALERTS_KEY = "bq.alerts.v1";
  var ALERT_NAMES = ["sound", "vibrate", "notify"];
  var YOUR_TURN = { fr: "À vous de jouer", en: "Your turn" };
  var TITLE_MARK = "\u25cf "; // a dot before the title: seen on a crowded tab bar

  function alertPrefs() {
    var prefs = { sound: false, vibrate: false, notify: false };
    try {
      var saved = JSON.parse(load(ALERTS_KEY) || "{}");
      ALERT_NAMES.forEach(function (name) {
        prefs[name] = saved !== null && saved[name] === true;
      });
    } catch (e) {
      /* unreadable: every alert off */
    }
    return prefs;
  }

  function setAlertPref(name, on) {
    if (ALERT_NAMES.indexOf(name) < 0) throw new Error("no alert named " + name);
    var prefs = alertPrefs();
    prefs[name] = on === true;
    save(ALERTS_KEY, JSON.stringify(prefs));
    return prefs;
  }

  var turn = { yours: false, base: "", iconHref: "", badgeHref: "", audio: null };

  function turnWords() {
    return YOUR_TURN[root.lang === "fr" ? "fr" : "en"];
  }

  function iconLink() {
    return document.querySelector("link[rel~='icon']");
  }

  /* The site's icon with a red dot, made once from the icon itself (same
     origin) into a data: URL. */
  function setBadgeIcon(on) {
    var link = iconLink();
    if (!link) return;
    if (!turn.iconHref) turn.iconHref = link.getAttribute("href");
    if (!on) {
      link.setAttribute("href", turn.iconHref);
      return;
    }
    if (turn.badgeHref) {
      link.setAttribute("href", turn.badgeHref);
      return;
    }
    if (!window.fetch) return;
    fetch(turn.iconHref)
      .then(function (response) {
        return response.text();
      })
      .then(function (svg) {
        var dot = '<circle cx="50" cy="14" r="13" fill="#e23b2e" stroke="#fff" stroke-width="4"/>';
        turn.badgeHref = "data:image/svg+xml," + encodeURIComponent(svg.replace("</svg>", dot + "</svg>"));
        if (turn.yours) link.setAttribute("href", turn.badgeHref);
      })
      .catch(function () {
        /* the title says it still */
      });
  }

  function count(marker) {
    root.setAttribute(marker, String(Number(root.getAttribute(marker) || "0") + 1));
  }

  /* Two short notes made by WebAudio: no sound file. */
  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    try {
      turn.audio = turn.audio || new Context();
      if (turn.audio.state === "suspended") turn.audio.resume();
      var start = turn.audio.currentTime + 0.02;
      [660, 880].forEach(function (pitch, index) {
        var at = start + index * 0.16;
        var note = turn.audio.createOscillator();
        var gain = turn.audio.createGain();
        note.type = "sine";
        note.frequency.value = pitch;
        gain.gain.setValueAtTime(0.0001, at);
        gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.28);
        note.connect(gain);
        gain.connect(turn.audio.destination);
        note.start(at);
        note.stop(at + 0.3);
      });
      count("data-alert-sound");
    } catch (e) {
      /* no sound here: the title says it */
    }
  }

  function notify() {
    if (!document.hidden || !("Notification" in window)) return;
    if (window.Notification.permission !== "granted") return;
    try {
      new window.Notification(turnWords(), { body: turn.base, tag: "bq-turn" });
      count("data-alert-notify");
    } catch (e) {
      /* some browsers allow notifications from a service worker only */
    }
  }

  var TITLE_JOIN = " \u00b7 ";

  function turnAlert(yours) {
    yours = yours === true;
    // the title again each time, in the page's language of the moment
    var title = document.title;
    if (title.indexOf(TITLE_MARK) === 0) title = title.slice(title.indexOf(TITLE_JOIN) + TITLE_JOIN.length);
    turn.base = title;
    document.title = yours ? TITLE_MARK + turnWords() + TITLE_JOIN + title : title;
    if (yours === turn.yours) return;
    turn.yours = yours;
    root.setAttribute("data-turn", yours ? "yours" : "");
    setBadgeIcon(yours);
    if (!yours) return;
    var prefs = alertPrefs();
    if (prefs.sound) chime();
    if (prefs.vibrate && navigator.vibrate) {
      navigator.vibrate([120, 80, 120]);
      count("data-alert-vibrate");
    }
    if (prefs.notify) notify();
  }

  // leaving the board (the menu, the home) ends the turn's title and icon
  new MutationObserver(function () {
    if (root.dataset.screen !== "board") turnAlert(false);
  }).observe(root, { attributes: true, attributeFilter: ["data-screen"] });

  window.BossQuestShared = {
    load: load,
    save: save,
    browserLanguage: browserLanguage,
    describe: describe,
    watchLoading: watchLoading,
    alertPrefs: alertPrefs,
    setAlertPref: setAlertPref,
    turnAlert: turnAlert,
  };
})();
