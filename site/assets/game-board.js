/*
 * The game page's main thread (index.html). Its Python runs in a Web Worker
 * (game/web/game_page.py and net_page.py, through assets/worker-link.js): this
 * module draws what Python sends, keeps what it stores, forwards what the
 * reader does, and holds every browser object of network play (net.js's
 * links, the tabs room, the pairing widgets, the sealed host store), which
 * Python names by their peer and the epoch they were opened for. So neither
 * the runtime's start nor a bot's thinking ever blocks the page.
 *
 * menu.js (a classic script, run before this module) has drawn the menu and
 * chosen the language; window.BossQuest shows a failure (fail) and moves the
 * loading bar (milestone). The message protocol is in the docstrings of
 * game/web/game_page.py and game/web/net_page.py. Markers: html[data-state] =
 * ready once Python has resumed what it resumes, html[data-screen], #board[data-*]
 * from each draw, #lobby[data-phase|room|saved] (see index.html).
 */
const { connect } = await import(new URL("worker-link.js", import.meta.url).href);
// the board and the lobby are drawn in place (focus, scroll, open folds stay)
const { morph, forget } = await import(new URL("morph.js", import.meta.url).href);

// the game zip's name: its content hash is the build id that hosts and guests compare
const BUNDLE = "@GAME_ZIP@";
// every marker a draw has set on the board (the shell's and whatever the game's
// client declares), so that clearing the board drops them all, whatever the game
const drawnMarkers = new Set();

const root = document.documentElement;
const BQ = window.BossQuest;

/** window.BossQuestNet, looked up at each use (tests wrap its functions), or null. */
function net() {
  return window.BossQuestNet || null;
}

// ------------------------------------------------------------ storage mirror

/** The keys Python reads, by area (game/web/session.py and net_prefs.py). */
function mirroredKeys() {
  const game = BQ.game();
  const local = ["bossquest.save.v1", "bossquest.net.name.v1", "bossquest.net.ice.v1"];
  // the name this tab plays under (net_page.NetPage._keep_name), besides the browser's
  const session = ["bossquest.net.name.v1"];
  if (game) {
    local.push("bq." + game + ".save.v1", game + ".net.guest.v1");
    session.push(game + ".net.host.v1", game + ".net.guest.v1");
  }
  return { local: local, session: session };
}

function storageArea(area) {
  return area === "session" ? window.sessionStorage : window.localStorage;
}

/** What the page's storage holds for those keys (an area the browser refuses: empty). */
function storageMirror(keys) {
  const mirror = { local: {}, session: {} };
  for (const area of ["local", "session"]) {
    try {
      for (const key of keys[area]) {
        const value = storageArea(area).getItem(key);
        if (value !== null) mirror[area][key] = wellFormed(value);
      }
    } catch (error) {
      /* storage refused (private mode, policy): Python finds nothing kept */
    }
  }
  return mirror;
}

function store(message) {
  try {
    const area = storageArea(message.area);
    if (message.value === null) area.removeItem(message.key);
    else area.setItem(message.key, message.value);
  } catch (error) {
    /* storage refused or full: the game goes on, unsaved */
  }
}

// ------------------------------------------------------------------ drawing

/**
 * The log line at the top of the reader's view and how far below the box's
 * top edge it sits. A long game's log draws its newest lines only, so a draw
 * may add lines at the bottom and drop some at the top: the reader's place is
 * kept by this line (each line has an id), not by a distance from either end.
 */
function logAnchor(log) {
  const top = log.getBoundingClientRect().top;
  for (const line of log.querySelectorAll(".log-line[id]")) {
    const box = line.getBoundingClientRect();
    if (box.bottom > top + 1) return { id: line.id, offset: box.top - top };
  }
  return null;
}

/** Scroll the log so that the anchor's line sits where it sat before. */
function keepLogAnchor(log, anchor) {
  const line = document.getElementById(anchor.id);
  if (!line || !log.contains(line)) return;
  const offset = line.getBoundingClientRect().top - log.getBoundingClientRect().top;
  log.scrollTop += offset - anchor.offset;
}

