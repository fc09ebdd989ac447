/*
 * Boss Quest: the menu, the language switch and the loading bar.
 *
 * Plain JavaScript with no dependency, loaded before Python so the menu works
 * at once. It owns:
 *   - every string of the page shell, in French and English (STRINGS);
 *   - the home: the site's games, from the catalogue build.py puts in the page
 *     (<script id="catalogue">, game/registry.py: catalogue_json), each with
 *     its description and its links (play, rules, tutorials), and the offer
 *     to resume a game of it in progress on this device (a local save, a game
 *     online: .game-card[data-resume] and its [data-link=resume]; the hosted
 *     games no tab holds are known once #games[data-checked="true"]);
 *   - an invitation link that names no game (index.html#join=..., made before
 *     the site offered several games): the default game's page, its address
 *     then naming it;
 *   - the game the page shows (?game=NAME, or the only game offered): its
 *     title, its footer's key to its pictures (the catalogue's `legend`, none
 *     for a game without one), and its menu, drawn from its declared options
 *     (the player range, and each option's control as the catalogue's `menu`
 *     lists them: a checkbox per true/false option, locked and ticked from
 *     `on_from_players`, a number field per integer option, a list per choice
 *     option, each with its label and help) and the game's hint; for a game
 *     of several modes (the declaration's `modes`), a list of them (#mode),
 *     the player counts of the chosen one and each seat's role
 *     (.seat-role[data-role], shown where the mode has several roles); a set
 *     the declared `constraints` refuse is said (#menu-constraint, with the
 *     game's reason; #menu-form[data-invalid]) and not started; the menu's
 *     state is remembered per game in localStorage ("bq.<game>.menu.v1";
 *     Boss Quest's older "bossquest.menu.v1" is read);
 *   - the loading bar, moved by game-board.js (window.BossQuest.milestone)
 *     as the page's Python worker says how far its start has come;
 *   - html[data-state="error"] and its message when the runtime fails to load;
 *   - a Start (or lobby.js's "Play with others") clicked while Python loads:
 *     kept, html[data-pending="start"|"net"], and sent once it is ready.
 * game-board.js sets html[data-state="ready"] once Python has imported the
 * `game` package and resumed what it resumes, and hands Python the events
 * this file sends:
 *   document "bq:start"  detail = settings JSON string (see settings() below)
 *   document "bq:lang"   detail = "fr" | "en", after a live language switch
 * window.BossQuest = { fail(detail), milestone(step), settings(), game(),
 *                      lang(), t(key, vars), translate(element), strings,
 *                      request(kind), addRequest(kind, spec) }.
 */
