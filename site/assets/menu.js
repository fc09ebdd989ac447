/*
 * Boss Quest: the menu, the language switch and the loading bar.
 *
 * Plain JavaScript with no dependency, loaded before Python so the menu works
 * at once. It owns:
 *   - every string of the page shell, in French and English (STRINGS);
 *   - the menu state (players, each bot's level, the yellow weapons, the odds
 *     hint, the extensions), remembered in localStorage;
 *   - the loading bar, fed by PyScript's `py:progress` events and by the
 *     resource timing of the runtime files;
 *   - html[data-state="error"] and its message when the runtime fails to load.
 * Python (game/web/) sets html[data-state="ready"] once it has imported the
 * `game` package, and listens for the events this file sends:
 *   document "bq:start"  detail = settings JSON string (see settings() below)
 *   document "bq:lang"   detail = "fr" | "en", after a live language switch
 * window.BossQuest = { fail(detail), settings(), lang(), t(key, vars),
 *                      translate(element), strings }.
 */
(function () {
  "use strict";

  var STRINGS = {
    language: { fr: "Langue", en: "Language" },
    rulesLink: { fr: "Apprendre les règles, plateau en main", en: "Learn the rules, board in hand" },
    description: {
      fr: "Boss Quest : un jeu de cartes de chevaliers et de boss, dans votre navigateur.",
      en: "Boss Quest: a card game of knights and bosses, in your browser.",
    },
    tagline: {
      fr: "Un jeu de cartes de chevaliers, de sorts et de boss.",
      en: "A card game of knights, spells and bosses.",
    },
    newGame: { fr: "Nouvelle partie", en: "New game" },
    playerCount: { fr: "Nombre de joueurs", en: "Number of players" },
    players: { fr: "Joueurs", en: "Players" },
    seatName: { fr: "Nom du joueur {n}", en: "Name of player {n}" },
    seatKind: { fr: "Joueur {n} : humain ou robot", en: "Player {n}: human or bot" },
    human: { fr: "Humain", en: "Human" },
    bot: { fr: "Robot", en: "Bot" },
    seatLevel: { fr: "Joueur {n} : niveau du robot", en: "Player {n}: bot level" },
    levelEasy: { fr: "Facile", en: "Easy" },
    levelNormal: { fr: "Normal", en: "Normal" },
    levelHard: { fr: "Difficile", en: "Hard" },
    keepYellow: { fr: "Garder les armes jaunes", en: "Keep the yellow weapons" },
    yellowHintFew: {
      fr: "À 2, 3 ou 4 joueurs, les armes jaunes sont retirées, sauf si vous les gardez.",
      en: "With 2, 3 or 4 players the yellow weapons are removed, unless you keep them.",
    },
    yellowHintMany: {
      fr: "À 5 ou 6 joueurs, les armes jaunes sont toujours en jeu.",
      en: "With 5 or 6 players the yellow weapons are always in play.",
    },
    showOdds: { fr: "Afficher mes risques de dépasser", en: "Show my odds of going over" },
    showOddsHint: {
      fr: "À votre tour chez l’Armurier : le risque de dépasser les PV du BOSS si vous demandez 1, 2, 3 ou 4 armes, d’après ce que vous voyez.",
      en: "On your turn at the Armorer: the chance of going over the boss if you ask for 1, 2, 3 or 4 weapons, from what you can see.",
    },
    extensions: { fr: "Extensions", en: "Extensions" },
    extPotions: { fr: "Les Potions", en: "Potions" },
    extPotionsHint: {
      fr: "3 potions parmi les armes, lues en + ou en − par qui les reçoit, et 2 sorts pour inverser une potion.",
      en: "3 potions among the weapons, read + or − by whoever gets them, and 2 spells that invert one.",
    },
    extCompanions: { fr: "Les Compagnons", en: "Companions" },
    extCompanionsHint: {
      fr: "Chaque joueur reçoit un compagnon animal au pouvoir unique, et 3 sorts échangent les compagnons.",
      en: "Each player gets an animal companion with a power of its own, and 3 spells swap companions.",
    },
    extReaper: { fr: "La Faucheuse", en: "The Reaper" },
    extReaperHint: {
      fr: "Perdre son dernier cœur ne finit pas la partie : la Faucheuse vient, et qui la bat reprend vie ou devient la Faucheuse.",
      en: "Losing your last heart does not end the game: the Reaper comes, and whoever beats it takes life back or becomes the Reaper.",
    },
    start: { fr: "Commencer la partie", en: "Start the game" },
    startHint: {
      fr: "Préparez la partie pendant le chargement.",
      en: "Set up the game while it loads.",
    },
    startReady: { fr: "Tout est prêt. Bonne quête !", en: "All set. Good questing!" },
    stepBoot: { fr: "Chargement du moteur de jeu…", en: "Loading the game engine…" },
    stepRuntime: { fr: "Préparation de Python…", en: "Preparing Python…" },
    stepPython: {
      fr: "Chargement de Python (environ 6 Mo la première fois)…",
      en: "Loading Python (about 6 MB the first time)…",
    },
    stepGame: { fr: "Chargement des règles du jeu…", en: "Loading the rules of the game…" },
    stepStarting: { fr: "Démarrage du jeu…", en: "Starting the game…" },
    stepReady: { fr: "Prêt !", en: "Ready!" },
    stepSlow: {
      fr: "Le chargement prend plus de temps que d’habitude…",
      en: "Loading is taking longer than usual…",
    },
    stepFailed: { fr: "Échec du chargement.", en: "Loading failed." },
    errorTitle: { fr: "Le jeu n’a pas pu se charger", en: "The game could not load" },
    errorBody: {
      fr: "Le moteur du jeu (Python dans le navigateur) n’a pas démarré. Vérifiez votre connexion puis rechargez la page. Il faut un navigateur récent : Firefox, Chrome, Edge ou Safari.",
      en: "The game engine (Python in the browser) did not start. Check your connection, then reload the page. A recent browser is needed: Firefox, Chrome, Edge or Safari.",
    },
    errorDetails: { fr: "Détails techniques", en: "Technical details" },
    reload: { fr: "Recharger la page", en: "Reload the page" },
    weapons: { fr: "Armes", en: "Weapons" },
    red: { fr: "Rouge", en: "Red" },
    blue: { fr: "Bleu", en: "Blue" },
    green: { fr: "Vert", en: "Green" },
    purple: { fr: "Violet", en: "Purple" },
    yellow: { fr: "Jaune", en: "Yellow" },
    poweredBy: {
      fr: "Règles en Python, exécutées dans votre navigateur.",
      en: "Rules in Python, running in your browser.",
    },
    board: { fr: "Plateau de jeu", en: "Game board" },
    resuming: {
      fr: "Votre partie en cours reprend dès que le jeu est chargé…",
      en: "Your game in progress resumes as soon as the game has loaded…",
    },
    saveCorrupt: {
      fr: "La partie sauvegardée n’a pas pu être relue : elle a été effacée. Lancez une nouvelle partie.",
      en: "The saved game could not be read back, so it was cleared. Start a new game.",
    },
  };

  var DEFAULT_NAMES = {
    fr: ["Lancelot", "Viviane", "Perceval", "Guenièvre", "Gauvain", "Morgane"],
    en: ["Lancelot", "Vivian", "Percival", "Guinevere", "Gawain", "Morgan"],
  };
  var LANGS = ["fr", "en"];
  var LEVELS = ["easy", "normal", "hard"];
  var DEFAULT_LEVEL = "normal";
  var SETTINGS_VERSION = 2; // game/web/settings.py
  var EXTENSIONS = ["potions", "companions", "reaper"]; // off by default
  var MIN_PLAYERS = 2;
  var MAX_PLAYERS = 6;
  var YELLOW_ALWAYS_FROM = 5;
  var LANG_KEY = "bossquest.lang";
  var MENU_KEY = "bossquest.menu.v1";
  var SAVE_KEY = "bossquest.save.v1"; // written by Python (game/web/main.py)
  var SLOW_AFTER_MS = 45000;

  var root = document.documentElement;

  // ------------------------------------------------------------ storage

  var load = window.BossQuestShared.load;
  var save = window.BossQuestShared.save;

  // --------------------------------------------------------------- i18n

  function pickLanguage() {
    return window.BossQuestShared.browserLanguage(LANGS, LANG_KEY);
  }

  var lang = pickLanguage();

  function t(key, vars) {
    var entry = STRINGS[key];
    var text = entry ? entry[lang] || entry.fr : key;
    if (vars) {
      text = text.replace(/\{(\w+)\}/g, function (all, name) {
        return name in vars ? String(vars[name]) : all;
      });
    }
    return text;
  }

  function translate(scope) {
    var nodes = (scope || document).querySelectorAll("[data-i18n]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      el.textContent = t(el.getAttribute("data-i18n"), el.dataset);
    }
    var attrs = (scope || document).querySelectorAll("[data-i18n-attr]");
    for (var j = 0; j < attrs.length; j++) {
      var pairs = attrs[j].getAttribute("data-i18n-attr").split(";");
      for (var k = 0; k < pairs.length; k++) {
        var pair = pairs[k].split(":");
        if (pair.length === 2) {
          attrs[j].setAttribute(pair[0].trim(), t(pair[1].trim(), attrs[j].dataset));
        }
      }
    }
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
    translate(document);
    renderMenu();
    if (announce) document.dispatchEvent(new CustomEvent("bq:lang", { detail: next }));
  }

  // --------------------------------------------------------------- menu

  var form = document.getElementById("menu-form");
  var seatItems = document.querySelectorAll("#seats .seat");
  var yellowBox = document.getElementById("keep-yellow");
  var yellowHint = document.getElementById("yellow-hint");
  var oddsBox = document.getElementById("show-odds");
  var startButton = document.getElementById("start");
  var startHint = document.querySelector(".start-hint");

  function defaultMenu() {
    var seats = [];
    for (var i = 0; i < MAX_PLAYERS; i++) {
      seats.push({ kind: i === 0 ? "human" : "bot", name: null, level: DEFAULT_LEVEL });
    }
    return {
      count: 3,
      seats: seats,
      keepYellow: false,
      hint: false,
      extensions: { potions: false, companions: false, reaper: false },
    };
  }

  function loadMenu() {
    var menu = defaultMenu();
    try {
      var saved = JSON.parse(load(MENU_KEY) || "null");
      if (saved && typeof saved === "object") {
        var count = Number(saved.count);
        if (count >= MIN_PLAYERS && count <= MAX_PLAYERS && count % 1 === 0) menu.count = count;
        menu.keepYellow = saved.keepYellow === true;
        menu.hint = saved.hint === true;
        if (saved.extensions && typeof saved.extensions === "object") {
          for (var x = 0; x < EXTENSIONS.length; x++) {
            menu.extensions[EXTENSIONS[x]] = saved.extensions[EXTENSIONS[x]] === true;
          }
        }
        if (Array.isArray(saved.seats)) {
          for (var i = 0; i < MAX_PLAYERS && i < saved.seats.length; i++) {
            var seat = saved.seats[i] || {};
            if (seat.kind === "human" || seat.kind === "bot") menu.seats[i].kind = seat.kind;
            if (LEVELS.indexOf(seat.level) >= 0) menu.seats[i].level = seat.level;
            if (typeof seat.name === "string" && cleanName(seat.name)) {
              menu.seats[i].name = cleanName(seat.name);
            }
          }
        }
      }
    } catch (e) {
      /* unreadable saved menu: the defaults */
    }
    return menu;
  }

  function cleanName(text) {
    return String(text).replace(/\s+/g, " ").trim().slice(0, 20);
  }

  var menu = loadMenu();

  function defaultName(index) {
    return DEFAULT_NAMES[lang][index];
  }

  function renderMenu() {
    var countInputs = form.elements.namedItem("count");
    for (var c = 0; c < countInputs.length; c++) {
      countInputs[c].checked = Number(countInputs[c].value) === menu.count;
    }
    for (var i = 0; i < seatItems.length; i++) {
      var item = seatItems[i];
      item.hidden = i >= menu.count;
      var input = form.elements.namedItem("name-" + i);
      if (document.activeElement !== input) input.value = menu.seats[i].name || defaultName(i);
      input.placeholder = defaultName(i);
      var kinds = form.elements.namedItem("kind-" + i);
      for (var k = 0; k < kinds.length; k++) kinds[k].checked = kinds[k].value === menu.seats[i].kind;
      item.dataset.kind = menu.seats[i].kind;
      var levels = form.elements.namedItem("level-" + i);
      for (var l = 0; l < levels.length; l++) {
        levels[l].checked = levels[l].value === menu.seats[i].level;
      }
      // a bot's level, shown (and focusable) for bots only
      levels[0].closest(".level").hidden = menu.seats[i].kind !== "bot";
    }
    oddsBox.checked = menu.hint;
    for (var x = 0; x < EXTENSIONS.length; x++) {
      document.getElementById("ext-" + EXTENSIONS[x]).checked = menu.extensions[EXTENSIONS[x]];
    }
    var always = menu.count >= YELLOW_ALWAYS_FROM;
    yellowBox.checked = always || menu.keepYellow;
    yellowBox.disabled = always;
    yellowHint.setAttribute("data-i18n", always ? "yellowHintMany" : "yellowHintFew");
    yellowHint.textContent = t(yellowHint.getAttribute("data-i18n"));
  }

  function storeMenu() {
    save(MENU_KEY, JSON.stringify(menu));
  }

  /** The settings Start hands to Python (game/web/main.py: start()). */
  function settings() {
    var players = [];
    for (var i = 0; i < menu.count; i++) {
      var player = {
        seat: i,
        name: menu.seats[i].name || defaultName(i),
        kind: menu.seats[i].kind,
      };
      if (player.kind === "bot") player.level = menu.seats[i].level;
      players.push(player);
    }
    var chosen = {
      version: SETTINGS_VERSION,
      lang: lang,
      players: players,
      // the effective rule: always true at 5 or 6 players
      keep_yellow: menu.count >= YELLOW_ALWAYS_FROM || menu.keepYellow,
      hint: menu.hint,
    };
    // the extensions, only when on (game/web/settings.py)
    for (var x = 0; x < EXTENSIONS.length; x++) {
      if (menu.extensions[EXTENSIONS[x]]) chosen[EXTENSIONS[x]] = true;
    }
    return chosen;
  }

  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "count") {
      menu.count = Number(target.value);
    } else if (target.name && target.name.indexOf("kind-") === 0) {
      menu.seats[Number(target.name.slice(5))].kind = target.value;
    } else if (target.name && target.name.indexOf("level-") === 0) {
      menu.seats[Number(target.name.slice(6))].level = target.value;
    } else if (target === yellowBox) {
      if (!yellowBox.disabled) menu.keepYellow = yellowBox.checked;
    } else if (target === oddsBox) {
      menu.hint = oddsBox.checked;
    } else if (target.id && target.id.indexOf("ext-") === 0) {
      menu.extensions[target.id.slice(4)] = target.checked;
    }
    renderMenu();
    storeMenu();
  });

  form.addEventListener("input", function (event) {
    var target = event.target;
    if (target.name && target.name.indexOf("name-") === 0) {
      var index = Number(target.name.slice(5));
      var name = cleanName(target.value);
      menu.seats[index].name = name && name !== defaultName(index) ? name : null;
      storeMenu();
    }
  });

  form.addEventListener(
    "blur",
    function (event) {
      if (event.target.name && event.target.name.indexOf("name-") === 0) renderMenu();
    },
    true,
  );

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    if (root.dataset.state !== "ready") return;
    storeMenu();
    document.dispatchEvent(new CustomEvent("bq:start", { detail: JSON.stringify(settings()) }));
  });

  var langButtons = document.querySelectorAll(".lang-btn");
  for (var b = 0; b < langButtons.length; b++) {
    langButtons[b].addEventListener("click", function (event) {
      setLanguage(event.currentTarget.dataset.lang, true);
    });
  }

  document.getElementById("reload").addEventListener("click", function () {
    window.location.reload();
  });

  // -------------------------------------------------------- loading bar

  var progressBar = document.getElementById("progress");
  var progressFill = progressBar.querySelector(".progress-fill");
  var progressLabel = document.getElementById("progress-label");
  var shown = 0; // what the bar shows
  var reached = 0; // the last milestone reached
  var ceiling = 6; // where the bar may creep to before the next milestone

  // PyScript's `py:progress` details (polyscript/esm/interpreter/pyodide.js)
  // and the runtime files, in the order they come: [percent, label].
  var MILESTONES = {
    core: [6, "stepBoot"],
    "Loading Pyodide": [10, "stepRuntime"],
    "Loaded Storage": [12, "stepRuntime"],
    "Loading interpreter": [14, "stepPython"],
    "pyodide.asm.mjs": [24, "stepPython"],
    "pyodide-lock.json": [26, "stepPython"],
    "python_stdlib.zip": [48, "stepPython"],
    "pyodide.asm.wasm": [70, "stepPython"],
    "Loaded interpreter": [84, "stepGame"],
    "Loading files": [86, "stepGame"],
    "Loaded files": [92, "stepStarting"],
    "Loaded Pyodide": [93, "stepStarting"],
    "py:ready": [95, "stepStarting"],
  };

  function paint() {
    progressFill.style.transform = "scaleX(" + (shown / 100).toFixed(4) + ")";
    progressBar.setAttribute("aria-valuenow", String(Math.round(shown)));
  }

  function milestone(name) {
    var step = MILESTONES[name];
    if (!step || root.dataset.state !== "loading" || step[0] <= reached) return;
    reached = step[0];
    ceiling = Math.min(reached + 12, 97);
    shown = Math.max(shown, reached);
    progressLabel.setAttribute("data-i18n", step[1]);
    progressLabel.textContent = t(step[1]);
    paint();
  }

  // a gentle creep between milestones, so a long download still looks alive
  var creep = window.setInterval(function () {
    if (root.dataset.state !== "loading") return window.clearInterval(creep);
    shown += (ceiling - shown) * 0.03;
    paint();
  }, 200);

  window.setTimeout(function () {
    if (root.dataset.state === "loading") {
      progressLabel.setAttribute("data-i18n", "stepSlow");
      progressLabel.textContent = t("stepSlow");
    }
  }, SLOW_AFTER_MS);

  window.addEventListener("py:progress", function (event) {
    milestone(String(event.detail));
  });
  document.addEventListener("py:ready", function () {
    milestone("py:ready");
  });

  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var i = 0; i < entries.length; i++) {
          var entry = entries[i];
          var file = entry.name.split("?")[0].split("/").pop();
          if (entry.responseStatus >= 400 && root.dataset.state === "loading") {
            fail("Could not load " + entry.name + " (HTTP " + entry.responseStatus + ")");
          }
          milestone(/^core.*\.js$/.test(file) ? "core" : file);
        }
      }).observe({ type: "resource", buffered: true });
    } catch (e) {
      /* no resource timing: the events alone drive the bar */
    }
  }

  function onReady() {
    reached = shown = 100;
    paint();
    progressLabel.setAttribute("data-i18n", "stepReady");
    progressLabel.textContent = t("stepReady");
    startButton.disabled = false;
    startHint.setAttribute("data-i18n", "startReady");
    startHint.textContent = t("startReady");
  }

  // ------------------------------------------------------------- errors

  function fail(detail) {
    if (root.dataset.state === "error") return;
    var text = String(detail || "unknown error");
    var lines = text.split("\n").filter(function (line) {
      return line.trim();
    });
    // the line that says what went wrong: a Python traceback ends with it,
    // a JavaScript stack starts with it
    var python = lines.some(function (line) {
      return line.indexOf("Traceback (most recent call last)") === 0;
    });
    var summary = (python ? lines[lines.length - 1] : lines[0]) || text;
    root.dataset.state = "error";
    document.getElementById("load-error-message").textContent = summary.trim();
    document.getElementById("load-error-details").textContent = text;
    var panel = document.getElementById("load-error");
    panel.hidden = false;
    if (panel.scrollIntoView) panel.scrollIntoView({ block: "nearest" });
    startButton.disabled = true;
    progressLabel.setAttribute("data-i18n", "stepFailed");
    progressLabel.textContent = t("stepFailed");
  }

  var describe = window.BossQuestShared.describe;

  // Any error before Python is ready is a failure to load the runtime.
  window.BossQuestShared.watchLoading(fail);

  // Pyodide only logs a failed WebAssembly start (a 404, a network error, a
  // browser without WebAssembly) and then waits for ever: watch it here.
  if (window.WebAssembly) {
    ["instantiateStreaming", "instantiate", "compileStreaming", "compile"].forEach(function (name) {
      var original = WebAssembly[name];
      if (typeof original !== "function") return;
      WebAssembly[name] = function () {
        var result = original.apply(WebAssembly, arguments);
        if (result && typeof result.catch === "function" && root.dataset.state === "loading") {
          result.catch(function (error) {
            if (root.dataset.state === "loading") fail("WebAssembly: " + describe(error));
          });
        }
        return result;
      };
    });
  } else {
    fail("WebAssembly is not available in this browser.");
  }

  new MutationObserver(function () {
    if (root.dataset.state === "ready") onReady();
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });

  window.BossQuest = {
    fail: fail,
    settings: settings,
    lang: function () {
      return lang;
    },
    t: t,
    translate: translate,
    strings: STRINGS,
  };

  // A saved game resumes once Python is ready (game/web/main.py): say so meanwhile.
  if (load(SAVE_KEY)) {
    var notice = document.getElementById("menu-notice");
    notice.setAttribute("data-i18n", "resuming");
    notice.setAttribute("role", "status");
    notice.hidden = false;
  }

  setLanguage(lang, false);
  paint();
  if (root.dataset.state === "ready") onReady();
})();