/**
 * Where the reader left the log, read before the draw changes anything: a
 * read of the scroll after a change makes the browser lay the page out at
 * once, inside the message's task, then again when it renders (a game's
 * first draws: tasks of 280 to 310 ms of thread time on a CPU slowed 4 times).
 * The log scrolls from its bottom edge (app.css: column-reverse), so its
 * scrollTop is 0 at the newest line and negative above it.
 */
function logPlace() {
  const log = document.getElementById("log");
  if (!log) return { top: 0, follow: true, anchor: null };
  const top = log.scrollTop;
  const follow = top >= -8;
  return { top: top, follow: follow, anchor: follow ? null : logAnchor(log) };
}

/** Set the board's HTML, its markers and its status line; `place`: logPlace() before. */
function putBoard(html, markers, status, place) {
  const started = performance.now();
  // keep the log where the reader left it, unless they were following its end
  const follow = place.follow;
  const anchor = place.anchor;
  morph(document.getElementById("board-view"), html);
  const board = document.getElementById("board");
  for (const name of Object.keys(markers)) {
    board.setAttribute("data-" + name, markers[name]);
    drawnMarkers.add(name);
  }
  // what just happened (the log's new lines, in the player's language), then
  // whose turn it is: #board-status is the page's polite live region
  const news = Array.from(board.querySelectorAll(".log-line.arrive"), (line) => line.textContent);
  document.getElementById("board-status").textContent = news.concat([status]).join(" ").trim();
  const log = document.getElementById("log");
  if (log) {
    // at the newest line already (0), the log stays there: no write, which
    // would lay the page out at once too
    if (follow && place.top !== 0) log.scrollTop = 0;
    else if (anchor) keepLogAnchor(log, anchor);
  }
  // "human": this device's person acts (a network seat: its own); "curtain":
  // a person of this device is called to take it. shared.js shows it in the
  // tab's title and icon, and fires the alerts the player switched on.
  window.BossQuestShared.turnAlert(markers.phase === "human" || markers.phase === "curtain");
  // bench/long_game_page.py sets this list to read each draw's main-thread time
  if (Array.isArray(window.__bqDraws)) {
    window.__bqDraws.push({ ms: performance.now() - started, chars: html.length, seq: markers.seq });
  }
  return board;
}

function draw(message) {
  const place = logPlace();
  const board = document.getElementById("board");
  if (message.settings !== undefined) board.dataset.settings = message.settings;
  // the screen first: a button of a hidden board cannot take the focus
  root.dataset.screen = message.screen;
  putBoard(message.html, message.markers, message.status, place);
  if (message.focus) {
    const target = board.querySelector(message.focus);
    if (target) target.focus({ preventScroll: true });
  }
}

function clearBoard() {
  const view = document.getElementById("board-view");
  view.replaceChildren();
  forget(view);
  const board = document.getElementById("board");
  for (const name of drawnMarkers) board.removeAttribute("data-" + name);
  drawnMarkers.clear();
}

/** The menu's notice, from menu.js's strings ("" hides it). */
function notice(key) {
  const box = document.getElementById("menu-notice");
  if (!key) {
    box.hidden = true;
    return;
  }
  box.setAttribute("data-i18n", key);
  box.setAttribute("role", "alert");
  BQ.translate(box.parentElement);
  box.hidden = false;
}

function lobbyMark(message) {
  const lobby = document.getElementById("lobby");
  if ("room" in message) lobby.setAttribute("data-room", message.room);
  if (!("saved" in message)) return;
  if (message.saved === null) lobby.removeAttribute("data-saved");
  else lobby.setAttribute("data-saved", message.saved);
}

function offers(message) {
  const box = document.getElementById("net-resume");
  if (!box) return;
  box.innerHTML = message.html;
  box.hidden = !message.html;
  box.setAttribute("data-checked", message.checked ? "true" : "false");
}

/** Copy the replay link of the share box (game.web.sharing) and say so; where
 *  the clipboard is refused, the link stays selected for the reader to copy. */