(function () {
  "use strict";

  var STRINGS = {
    language: { fr: "Langue", en: "Language" },
    rulesLink: { fr: "Apprendre les règles, plateau en main", en: "Learn the rules, board in hand" },
    siteTitle: { fr: "Jeux de cartes", en: "Card games" },
    siteTagline: {
      fr: "Choisissez un jeu et jouez tout de suite, seul ou entre amis.",
      en: "Pick a game and play at once, alone or with friends.",
    },
    allGames: { fr: "Tous les jeux", en: "All games" },
    about: { fr: "À propos de ce site", en: "About this site" },
    aboutHome: {
      fr: "Comment marche ce site, hors ligne et sans serveur",
      en: "How this site works, offline and with no server",
    },
    homeTitle: { fr: "Nos jeux", en: "Our games" },
    play: { fr: "Jouer", en: "Play" },
    rules: { fr: "Règles", en: "Rules" },
    tutorials: { fr: "Tutoriels", en: "Tutorials" },
    resume: { fr: "Reprendre", en: "Resume" },
    inProgress: {
      fr: "Une partie est en cours sur cet appareil ; en commencer une nouvelle la remplace.",
      en: "A game is in progress on this device; starting a new one replaces it.",
    },
    resumeIt: { fr: "Reprendre la partie en cours", en: "Resume the game in progress" },
    resumeLocal: {
      fr: "Une partie est en cours sur cet appareil.",
      en: "A game is in progress on this device.",
    },
    resumeOnline: {
      fr: "Une partie en ligne attend d’être reprise.",
      en: "A game online is waiting to be resumed.",
    },
    players: { fr: "Joueurs", en: "Players" },
    playersRange: { fr: "{min} à {max} joueurs", en: "{min} to {max} players" },
    playersExact: { fr: "{min} joueurs", en: "{min} players" },
    newGame: { fr: "Nouvelle partie", en: "New game" },
    playerCount: { fr: "Nombre de joueurs", en: "Number of players" },
    gameMode: { fr: "Mode de jeu", en: "Game mode" },
    players: { fr: "Joueurs", en: "Players" },
    seatName: { fr: "Nom du joueur {n}", en: "Name of player {n}" },
    seatKind: { fr: "Joueur {n} : humain ou robot", en: "Player {n}: human or bot" },
    human: { fr: "Humain", en: "Human" },
    bot: { fr: "Robot", en: "Bot" },
    seatLevel: { fr: "Joueur {n} : niveau du robot", en: "Player {n}: bot level" },
    levelEasy: { fr: "Facile", en: "Easy" },
    levelNormal: { fr: "Normal", en: "Normal" },
    levelHard: { fr: "Difficile", en: "Hard" },
    start: { fr: "Commencer la partie", en: "Start the game" },
    alertsTitle: { fr: "Quand c’est à vous", en: "When it is your turn" },
    alertsHint: {
      fr: "Le titre et l’icône de l’onglet le disent toujours. En plus :",
      en: "The tab’s title and icon always say so. As well:",
    },
    alertSound: { fr: "Un son", en: "A sound" },
    alertVibrate: { fr: "Une vibration (téléphones)", en: "A vibration (phones)" },
    alertNotify: {
      fr: "Une notification quand la page est en arrière-plan",
      en: "A notification when the page is in the background",
    },
    alertBlocked: {
      fr: "Le navigateur refuse les notifications à ce site.",
      en: "The browser refuses notifications to this site.",
    },
    startHint: {
      fr: "Préparez la partie pendant le chargement.",
      en: "Set up the game while it loads.",
    },
    startPending: {
      fr: "La partie commencera dès que le jeu sera chargé.",
      en: "The game will start as soon as it has loaded.",
    },
    // the game's own cheer replaces it once the game is known (the catalogue's `ready`)
    startReady: { fr: "Tout est prêt. Bonne partie !", en: "All set. Have a good game!" },
    stepBoot: { fr: "On sort la boîte du jeu…", en: "Getting the game out of its box…" },
    stepRuntime: { fr: "On installe la table…", en: "Setting up the table…" },
    stepPython: {
      fr: "On installe la table… (un peu plus long la première fois)",
      en: "Setting up the table… (a little longer the first time)",
    },
    stepGame: { fr: "On bat les cartes…", en: "Shuffling the cards…" },
    stepStarting: { fr: "On distribue…", en: "Dealing…" },
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

  var LANGS = ["fr", "en"];
  var SETTINGS_VERSION = 3; // game/web/settings.py
  var LANG_KEY = "bossquest.lang";
  var LEGACY_GAME = "bossquest"; // its menu and save keys before each game had its own
  var LEGACY_MENU_KEY = "bossquest.menu.v1";
  var LEGACY_SAVE_KEY = "bossquest.save.v1";
  var SLOW_AFTER_MS = 45000;
  // ?new=1: the menu, to set up a new game, even with one in progress (game/web/game_page.py)
  var NEW_GAME_PARAM = "new";

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

  // ------------------------------------------------------------ the games

  /** The catalogue build.py wrote into the page: {test_games, games: [...]}. */
  function readCatalogue() {
    try {
      var data = JSON.parse(document.getElementById("catalogue").textContent);
      if (data && Array.isArray(data.games)) return data;
    } catch (e) {
      /* a page built without it: no game to offer */
    }
    return { test_games: false, games: [] };
  }

  var CATALOGUE = readCatalogue();

  function gameNamed(name) {
    for (var i = 0; i < CATALOGUE.games.length; i++) {
      if (CATALOGUE.games[i].name === name) return CATALOGUE.games[i];
    }
    return null;
  }

  /** The game a page naming none stands for: the build's default. */
  function defaultGame() {
    return gameNamed(CATALOGUE.default) || CATALOGUE.games[0] || null;
  }

  function isInvitation(hash) {
    return /^#join=./.test(hash);
  }

  /** This page's address, naming `entry` (?game=), the rest of it kept. */
  function addressOf(entry) {
    var params = new URLSearchParams(window.location.search);
    params.set("game", entry.name);
    return window.location.pathname + "?" + params.toString() + window.location.hash;
  }

  var asked = gameNamed(new URLSearchParams(window.location.search).get("game"));
  // An invitation link made before the site offered several games names no
  // game (index.html#join=...): it is the default game's. Its page opens, the
  // address now naming the game, which net.js and Python read.
  if (!asked && isInvitation(window.location.hash) && defaultGame()) {
    asked = defaultGame();
    try {
      window.history.replaceState(window.history.state, "", addressOf(asked));
    } catch (e) {
      window.location.replace(addressOf(asked)); // no history here: load it so
    }
  }
  // the site's root (or an unknown game) shows the list; with one game offered,
  // that game's menu opens beneath it
  var onHome = !asked;
  var game = asked || (CATALOGUE.games.length === 1 ? CATALOGUE.games[0] : null);
  var declared = game ? game.declared : { players: { min: 2, max: 2, default: 2 }, options: [] };
  var MIN_PLAYERS = declared.players.min;
  var MAX_PLAYERS = declared.players.max;
  // the game's modes (engine/modes.py): one default mode for a game that declares none
  var MODES = declared.modes || [];
  var CONSTRAINTS = declared.constraints || [];
  // the game's bot levels, easiest first, with its words (engine/options.py:
  // OptionsDeclaration.levels); each role offers all or some (its `levels`)
  var LEVELS = declared.levels || [
    { id: "easy", label: STRINGS.levelEasy },
    { id: "normal", label: STRINGS.levelNormal },
    { id: "hard", label: STRINGS.levelHard },
  ];
  var DEFAULT_LEVEL = declared.default_level || "normal";
  var MENU_KEY = game ? "bq." + game.name + ".menu.v1" : "";
  var SAVE_KEY = game ? "bq." + game.name + ".save.v1" : ""; // written by game/web/game_page.py
  root.dataset.game = game ? game.name : "";
  if (game && game.ready) STRINGS.startReady = game.ready;
  if (onHome) root.dataset.home = "true";

  function words(text) {
    return text ? text[lang] || text.fr || "" : "";
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var name in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, name)) node.setAttribute(name, attrs[name]);
    }
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** A game's rules page (build.py writes one per game that has a rules file). */
  function rulesPage(entry) {
    return "rules-" + encodeURIComponent(entry.name) + ".html";
  }

  // ---------------------------------------------- games in progress (home)

  /** The Web Locks held in this origin (a hosting tab holds its room's), once
   *  asked; null before, or where the browser has none. */
  var heldLocks = null;

  function sessionItem(key) {
    try {
      return window.sessionStorage.getItem(key);
    } catch (e) {
      return null;
    }
  }

  function localKeys() {
    var keys = [];
    try {
      for (var i = 0; i < window.localStorage.length; i++) keys.push(window.localStorage.key(i));
    } catch (e) {
      /* storage off: nothing kept */
    }
    return keys;
  }

  /** What this browser keeps of a game of `entry` in progress, which the home
   *  offers to resume on the game's own page (where it resumes at once, or is
   *  offered at the top of the menu): "local", a game saved on this device
   *  ("bq.<game>.save.v1", game/web/game_page.py; Boss Quest's older
   *  "bossquest.save.v1"); "online", a game this tab plays online or a game
   *  hosted here whose tab was closed (a sealed record whose room's lock no
   *  tab holds), named as game/web/net_prefs.py and net.js name them; "" none. */
  function inProgress(entry) {
    var name = entry.name;
    if (load("bq." + name + ".save.v1") || (name === LEGACY_GAME && load(LEGACY_SAVE_KEY))) {
      return "local";
    }
    var mine = [name + ".net.hosting.v1", name + ".net.host.v1", name + ".net.guest.v1"];
    for (var i = 0; i < mine.length; i++) if (sessionItem(mine[i])) return "online";
    if (heldLocks) {
      var prefix = name + ".net.host.v2.";
      var keys = localKeys();
      for (var k = 0; k < keys.length; k++) {
        if (keys[k] && keys[k].indexOf(prefix) === 0) {
          var room = keys[k].slice(prefix.length);
          if (heldLocks.indexOf(name + ".host." + room) < 0) return "online";
        }
      }
    }
    return "";
  }

  /** Ask which locks are held, then offer the hosted games no tab holds;
   *  #games[data-checked="true"] once done. */
  function lookForHostedGames() {
    var list = document.getElementById("games");
    var done = function () {
      list.setAttribute("data-checked", "true");
      renderHome();
    };
    if (!navigator.locks || typeof navigator.locks.query !== "function") return done();
    navigator.locks
      .query()
      .then(function (state) {
        heldLocks = (state.held || []).map(function (lock) {
          return lock.name;
        });
      })
      .catch(function () {
        heldLocks = null; // unknown: only what is surely this device's is offered
      })
      .then(done);
  }

  /** The home's list: each game with its description and links, and the
   *  offer to resume its game in progress. */
  function renderHome() {
    var list = document.getElementById("games");
    list.replaceChildren();
    CATALOGUE.games.forEach(function (entry) {
      var card = el("li", { class: "game-card", "data-game": entry.name });
      // the game's own picture (its package's art.svg, copied by build.py); decorative
      if (entry.art) {
        card.appendChild(el("img", { class: "game-art", src: entry.art, alt: "", width: "160", height: "100" }));
      }
      var item = el("div", { class: "game-body" });
      card.appendChild(item);
      item.appendChild(el("h3", { class: "game-name" }, words(entry.title)));
      item.appendChild(el("p", { class: "game-desc" }, words(entry.description)));
      var range = entry.declared.players;
      var count = t(range.min === range.max ? "playersExact" : "playersRange", range);
      item.appendChild(el("p", { class: "hint game-players" }, count));
      var query = "game=" + encodeURIComponent(entry.name);
      var progress = inProgress(entry);
      if (progress) {
        card.setAttribute("data-resume", progress);
        var offer = el("p", { class: "game-resume" });
        offer.appendChild(el("span", {}, t(progress === "local" ? "resumeLocal" : "resumeOnline")));
        var resume = { class: "btn btn-primary btn-small", href: "?" + query, "data-link": "resume" };
        offer.appendChild(el("a", resume, t("resume")));
        item.appendChild(offer);
      }
      var links = el("p", { class: "game-links" });
      // Play sets up a new game (the menu, ?new=1); Resume opens the game in progress
      var play = { class: "btn btn-small " + (progress ? "btn-secondary" : "btn-primary") };
      play.href = "?" + query + "&" + NEW_GAME_PARAM + "=1";
      play["data-link"] = "play";
      links.appendChild(el("a", play, t("play")));
      if (entry.rules) {
        var rules = { class: "btn btn-secondary btn-small", href: rulesPage(entry), "data-link": "rules" };
        links.appendChild(el("a", rules, t("rules")));
      }
      if (entry.tutorials && entry.tutorials.length) {
        var href = "embed.html?" + query + "&scenario=" + encodeURIComponent(entry.tutorials[0]) + "&lang=" + lang;
        var tut = { class: "btn btn-secondary btn-small", href: href, "data-link": "tutorials" };
        links.appendChild(el("a", tut, t("tutorials")));
      }
      item.appendChild(links);
      list.appendChild(card);
    });
  }

  /** The page's title and banner: the game's, or the site's on a home of several. */
  function renderTitle() {
    var title = game ? words(game.title) : t("siteTitle");
    document.title = title;
    document.querySelector(".banner .title").textContent = title;
    var line = game ? words(game.description) : t("siteTagline");
    document.querySelector(".banner .tagline").textContent = line;
    document.querySelector("meta[name=description]").setAttribute("content", game ? title + " — " + line : line);
  }

  /** The footer's key to the game's pictures (its listing's legend); none for a
   *  game without one, or on a home of several games. */
  function renderLegend() {
    var list = document.getElementById("legend");
    var legend = game && game.legend;
    list.replaceChildren();
    list.hidden = !legend;
    if (!legend) return;
    list.setAttribute("aria-label", words(legend.label));
    legend.items.forEach(function (item) {
      var entry = el("li");
      var picture = badge(item.badge);
      if (picture) entry.appendChild(picture);
      entry.appendChild(el("span", {}, words(item.label)));
      list.appendChild(entry);
    });
  }

  // --------------------------------------------------------------- menu

  var form = document.getElementById("menu-form");
  var startButton = document.getElementById("start");
  var startHint = document.querySelector(".start-hint");
  var optionsBox = document.getElementById("menu-options");

  /** The menu's controls, one per declared option (game/engine/client.py,
   *  menu_fields): kind "check", "number" or "choice", its element id, classes,
   *  badge, words, default and constraints; ungrouped ones first. */
  var FIELDS = (game && game.menu) || [];

  function groupNamed(key) {
    var groups = (game && game.groups) || [];
    for (var i = 0; i < groups.length; i++) if (groups[i].key === key) return groups[i];
    return null;
  }

  function badge(spec) {
    var parts = String(spec || "").split(":");
    // "swatch:<class>:<colour>": a coloured swatch the game's stylesheet draws
    if (parts[0] === "swatch") {
      return el("span", { class: parts[1], "data-color": parts[2], "aria-hidden": "true" });
    }
    if (parts[0] === "icon") {
      var svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      svg.setAttribute("class", "icon ext-badge");
      svg.setAttribute("aria-hidden", "true");
      svg.setAttribute("focusable", "false");
      var use = document.createElementNS("http://www.w3.org/2000/svg", "use");
      use.setAttribute("href", "#i-" + parts[1]);
      svg.appendChild(use);
      return svg;
    }
    return null;
  }

  /** An integer or choice option: its label (badge, words) and `control`, the help beneath. */
  function labelledField(field, control) {
    var box = el("div", { class: "field option " + field.css });
    var label = el("label", { class: "option-label", for: field.id });
    var badgeNode = badge(field.badge);
    if (badgeNode) label.appendChild(badgeNode);
    label.appendChild(el("span", { class: "option-text" }));
    box.appendChild(label);
    box.appendChild(control);
    box.appendChild(el("p", { class: "hint", id: field.id + "-hint" }));
    return box;
  }

  /** An integer option: a number field within its bounds. */
  function numberField(field) {
    var attrs = {
      type: "number",
      id: field.id,
      name: field.id,
      step: "1",
      inputmode: "numeric",
      "data-option": field.key,
      "aria-describedby": field.id + "-hint",
    };
    if (typeof field.min === "number") attrs.min = String(field.min);
    if (typeof field.max === "number") attrs.max = String(field.max);
    return labelledField(field, el("input", attrs));
  }

  /** A choice option: a list of its choices, each with its name. */
  function choiceField(field) {
    var select = el("select", {
      id: field.id,
      name: field.id,
      "data-option": field.key,
      "aria-describedby": field.id + "-hint",
    });
    field.choices.forEach(function (choice) {
      select.appendChild(el("option", { value: choice.value }));
    });
    return labelledField(field, select);
  }

  function optionField(field) {
    if (field.kind === "number") return numberField(field);
    if (field.kind === "choice") return choiceField(field);
    return checkField(field.id, field.css, badge(field.badge), field.key);
  }

  /** One checkbox: a declared option (data-option=KEY) or the hint. */
  function checkField(id, classes, badgeNode, option) {
    var field = el("div", { class: "field option " + classes });
    var label = el("label", { class: "check" });
    var input = el("input", { type: "checkbox", id: id, name: id, "aria-describedby": id + "-hint" });
    if (option) input.setAttribute("data-option", option);
    label.appendChild(input);
    label.appendChild(el("span", { class: "check-box", "aria-hidden": "true" }));
    if (badgeNode) label.appendChild(badgeNode);
    label.appendChild(el("span", { class: "check-text" }));
    field.appendChild(label);
    field.appendChild(el("p", { class: "hint", id: id + "-hint" }));
    return field;
  }

  /** The list of modes, before the player count, where the game has several. */
  function buildModeField() {
    if (MODES.length < 2) return;
    var box = el("div", { class: "field option option-mode option-choice" });
    var label = el("label", { class: "option-label", for: "mode" });
    label.appendChild(el("span", { class: "option-text", "data-i18n": "gameMode" }, t("gameMode")));
    box.appendChild(label);
    var select = el("select", { id: "mode", name: "mode", "aria-describedby": "mode-hint" });
    MODES.forEach(function (mode) {
      select.appendChild(el("option", { value: mode.id }));
    });
    box.appendChild(select);
    box.appendChild(el("p", { class: "hint", id: "mode-hint" }));
    var count = document.getElementById("count-choices").closest("fieldset");
    count.parentNode.insertBefore(box, count);
  }

  /** The count choices, the seats and the option controls, once, from the declaration. */
  function buildMenu() {
    buildModeField();
    var choices = document.getElementById("count-choices");
    for (var n = MIN_PLAYERS; n <= MAX_PLAYERS; n++) {
      var choice = el("label");
      choice.appendChild(el("input", { type: "radio", name: "count", value: String(n) }));
      choice.appendChild(el("span", {}, String(n)));
      choices.appendChild(choice);
    }
    var seats = document.getElementById("seats");
    var items = seats.querySelectorAll(".seat");
    for (var r = items.length - 1; r >= MAX_PLAYERS; r--) seats.removeChild(items[r]);
    for (var a = items.length; a < MAX_PLAYERS; a++) {
      // more seats than the page's six: copies of the first, renumbered
      var copy = items[0].cloneNode(true);
      copy.dataset.seat = String(a);
      copy.querySelector(".seat-badge").textContent = String(a + 1);
      copy.querySelectorAll("[data-n]").forEach(function (node) {
        node.dataset.n = String(a + 1);
      });
      copy.querySelectorAll("input").forEach(function (input) {
        input.name = input.name.replace(/-0$/, "-" + a);
      });
      seats.appendChild(copy);
    }
    seats.querySelectorAll(".seat").forEach(function (seat) {
      // the seat's role under its name where the mode has several (its
      // field's label then says it too, for screen readers)
      var tag = el("span", { class: "hint seat-role" });
      tag.hidden = true;
      seat.querySelector(".seat-name").appendChild(tag);
    });
    FIELDS.forEach(function (field) {
      if (!field.group) optionsBox.appendChild(optionField(field));
    });
    var refusal = el("p", { id: "menu-constraint", class: "menu-notice menu-constraint", role: "alert", tabindex: "-1" });
    refusal.hidden = true;
    startButton.parentNode.insertBefore(refusal, startButton);
    if (game && game.hint) {
      var coin = el("span", { class: "odds-badge", "aria-hidden": "true" }, "%");
      optionsBox.appendChild(checkField("show-odds", "option-odds", coin, ""));
    }
    ((game && game.groups) || []).forEach(function (group) {
      var fieldset = el("fieldset", {
        class: "field option-group option-group-" + group.key + (group.css ? " " + group.css : ""),
      });
      fieldset.appendChild(el("legend", { "data-group": group.key }));
      FIELDS.forEach(function (field) {
        if (field.group === group.key) fieldset.appendChild(optionField(field));
      });
      optionsBox.appendChild(fieldset);
    });
  }

  /** `value` if the option `field` may take it, else undefined. */
  function optionValue(field, value) {
    if (field.kind === "check") return typeof value === "boolean" ? value : undefined;
    if (field.kind === "number") {
      if (typeof value !== "number" || value % 1 !== 0) return undefined;
      if (typeof field.min === "number" && value < field.min) return undefined;
      if (typeof field.max === "number" && value > field.max) return undefined;
      return value;
    }
    for (var i = 0; i < field.choices.length; i++) if (field.choices[i].value === value) return value;
    return undefined;
  }

  if (game) buildMenu();
  var seatItems = document.querySelectorAll("#seats .seat");

  function defaultMenu() {
    var seats = [];
    for (var i = 0; i < MAX_PLAYERS; i++) {
      seats.push({ kind: i === 0 ? "human" : "bot", name: null, level: DEFAULT_LEVEL });
    }
    var options = {};
    FIELDS.forEach(function (field) {
      options[field.key] = field.default;
    });
    var mode = MODES.length ? MODES[0].id : "";
    return { count: declared.players.default, mode: mode, seats: seats, options: options, hint: false };
  }

  /** The chosen mode's declaration (null for a game the catalogue says nothing of). */
  function currentMode() {
    for (var i = 0; i < MODES.length; i++) if (MODES[i].id === menu.mode) return MODES[i];
    return MODES[0] || null;
  }

  /** Each seat's role at a table of `count` in `mode`: the roles fill the
   *  seats in order, the one of `seats: null` every seat the others leave. */
  function seatRoles(mode, count) {
    if (!mode) return [];
    var fixed = 0;
    mode.roles.forEach(function (role) {
      if (role.seats !== null) fixed += role.seats;
    });
    var roles = [];
    mode.roles.forEach(function (role) {
      var n = role.seats !== null ? role.seats : count - fixed;
      for (var i = 0; i < n; i++) roles.push(role);
    });
    return roles;
  }

  /** The level ids a seat of `role` offers (every level without a role). */
  function offeredLevels(role) {
    if (role && Array.isArray(role.levels) && role.levels.length) return role.levels;
    return LEVELS.map(function (level) {
      return level.id;
    });
  }

  function levelWords(id) {
    for (var i = 0; i < LEVELS.length; i++) if (LEVELS[i].id === id) return words(LEVELS[i].label);
    return id;
  }

  /** Seat `index`'s level choice: the radios of the levels its role offers
   *  (drawn again when they change), the seat's level one of them (else the
   *  role's default), shown (and focusable) for a bot only. */
  function renderLevels(item, index, role) {
    var box = item.querySelector(".level");
    var offered = offeredLevels(role);
    if (box.dataset.levels !== offered.join(" ")) {
      box.textContent = "";
      offered.forEach(function (id, rank) {
        var label = el("label");
        // rank: the pips before its name (how hard the bot plays, among the seat's)
        label.appendChild(el("input", { type: "radio", name: "level-" + index, value: id, "data-rank": String(rank + 1) }));
        label.appendChild(el("span"));
        box.appendChild(label);
      });
      box.dataset.levels = offered.join(" ");
    }
    var seat = menu.seats[index];
    if (offered.indexOf(seat.level) < 0) seat.level = (role && role.default_level) || DEFAULT_LEVEL;
    box.querySelectorAll("label").forEach(function (label) {
      var input = label.querySelector("input");
      input.checked = input.value === seat.level;
      label.querySelector("span").textContent = levelWords(input.value);
    });
    box.hidden = seat.kind !== "bot";
  }

  /** The first declared constraint the menu's choices break, or null. */
  function brokenConstraint() {
    var chosen = settings().options;
    chosen.players = menu.count;
    chosen.mode = menu.mode;
    var same = function (value, values) {
      return values.some(function (other) {
        return other === value;
      });
    };
    for (var i = 0; i < CONSTRAINTS.length; i++) {
      var c = CONSTRAINTS[i];
      if (same(chosen[c.key], c.values) && !same(chosen[c.needs], c.allowed)) return c;
    }
    return null;
  }

  /** The menu remembered for this game (or Boss Quest's older record, whose
   *  options were `keepYellow` and `extensions`). */
  function loadMenu() {
    var menu = defaultMenu();
    try {
      var saved = JSON.parse(load(MENU_KEY) || "null");
      if (!saved && game && game.name === LEGACY_GAME) {
        saved = JSON.parse(load(LEGACY_MENU_KEY) || "null");
        if (saved && typeof saved === "object") {
          saved.options = Object.assign({ keep_yellow: saved.keepYellow }, saved.extensions || {});
        }
      }
      if (saved && typeof saved === "object") {
        var count = Number(saved.count);
        if (count >= MIN_PLAYERS && count <= MAX_PLAYERS && count % 1 === 0) menu.count = count;
        MODES.forEach(function (mode) {
          if (mode.id === saved.mode) menu.mode = mode.id;
        });
        menu.hint = saved.hint === true;
        if (saved.options && typeof saved.options === "object") {
          FIELDS.forEach(function (field) {
            var value = optionValue(field, saved.options[field.key]);
            if (value !== undefined) menu.options[field.key] = value;
          });
        }
        if (Array.isArray(saved.seats)) {
          for (var i = 0; i < MAX_PLAYERS && i < saved.seats.length; i++) {
            var seat = saved.seats[i] || {};
            if (seat.kind === "human" || seat.kind === "bot") menu.seats[i].kind = seat.kind;
            // checked against the seat's role when drawn (renderLevels)
            if (typeof seat.level === "string") menu.seats[i].level = seat.level;
            if (typeof seat.name === "string" && cleanName(seat.name)) {
              menu.seats[i].name = cleanName(seat.name);
            }
          }
        }
      }
    } catch (e) {
      /* unreadable saved menu: the defaults */
    }
    // a remembered count its remembered mode does not allow: that mode's default count
    MODES.forEach(function (mode) {
      var range = mode.players;
      if (mode.id === menu.mode && (menu.count < range.min || menu.count > range.max)) menu.count = range.default;
    });
    return menu;
  }

  function cleanName(text) {
    return String(text).replace(/\s+/g, " ").trim().slice(0, 20);
  }

  var menu = loadMenu();

  /** The seat's name unless the player typed one: the game's (its catalogue's `names`). */
  function defaultName(index) {
    var names = (game && game.names && game.names[lang]) || [];
    return names[index] || (lang === "fr" ? "Joueur " : "Player ") + (index + 1);
  }

  /** Whether the rules turn this option on at the chosen player count. */
  function locked(option) {
    return typeof option.on_from_players === "number" && menu.count >= option.on_from_players;
  }

  function renderMenu() {
    renderTitle();
    renderLegend();
    renderHome();
    if (!game) return;
    var rulesLink = document.getElementById("rules-link");
    rulesLink.hidden = !game.rules;
    rulesLink.setAttribute("href", rulesPage(game));
    var mode = currentMode();
    var range = mode ? mode.players : declared.players;
    var modeSelect = document.getElementById("mode");
    if (modeSelect) {
      modeSelect.value = menu.mode;
      for (var m = 0; m < modeSelect.options.length; m++) modeSelect.options[m].textContent = words(MODES[m].label);
      modeSelect.parentNode.querySelector(".option-text").textContent = t("gameMode");
      var count = t(range.min === range.max ? "playersExact" : "playersRange", range);
      document.getElementById("mode-hint").textContent = count;
    }
    var countInputs = form.querySelectorAll("input[name=count]");
    for (var c = 0; c < countInputs.length; c++) {
      var n = Number(countInputs[c].value);
      countInputs[c].checked = n === menu.count;
      // only the chosen mode's player counts
      countInputs[c].closest("label").hidden = n < range.min || n > range.max;
    }
    var roles = seatRoles(mode, menu.count);
    var several = roles.some(function (role) {
      return role.id !== roles[0].id;
    });
    for (var i = 0; i < seatItems.length; i++) {
      var item = seatItems[i];
      item.hidden = i >= menu.count;
      var input = form.elements.namedItem("name-" + i);
      if (document.activeElement !== input) input.value = menu.seats[i].name || defaultName(i);
      input.placeholder = defaultName(i);
      var kinds = form.elements.namedItem("kind-" + i);
      for (var k = 0; k < kinds.length; k++) kinds[k].checked = kinds[k].value === menu.seats[i].kind;
      item.dataset.kind = menu.seats[i].kind;
      renderLevels(item, i, i < roles.length ? roles[i] : null);
      var tag = item.querySelector(".seat-role");
      var role = several && i < roles.length ? roles[i] : null;
      tag.hidden = !role;
      tag.textContent = role ? words(role.label) : "";
      if (role) item.dataset.role = role.id;
      else delete item.dataset.role;
    }
    var broken = brokenConstraint();
    var refusal = document.getElementById("menu-constraint");
    refusal.hidden = !broken;
    refusal.textContent = broken ? words(broken.reason) : "";
    if (broken) form.dataset.invalid = "true";
    else delete form.dataset.invalid;
    FIELDS.forEach(function (field) {
      var control = document.getElementById(field.id);
      if (!control) return;
      if (field.kind === "check") {
        var always = locked(field);
        control.checked = always || menu.options[field.key] === true;
        control.disabled = always;
        control.parentNode.querySelector(".check-text").textContent = words(field.label);
      } else {
        if (document.activeElement !== control) control.value = String(menu.options[field.key]);
        control.parentNode.querySelector(".option-text").textContent = words(field.label);
        if (field.kind === "choice") {
          for (var o = 0; o < control.options.length; o++) {
            control.options[o].textContent = words(field.choices[o].label);
          }
        }
      }
      document.getElementById(field.id + "-hint").textContent = words(field.help);
    });
    optionsBox.querySelectorAll("legend[data-group]").forEach(function (legend) {
      legend.textContent = words(groupNamed(legend.dataset.group).legend);
    });
    var oddsBox = document.getElementById("show-odds");
    if (oddsBox) {
      oddsBox.checked = menu.hint;
      oddsBox.parentNode.querySelector(".check-text").textContent = words(game.hint.label);
      document.getElementById("show-odds-hint").textContent = words(game.hint.help);
    }
  }

  function storeMenu() {
    if (MENU_KEY) save(MENU_KEY, JSON.stringify(menu));
  }

  /** The settings Start hands to Python (game/web/game_page.py: the start message). */
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
    var options = {};
    // the first mode is the default, never written (as the engine normalizes)
    if (MODES.length > 1 && menu.mode !== MODES[0].id) options.mode = menu.mode;
    FIELDS.forEach(function (field) {
      // the effective rule: on where the rules turn it on
      if (field.kind === "check") options[field.key] = locked(field) || menu.options[field.key] === true;
      else options[field.key] = menu.options[field.key];
    });
    return {
      version: SETTINGS_VERSION,
      game: game ? game.name : "",
      lang: lang,
      players: players,
      options: options,
      hint: !!(game && game.hint) && menu.hint,
    };
  }

  function fieldOf(key) {
    for (var i = 0; i < FIELDS.length; i++) if (FIELDS[i].key === key) return FIELDS[i];
    return null;
  }

  form.addEventListener("change", function (event) {
    var target = event.target;
    if (target.name === "count") {
      menu.count = Number(target.value);
    } else if (target.id === "mode") {
      menu.mode = target.value;
      var range = currentMode().players;
      // a count the new mode does not allow: its default count
      if (menu.count < range.min || menu.count > range.max) menu.count = range.default;
    } else if (target.name && target.name.indexOf("kind-") === 0) {
      menu.seats[Number(target.name.slice(5))].kind = target.value;
    } else if (target.name && target.name.indexOf("level-") === 0) {
      menu.seats[Number(target.name.slice(6))].level = target.value;
    } else if (target.id === "show-odds") {
      menu.hint = target.checked;
    } else if (target.dataset && target.dataset.option) {
      var field = fieldOf(target.dataset.option);
      if (field && !target.disabled) {
        var raw = field.kind === "check" ? target.checked : field.kind === "number" ? Number(target.value) : target.value;
        var value = target.value === "" && field.kind === "number" ? undefined : optionValue(field, raw);
        if (value !== undefined) menu.options[field.key] = value;
        else if (field.kind === "number") target.value = String(menu.options[field.key]); // out of range: put back
      }
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
    if (!game) return;
    storeMenu();
    // a set the game's constraints refuse is not started: #menu-constraint says why
    if (brokenConstraint()) return document.getElementById("menu-constraint").focus();
    request("start");
  });

  // ------------------------------------------- what is asked before ready

  // Start (and lobby.js's "Play with others") answer a click while Python
  // loads: the request is kept (the last one wins), shown by
  // html[data-pending] and the hint beside it, and carried out once Python is
  // ready, with the menu as it is then. It is dropped if the page then shows
  // something else than the menu (a saved game or a game online resumed) or
  // fails to load.
  var REQUESTS = {
    start: {
      hint: startHint,
      idleKey: "startHint", // "startReady" once ready
      pendingKey: "startPending",
      send: function () {
        document.dispatchEvent(new CustomEvent("bq:start", { detail: JSON.stringify(settings()) }));
      },
    },
  };

  function request(kind) {
    var state = root.dataset.state;
    if (state === "ready") return REQUESTS[kind].send();
    if (state !== "loading") return;
    root.dataset.pending = kind;
    showPending();
  }

  /** The hint of the pending request says it is kept; the others say what
   *  they said before. */
  function showPending() {
    for (var kind in REQUESTS) {
      var hint = REQUESTS[kind].hint;
      var key = root.dataset.pending === kind ? REQUESTS[kind].pendingKey : REQUESTS[kind].idleKey;
      if (!hint || !key) continue;
      hint.setAttribute("data-i18n", key);
      hint.textContent = t(key);
    }
  }

  /** Once Python is ready: every hint back to its idle words, and the
   *  pending request, if any, carried out. */
  function sendPending() {
    var kind = root.dataset.pending;
    delete root.dataset.pending;
    showPending();
    if (kind && root.dataset.screen === "menu" && REQUESTS[kind]) REQUESTS[kind].send();
  }

  /** Another script's request (lobby.js): `send` once Python is ready,
   *  `hint` the element that says it is pending (keys idleKey, pendingKey). */
  function addRequest(kind, spec) {
    REQUESTS[kind] = spec;
  }

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

  // The steps of Python's start in its worker (assets/py-worker.js: the
  // runtime files as they arrive, then what it has done), in the order they
  // come: [percent, label]. A step the bar has passed is ignored.
  var MILESTONES = {
    "Loading Pyodide": [10, "stepRuntime"],
    "pyodide-lock.json": [26, "stepPython"],
    "python_stdlib.zip": [48, "stepPython"],
    "pyodide.asm.wasm": [70, "stepPython"],
    "Loaded Pyodide": [84, "stepGame"],
    "Loaded files": [92, "stepStarting"],
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

  // A file of the page that cannot be fetched before ready (its own scripts:
  // game-board.js, worker-link.js) fails the load; the worker says so of its own.
  if ("PerformanceObserver" in window) {
    try {
      new PerformanceObserver(function (list) {
        var entries = list.getEntries();
        for (var i = 0; i < entries.length; i++) {
          var entry = entries[i];
          if (entry.responseStatus >= 400 && root.dataset.state === "loading") {
            fail("Could not load " + entry.name + " (HTTP " + entry.responseStatus + ")");
          }
        }
      }).observe({ type: "resource", buffered: true });
    } catch (e) {
      /* no resource timing: the worker still reports its own failures */
    }
  }

  function onReady() {
    reached = shown = 100;
    paint();
    progressLabel.setAttribute("data-i18n", "stepReady");
    progressLabel.textContent = t("stepReady");
    startButton.disabled = false;
    REQUESTS.start.idleKey = "startReady"; // the hint sendPending shows
    sendPending();
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
    delete root.dataset.pending;
    showPending();
    progressLabel.setAttribute("data-i18n", "stepFailed");
    progressLabel.textContent = t("stepFailed");
  }

  // Any error before Python is ready is a failure to load the runtime.
  window.BossQuestShared.watchLoading(fail);

  // Python runs in a worker (assets/py-worker.js), which reports a runtime file
  // it cannot fetch or a start that fails; a browser without WebAssembly is
  // said at once.
  if (!window.WebAssembly) fail("WebAssembly is not available in this browser.");

  new MutationObserver(function () {
    if (root.dataset.state === "ready") onReady();
  }).observe(root, { attributes: true, attributeFilter: ["data-state"] });

  window.BossQuest = {
    fail: fail,
    /** A step of the loading bar (a name of MILESTONES; game-board.js hands
     *  over the worker's progress). */
    milestone: milestone,
    /** The settings, with the options also at the top level as version 2 had
     *  them, for network play (game/web/net_page.py reads keep_yellow and the
     *  extensions there until it reads `options`). */
    settings: function () {
      var chosen = settings();
      for (var key in chosen.options) {
        if (!(key in chosen)) chosen[key] = chosen.options[key];
      }
      return chosen;
    },
    catalogue: CATALOGUE,
    game: function () {
      return game ? game.name : null;
    },
    lang: function () {
      return lang;
    },
    t: t,
    translate: translate,
    strings: STRINGS,
    request: request,
    addRequest: addRequest,
  };

  /* The turn alerts: this device's choice, kept by shared.js. A notification
     asks the browser's permission only when the player switches it on. */
  function wireAlerts() {
    var shared = window.BossQuestShared;
    var note = document.getElementById("alert-notify-note");
    var prefs = shared.alertPrefs();
    document.querySelectorAll("#alerts input[data-alert]").forEach(function (box) {
      var name = box.getAttribute("data-alert");
      box.checked = prefs[name];
      box.addEventListener("change", function () {
        shared.setAlertPref(name, box.checked);
        if (name !== "notify" || !box.checked) return;
        var refused = function () {
          box.checked = false;
          shared.setAlertPref(name, false);
          note.hidden = false;
        };
        if (!("Notification" in window)) return refused();
        note.hidden = true;
        Promise.resolve(window.Notification.requestPermission()).then(function (answer) {
          if (answer !== "granted") refused();
        }, refused);
      });
    });
  }
  wireAlerts();

  function hasSave() {
    return !!(game && (load(SAVE_KEY) || (game.name === LEGACY_GAME && load(LEGACY_SAVE_KEY))));
  }

  /** Whether the address asks for the menu rather than the game in progress. */
  function newGameAsked() {
    return new URLSearchParams(window.location.search).get(NEW_GAME_PARAM) === "1";
  }

  /** The menu opened to set up a new game while one is in progress (the
   *  home's Play): it says so, with a link that resumes that game instead. */
  function showInProgress() {
    var offer = document.getElementById("menu-in-progress");
    offer.hidden = !(game && newGameAsked() && hasSave());
    if (offer.hidden) return;
    var params = new URLSearchParams(window.location.search);
    params.delete(NEW_GAME_PARAM);
    document.getElementById("menu-resume").setAttribute("href", "?" + params.toString());
  }

  /** Once a game shows, the address no longer asks for a new one: a reload
   *  resumes the game on the board. */
  function forgetNewGame() {
    if (root.dataset.screen !== "board" || !newGameAsked()) return;
    var params = new URLSearchParams(window.location.search);
    params.delete(NEW_GAME_PARAM);
    try {
      window.history.replaceState(window.history.state, "", "?" + params.toString() + window.location.hash);
    } catch (e) {
      /* no history here: a reload shows the menu, which offers to resume */
    }
    showInProgress();
  }
  new MutationObserver(forgetNewGame).observe(root, { attributes: true, attributeFilter: ["data-screen"] });

  if (game && newGameAsked()) {
    showInProgress();
  } else if (hasSave()) {
    // A saved game resumes once Python is ready (game/web/game_page.py): say so meanwhile.
    var notice = document.getElementById("menu-notice");
    notice.setAttribute("data-i18n", "resuming");
    notice.setAttribute("role", "status");
    notice.hidden = false;
  }

  setLanguage(lang, false);
  if (onHome && !game) {
    lookForHostedGames();
    // an invitation opened on the home later (a pasted link): the default game's page
    window.addEventListener("hashchange", function () {
      if (isInvitation(window.location.hash) && defaultGame()) {
        window.location.replace(addressOf(defaultGame()));
      }
    });
  }
  paint();
  // the HTML's Start is disabled until this script runs: a click is kept from here on
  if (game && root.dataset.state === "loading") startButton.disabled = false;
  if (root.dataset.state === "ready") onReady();
})();