function copyShare(button) {
  const box = button.closest(".share-box");
  const field = box.querySelector(".share-link");
  const note = box.querySelector(".share-copied");
  field.focus();
  field.select();
  const copied = () => {
    note.hidden = false;
  };
  const byHand = () => {
    try {
      if (document.execCommand("copy")) copied();
    } catch (error) {
      /* the link is selected: the reader copies it */
    }
  };
  if (!navigator.clipboard) byHand();
  else navigator.clipboard.writeText(field.value).then(copied, byHand);
}

// ------------------------------------------------------------ network play

// the open links, by epoch and peer (a guest's link to its host is peer "")
const links = new Map();
// the host's tabs rooms, by epoch
const tabRooms = new Map();
let stopRooms = null;
// the pairing widget shown (pairing.js: {link, destroy}) and the host's invitation
let widget = null;
let invitation = null;
// one more per pairing message: an invitation or answer made before the
// latest one is cancelled, never shown
let pairings = 0;

function linkKey(epoch, peer) {
  return epoch + "/" + peer;
}

/** A promise of what `call` returns: one that throws at once (net.js or its
 *  store missing here) rejects, and is answered like any other failure. */
function later(call) {
  return Promise.resolve().then(call);
}

/** What a transport's error means, in the page's language (its .code, if any). */
function errorText(error) {
  const code = error && error.code;
  if (code && net()) return String(net().reason(code, BQ.lang()));
  return String((error && error.message) || error);
}

/** A link is up: keep it, and hand its frames and its end to Python. */
function keepLink(epoch, peer, link) {
  const key = linkKey(epoch, peer);
  links.set(key, link);
  link.onmessage = function (text) {
    if (links.get(key) !== link) return;
    text = String(text);
    // net.js drops longer frames; one that came past it is cut to one character
    // over the limit: enough for Python to refuse it as too large, and to answer
    // its sender so, without megabytes crossing to the worker
    const limits = net() && net().limits;
    if (limits && text.length > limits.maxFrame) text = text.slice(0, limits.maxFrame + 1);
    // the browser tests' hook: every frame this page's guest received
    if (!peer && Array.isArray(window.__bqNetFrames)) window.__bqNetFrames.push(text);
    send({ kind: "frame", peer: peer, epoch: epoch, text: text });
  };
  link.onclose = function () {
    if (links.get(key) !== link) return;
    links.delete(key);
    send({ kind: "peer-closed", peer: peer, epoch: epoch });
  };
}

/** Close those links (and a tabs room) once the frames just sent have left. */
function closeLater(message) {
  const handles = [];
  for (const peer of message.peers) {
    const key = linkKey(message.epoch, peer);
    if (links.has(key)) handles.push(links.get(key));
    links.delete(key);
  }
  if (message.tabs && tabRooms.has(message.epoch)) {
    handles.push(tabRooms.get(message.epoch));
    tabRooms.delete(message.epoch);
  }
  if (!handles.length) return;
  setTimeout(function () {
    for (const handle of handles) {
      try {
        handle.close();
      } catch (error) {
        console.warn("Boss Quest: closing a link failed (" + error + ")");
      }
    }
  }, message.after_ms);
}

function sendFrame(message) {
  const link = links.get(linkKey(message.epoch, message.peer));
  if (!link) return; // a link gone meanwhile: never anyone else's
  try {
    link.send(message.text);
  } catch (error) {
    console.warn("Boss Quest: a frame could not be sent (" + error + ")"); // its onclose follows
  }
}

/** The box a pairing widget goes in: a fresh one (with a close button when
 *  `closeLabels`, its words by language, are given), or none. The widgets and
 *  the button follow the language on their own. */
function pairingBox(show, closeLabels) {
  if (widget) widget.destroy();
  widget = null;
  if (invitation) invitation.cancel();
  invitation = null;
  const box = document.getElementById("net-pairing");
  box.replaceChildren();
  box.hidden = !show;
  if (!show) return null;
  box.innerHTML = '<div id="net-pairing-widget"></div>';
  if (closeLabels) {
    const actions = document.createElement("div");
    actions.className = "net-actions";
    const close = document.createElement("button");
    close.type = "button";
    close.className = "btn btn-small btn-secondary";
    close.setAttribute("data-cmd", "net-pair-close");
    close.textContent = closeLabels[BQ.lang()] || closeLabels.en;
    const relabel = (event) => {
      if (!close.isConnected) return document.removeEventListener("bq:lang", relabel);
      close.textContent = closeLabels[event.detail] || closeLabels.en;
    };
    document.addEventListener("bq:lang", relabel);
    actions.appendChild(close);
    box.appendChild(actions);
  }
  return document.getElementById("net-pairing-widget");
}

function pairing(message) {
  pairings += 1;
  const box = pairingBox(message.show, null);
  if (message.show && message.widget === "join" && net()) {
    widget = net().showJoin(box, BQ.lang(), function (code) {
      send({ kind: "join-code", code: String(code) });
    });
  }
}

/** The host's invitation for one device; its answer links that guest. */
function invite(message) {
  const asked = pairings;
  const epoch = message.epoch;
  later(() => net().rtcInvite({ iceServers: message.ice }))
    .then(
      function (made) {
        if (asked !== pairings) return made.cancel();
        const shown = net().showInvite(pairingBox(true, message.close_labels), made, BQ.lang());
        widget = shown;
        invitation = made;
        shown.link.then(
          function (link) {
            if (invitation === made) invitation = null; // linked: no longer to cancel
            keepLink(epoch, String(link.peer), link);
            send({ kind: "linked", peer: String(link.peer), epoch: epoch });
          },
          function () {
            /* the invitation died (closed, or failed: its status line says why) */
          },
        );
      },
      function (error) {
        send({ kind: "invite-failed", epoch: epoch, text: errorText(error) });
      },
    );
}

/** A device guest's answer to the invitation it opened; the host enters it. */
function answer(message) {
  const asked = pairings;
  const epoch = message.epoch;
  later(() => net().rtcAnswer(message.offer, { iceServers: message.ice }))
    .then(
      function (made) {
        if (asked !== pairings) return made.cancel();
        const shown = net().showAnswer(pairingBox(true, null), made, BQ.lang());
        widget = shown;
        shown.link.then(
          function (link) {
            keepLink(epoch, "", link);
            send({ kind: "linked", peer: "", epoch: epoch });
          },
          function () {
            /* the pairing failed: the widget's status line says why */
          },
        );
      },
      function (error) {
        send({ kind: "answer-failed", epoch: epoch, text: errorText(error) });
      },
    );
}

function tabsHost(message) {
  const epoch = message.epoch;
  try {
    const room = net().tabsHost(message.room, function (link) {
      const peer = String(link.peer);
      keepLink(epoch, peer, link);
      send({ kind: "peer-open", peer: peer, epoch: epoch });
    });
    tabRooms.set(epoch, room);
  } catch (error) {
    // no sealing here (not a secure context): devices only
    send({ kind: "tabs-host-failed", epoch: epoch, text: errorText(error) });
  }
}

function tabsJoin(message) {
  const epoch = message.epoch;
  later(() => net().tabsJoin(message.room))
    .then(
      function (link) {
        if (links.has(linkKey(epoch, ""))) return link.close(); // linked once per epoch
        keepLink(epoch, "", link);
        send({ kind: "tabs-joined", epoch: epoch });
      },
      function (error) {
        const code = (error && error.code) || "";
        send({ kind: "tabs-join-failed", epoch: epoch, code: String(code), text: errorText(error) });
      },
    );
}

function watchRooms() {
  if (stopRooms || !net()) return;
  stopRooms = net().tabsRooms(function (rooms) {
    send({ kind: "rooms", json: JSON.stringify(rooms) });
  });
}

function unwatchRooms() {
  if (stopRooms) stopRooms();
  stopRooms = null;
}

/** net.js's sealed store of the host's match, or null where it cannot work here. */
function hostStore() {
  const store = net() && net().hostStore;
  return store && store.support() === null ? store : null;
}

function seal(message) {
  // the record goes to the sealed store only: never the page, a log or a test hook
  later(() => hostStore().save(message.room, message.text))
    .then(
      function () {
        send({ kind: "sealed", room: message.room, version: message.version, epoch: message.epoch });
      },
      function (error) {
        send({ kind: "seal-failed", epoch: message.epoch, text: errorText(error) });
      },
    );
}

function claim() {
  later(() => hostStore().claimed())
    .then(
      function (rooms) {
        send({ kind: "claimed", rooms: Array.from(rooms, String) });
      },
      function (error) {
        console.warn("Boss Quest: the hosted games could not be claimed (" + errorText(error) + ")");
        send({ kind: "claimed", rooms: [] });
      },
    );
}

function unseal(message) {
  const room = message.room;
  later(() => hostStore().load(room))
    .then(
      function (text) {
        send({ kind: "unsealed", room: room, text: String(text) });
      },
      function (error) {
        const code = String((error && error.code) || "");
        send({ kind: "unseal-failed", room: room, code: code, text: errorText(error) });
      },
    );
}

function netSupport() {
  const present = Boolean(net());
  let hosting = null;
  const store = hostStore();
  try {
    hosting = store ? store.hosting() : null;
  } catch (error) {
    hosting = null; // sessionStorage refused: this tab hosted nothing it can find
  }
  return { present: present, sealed: Boolean(store), hosting: hosting };
}

// ---------------------------------------------------------------- messages

const handlers = {
  draw: draw,
  "clear-board": clearBoard,
  screen: function (message) {
    root.dataset.screen = message.screen;
  },
  notice: function (message) {
    notice(message.key);
  },
  focus: function (message) {
    const target = document.querySelector(message.selector);
    if (target) target.focus();
  },
  store: store,
  bot: function (message) {
    document.dispatchEvent(new CustomEvent("bq:bot", { detail: JSON.stringify(message.stats) }));
  },
  lobby: function (message) {
    document.getElementById("lobby").setAttribute("data-phase", message.phase);
    morph(document.getElementById("lobby-view"), message.html);
    root.dataset.screen = "lobby";
  },
  "lobby-mark": lobbyMark,
  offers: offers,
  pairing: pairing,
  reaction: function (message) {
    if (net()) net().showReaction(message.seat, message.reaction, message.text);
  },
  announce: function (message) {
    if (net()) net().tabsAnnounce(message.info);
  },
  "clear-hash": function () {
    if (location.hash.startsWith("#join=")) history.replaceState(null, "", location.pathname + location.search);
  },
  send: sendFrame,
  close: closeLater,
  "tabs-host": tabsHost,
  "tabs-join": tabsJoin,
  "rooms-watch": watchRooms,
  "rooms-stop": unwatchRooms,
  invite: invite,
  answer: answer,
  seal: seal,
  "drop-sealed": function (message) {
    const store = hostStore();
    if (store) store.drop(message.room);
  },
  release: function (message) {
    const store = hostStore();
    if (store) store.release(message.room);
  },
  claim: claim,
  unseal: unseal,
  progress: function (message) {
    BQ.milestone(message.step);
  },
  ready: function () {
    root.dataset.state = "ready";
  },
  fail: function (message) {
    BQ.fail(message.detail);
  },
};

// ------------------------------------------------------------ the reader

/** A [data-cmd] element's attribute, or "" without it. */
function attr(target, name) {
  return target.getAttribute(name) || "";
}

function onBoardClick(event) {
  const target = event.target.closest("[data-cmd]");
  if (!target) return;
  const cmd = attr(target, "data-cmd");
  if (cmd === "share-copy") return copyShare(target); // the page's clipboard, not Python's
  send({
    kind: "click",
    cmd: cmd,
    act: attr(target, "data-act"),
    reaction: attr(target, "data-reaction"),
    seat: attr(target, "data-seat"),
    level: attr(target, "data-level"),
  });
}

function onLobbyClick(event) {
  const target = event.target.closest("[data-cmd]");
  if (!target) return;
  const name = document.getElementById("net-name");
  send({
    kind: "lobby-click",
    cmd: attr(target, "data-cmd"),
    seat: attr(target, "data-seat"),
    level: attr(target, "data-level"),
    room: attr(target, "data-room"),
    name: name ? name.value : "",
    settings: JSON.stringify(BQ.settings()),
  });
}

function onLobbyChange(event) {
  const target = event.target;
  send({
    kind: "lobby-change",
    id: target.id || "",
    value: String(target.value === undefined ? "" : target.value),
    checked: target.checked === true,
    opt: attr(target, "data-net-opt"),
    type: attr(target, "data-net-type"),
  });
}

function onPairingClick(event) {
  // the host closes an invitation nobody answered: it is cancelled
  if (!event.target.closest('[data-cmd="net-pair-close"]')) return;
  pairings += 1;
  pairingBox(false, null);
  send({ kind: "pairing-closed" });
}

/** A string as UTF-8 can carry it: a lone surrogate (a JavaScript string need
 *  not be well-formed text) becomes U+FFFD, as the transports' decoders make it.
 *  Python refuses a message holding one as a whole, which would fail the page. */
function wellFormed(value) {
  if (typeof value === "string") return value.toWellFormed ? value.toWellFormed() : value;
  if (Array.isArray(value)) return value.map(wellFormed);
  return value;
}

/** The handlers, each carrying out its message so that one that fails (a bug,
 *  said in the console) never keeps the rest of its batch, "ready" included. */
function guarded(table) {
  const safe = {};
  for (const kind of Object.keys(table)) {
    safe[kind] = function (message) {
      try {
        table[kind](message);
      } catch (error) {
        console.error("Boss Quest: the page failed on a message " + kind + ": " + ((error && error.stack) || error));
      }
    };
  }
  return safe;
}

let postToPython = null;
/** Send Python a message (flat: its fields are text, numbers, flags or lists). */
function send(message) {
  const clean = {};
  for (const name of Object.keys(message)) clean[name] = wellFormed(message[name]);
  postToPython(clean);
}

try {
  const keys = mirroredKeys();
  BQ.milestone("Loading Pyodide");
  postToPython = connect(
    "game",
    {
      search: location.search,
      hash: location.hash,
      base: new URL("./", location.href).href,
      catalogue: document.getElementById("catalogue").textContent,
      lang: BQ.lang(),
      bundle: BUNDLE,
      storage: storageMirror(keys),
      net: netSupport(),
    },
    guarded(handlers),
  );
  document.addEventListener("bq:start", function (event) {
    send({ kind: "start", settings: String(event.detail) });
  });
  document.addEventListener("bq:lang", function () {
    send({ kind: "lang", lang: BQ.lang() });
  });
  document.addEventListener("bq:net", function () {
    send({ kind: "net-open" });
  });
  window.addEventListener("hashchange", function () {
    send({ kind: "hash", hash: location.hash });
  });
  // another tab wrote a key Python reads
  window.addEventListener("storage", function (event) {
    const area = event.storageArea === window.sessionStorage ? "session" : "local";
    if (!keys[area].includes(event.key)) return;
    send({ kind: "stored", area: area, key: event.key, value: event.newValue });
  });
  document.getElementById("board").addEventListener("click", onBoardClick);
  const lobby = document.getElementById("lobby");
  lobby.addEventListener("click", onLobbyClick);
  lobby.addEventListener("change", onLobbyChange);
  // the ICE servers are checked as they are typed (the other fields once changed)
  lobby.addEventListener("input", function (event) {
    if (event.target.id === "net-ice") onLobbyChange(event);
  });
  const resume = document.getElementById("net-resume");
  if (resume) resume.addEventListener("click", onLobbyClick);
  document.getElementById("net-pairing").addEventListener("click", onPairingClick);
} catch (error) {
  BQ.fail(String((error && error.stack) || error));
}
