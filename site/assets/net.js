/*
 * Boss Quest: network transports of the page (no server).
 *
 * Plain JavaScript, no build step, no dependency; runs under the page's
 * Content-Security-Policy. It moves TEXT FRAMES between pages and knows
 * nothing of the game: the session protocol (game/net/) runs in Python on top.
 *
 * window.BossQuestNet = {
 *   showReaction(seat, reaction, text)  a reaction's bubble beside that
 *                        seat's chip of #net-strip, for REACTION_MS
 *                        (#net-react-layer .net-bubble[data-seat][data-reaction])
 *   // --- a Link: one two-way connection, the same for both transports ---
 *   //   link.peer            string, an id of the other end for this connection
 *   //   link.open            bool, false once closed (by either side)
 *   //   link.send(text)      -> bool; false (and console.warn) if the link is
 *   //                        closed, text is not a string, or it is over
 *   //                        limits.maxFrame bytes of UTF-8; never throws
 *   //   link.onmessage(text) set it: each received frame, in order; frames
 *   //                        over the limit are dropped with a console.warn;
 *   //                        frames that come before it is set wait for it
 *   //   link.onclose(reason) set it: fires once when the link closes for any
 *   //                        reason but your own close(): "bye" (the other
 *   //                        page closed, reloaded or left), "timeout" (no
 *   //                        heartbeat for limits.dropMs = 5 s from a tab, a
 *   //                        killed or hung one; limits.rtcDropMs = 15 s
 *   //                        from a device), "failed" / "disconnected" (ICE,
 *   //                        disconnected for rtcDropMs),
 *   //                        "closed" (data channel), "pagehide" (this page);
 *   //                        set late, it still hears of an earlier close
 *   //   link.close()         says goodbye (after the frames already sent)
 *
 *   // --- tabs of one browser: BroadcastChannel, sealed per pair ---
 *   tabsHost(roomId, onPeer(link)) -> {roomId, close()}
 *       Opens room `roomId` (1-64 of A-Z a-z 0-9 _ -; the caller keeps it,
 *       so a reloaded host re-opens the same room). onPeer gets one Link per
 *       guest connection, once the guest's first sealed frame opened (a tab
 *       that only knocks makes no guest). Throws an Error with .code "insecure" or
 *       "no_broadcast" where the page cannot seal frames.
 *   tabsJoin(roomId, {timeoutMs = 0 (wait for ever), signal}) -> Promise<Link>
 *       Knocks until a host of that room accepts. Rejects with .code
 *       "timeout", "aborted", "insecure", "no_broadcast", "bad_room".
 *       RECONNECTION: when the host goes away (reload, closed tab) the link
 *       CLOSES (onclose "bye" or "timeout"); call tabsJoin(roomId) again: it
 *       waits and knocks until the host re-opens the room, then resolves
 *       with a new Link (a new link.peer); say who you are again over it.
 *   tabsAnnounce(info | null)
 *       Tells other tabs of this origin that this tab hosts a room. info is a
 *       small JSON object with at least {room}; e.g. {room, game, name, free}. It
 *       is CLEAR TEXT to every tab: put nothing secret in it. null withdraws.
 *       Repeated every 2 s and on request; withdrawn on pagehide.
 *   tabsRooms(onRooms(list)) -> stop()
 *       Calls onRooms with the list of announced infos (sorted by room)
 *       whenever it changes; a room silent for 5 s leaves the list.
 *
 *   // --- devices: WebRTC data channels, paired by copied codes ---
 *   rtcInvite({iceServers = []}) -> Promise<Invite>
 *       Invite = {code, url, accept(answerCode) -> Promise<Link>, cancel()}.
 *       One invite per guest. url = this page with "#join=<code>", its
 *       address naming the page's game (?game=; the fragment never reaches
 *       a server). accept() takes the guest's answer
 *       code (or text holding it); a bad code rejects without harm, so the
 *       host can paste again.
 *   rtcAnswer(offerCode, {iceServers = []}) -> Promise<{code, link, reached(), cancel()}>
 *       On the guest: code is the answer to show the host; link is a
 *       Promise<Link> that resolves once the host accepted it. The guest
 *       waits limits.answerWaitMs (10 min) for that: a person carries the
 *       code to the host, which may take minutes; the host, once it has the
 *       answer, waits limits.connectMs (30 s) for the connection.
 *       reached() -> Promise<bool>: whether a candidate pair answered yet
 *       (pairing.js warns the guest after limits.pairHintMs without one).
 *   rtcRoutes() -> Promise<[{peer, local, remote}]>
 *       How each open device link goes: the types of the candidate pair ICE
 *       chose ("host", "srflx", "prflx" or "relay"; "relay" through a TURN
 *       server), from RTCPeerConnection.getStats(). Tests read it.
 *   packSdp(sdp) -> Promise<code>, unpackSdp(code, kind?) -> Promise<sdp>
 *       The code format (see "Codes" below); kind "offer" | "answer".
 *   codeFrom(text) -> string   the code in a pasted link or text ("" if none)
 *   joinCode(href = location.href) -> string | null   the #join= code
 *
 *   // --- added by pairing.js (see there) ---
 *   qrSvg(text), scanInto(container, {signal}), showInvite(container,
 *   invite, lang), showAnswer(container, answer, lang), showJoin(container,
 *   lang, onCode)
 *
 *   // --- the host's match, sealed (see "the host's sealed save" below) ---
 *   hostStore.support() -> null where it works, else "insecure", "no_locks",
 *       "no_indexeddb" or "no_storage" (the page then keeps the match in
 *       its tab's sessionStorage, which only a reload survives)
 *   hostStore.hosting() -> the room this tab hosts (its sessionStorage), or null
 *   hostStore.claimed() -> Promise<[room]>: the records of the page's game
 *       (html[data-game]) this tab claimed at load (their Web Locks are
 *       held): its own room after a reload, else the games whose host tab
 *       was closed (none on a guest's page)
 *   hostStore.save(room, text) -> Promise: seal and keep text as room's
 *       record (taking the room's lock first; rejects .code "locked" when
 *       another tab has it), in call order
 *   hostStore.load(room) -> Promise<text>: once the saves asked before are
 *       written; rejects .code "corrupt", "missing" or "locked"
 *   hostStore.drop(room)      the game ended: its record, mark and lock go
 *   hostStore.release(room)   let another tab have it (the record stays)
 *
 *   // --- the rest ---
 *   support() -> {tabs, rtc, camera}: null where it works, else a reason code
 *   reason(code, lang) -> text for a reason/error code, in "fr" or "en"
 *   limits: {maxFrame, heartbeatMs, dropMs, rtcDropMs, connectMs,
 *            answerWaitMs, pairHintMs}  (read at use)
 * }
 * Errors are Error objects with a .code: "bad_code", "wrong_kind", "version",
 * "insecure", "no_broadcast", "no_webrtc", "bad_room", "timeout", "aborted",
 * "connect_failed", "answer_expired" (rtcAnswer's link), "used", "cancelled";
 * "no_route" is a reason only (the guest's widget: no path found yet);
 * for hostStore "corrupt", "missing", "locked", "no_locks", "no_indexeddb",
 * "no_storage".
 *
 * Sealing (tabs): BroadcastChannel reaches every tab of the origin, so after
 * the handshake every frame is sealed for one pair. The guest knocks with a
 * fresh ECDH P-256 public key, the host accepts with its own (one key pair
 * per guest; private keys are non-extractable), both derive with HKDF-SHA-256
 * one AES-GCM-256 key per direction, bound to the room, both ids and both
 * public keys. Each frame has a fresh random 96-bit IV and a sequence number
 * in its authenticated data; a frame that fails to open, replays or comes out
 * of order is dropped. Heartbeats and goodbyes are sealed too (the goodbye is
 * sealed in advance, so pagehide can send it at once). Knock and accept are
 * the only clear text. This keeps private views from the other tabs of an
 * honest page; it cannot stop a tab running other code on the same origin
 * from posing as the host (nothing on one origin could).
 *
 * Codes (devices): an SDP offer or answer shrunk to what a data channel needs:
 * setup role, ice-ufrag, ice-pwd, the DTLS fingerprint as bytes, and the UDP
 * candidates (type, address as 4 or 16 bytes, or an mDNS name as its 16-byte
 * UUID, port). Layout: magic 0x42, version, flags (kind, deflated), a 16-bit
 * check of the payload, then the payload, deflate-raw compressed when that
 * makes it shorter; all in base64url. Measured: 104 characters with one
 * IPv4 host candidate, 120 with one mDNS one, 160 with four candidates.
 * ICE is not trickled: each side waits for candidate gathering to finish (at
 * most 5 s) before packing.
 */
(function () {
  "use strict";

  // dropMs: silence after which a tab is gone; rtcDropMs: the same for a
  // device, longer because a phone that switches apps for a moment pauses
  // the page, and a dropped device needs a new pairing. connectMs: the
  // host's wait for the connection once it has the guest's answer;
  // answerWaitMs: the guest's wait, which starts when its answer is shown
  // and so includes the time a person takes to bring it to the host.
  // pairHintMs: after that long with no candidate pair that answered, the
  // guest's widget says the devices may not reach each other (it keeps
  // waiting: the guest cannot tell a slow host from a path that is missing).
  var limits = {
    maxFrame: 262144,
    heartbeatMs: 1000,
    dropMs: 5000,
    rtcDropMs: 15000,
    connectMs: 30000,
    answerWaitMs: 600000,
    pairHintMs: 60000,
  };
  var PROTO = 1;
  var CODE_MAGIC = 0x42;
  var CODE_VERSION = 1;
  var GATHER_MS = 5000;
  var LOBBY = "bossquest.lobby.v1";
  var ROOM_RE = /^[A-Za-z0-9_-]{1,64}$/;
  var ENC = new TextEncoder();
  var DEC = new TextDecoder("utf-8", { fatal: true });

  var REASONS = {
    insecure: {
      fr: "Cette page n’est pas dans un contexte sécurisé (https ou localhost) : le navigateur refuse le chiffrement nécessaire au jeu entre onglets.",
      en: "This page is not in a secure context (https or localhost): the browser withholds the encryption that play between tabs needs.",
    },
    no_broadcast: {
      fr: "Ce navigateur ne permet pas aux onglets de se parler (BroadcastChannel absent).",
      en: "This browser cannot let tabs talk to each other (no BroadcastChannel).",
    },
    no_webrtc: {
      fr: "Ce navigateur ne propose pas WebRTC : impossible de relier deux appareils.",
      en: "This browser has no WebRTC: two devices cannot be linked.",
    },
    bad_room: { fr: "Nom de salle invalide.", en: "Invalid room name." },
    bad_code: {
      fr: "Ce code est illisible : il est incomplet ou a été modifié. Recopiez-le en entier.",
      en: "This code cannot be read: it is incomplete or was changed. Copy all of it again.",
    },
    wrong_kind: {
      fr: "Ce n’est pas le bon code : il faut celui de l’autre appareil (invitation chez l’invité, réponse chez l’hôte).",
      en: "Wrong code: use the other device’s one (the invitation on the guest, the answer on the host).",
    },
    version: {
      fr: "Ce code vient d’une autre version du jeu : rechargez les deux pages.",
      en: "This code comes from another version of the game: reload both pages.",
    },
    timeout: {
      fr: "Pas de réponse à temps : l’autre page est peut-être fermée, ou le réseau coupé.",
      en: "No answer in time: the other page may be closed, or the network down.",
    },
    aborted: { fr: "Annulé.", en: "Cancelled." },
    cancelled: { fr: "Annulé.", en: "Cancelled." },
    connect_failed: {
      fr: "Les deux appareils n’ont pas pu se joindre. Essayez de les mettre sur le même réseau (le même Wi-Fi), ou donnez à tous deux un serveur TURN (« Avancé », dans « Jouer à plusieurs »), puis faites une nouvelle invitation.",
      en: "The two devices could not reach each other. Try them on the same network (the same Wi-Fi), or give both a TURN server (under “Advanced” in “Play with others”), then make a new invitation.",
    },
    no_route: {
      fr: "Toujours pas de connexion. Si l’hôte a déjà saisi votre réponse, vos appareils ne peuvent pas se joindre : mettez-les sur le même réseau (le même Wi-Fi), ou donnez à tous deux un serveur TURN (« Avancé », dans « Jouer à plusieurs »), puis demandez une nouvelle invitation.",
      en: "Still no connection. If the host has already entered your answer, your devices cannot reach each other: put them on the same network (the same Wi-Fi), or give both a TURN server (under “Advanced” in “Play with others”), then ask for a new invitation.",
    },
    answer_expired: {
      fr: "L’hôte n’a pas utilisé cette réponse à temps : demandez-lui une nouvelle invitation.",
      en: "The host did not use this answer in time: ask for a new invitation.",
    },
    used: {
      fr: "Cette invitation a déjà servi : créez-en une nouvelle.",
      en: "This invitation was already used: make a new one.",
    },
    bye: { fr: "L’autre joueur est parti.", en: "The other player left." },
    failed: { fr: "La connexion a été perdue.", en: "The connection was lost." },
    disconnected: { fr: "La connexion a été perdue.", en: "The connection was lost." },
    closed: { fr: "La connexion est fermée.", en: "The connection is closed." },
    pagehide: { fr: "Page quittée.", en: "Page left." },
    corrupt: {
      fr: "La partie gardée dans ce navigateur est illisible.",
      en: "The game kept in this browser cannot be read.",
    },
    locked: {
      fr: "Cette partie est ouverte dans un autre onglet.",
      en: "This game is open in another tab.",
    },
    missing: { fr: "Aucune partie gardée.", en: "No game kept." },
    no_locks: {
      fr: "Ce navigateur ne sait pas réserver une partie à un seul onglet (Web Locks absent).",
      en: "This browser cannot keep a game to one tab (no Web Locks).",
    },
    no_indexeddb: {
      fr: "Ce navigateur ne permet pas de garder la clé de la partie (IndexedDB absent).",
      en: "This browser cannot keep the game’s key (no IndexedDB).",
    },
    no_storage: {
      fr: "Le stockage de ce navigateur est désactivé.",
      en: "This browser’s storage is turned off.",
    },
    no_camera: {
      fr: "Pas de caméra disponible : collez le code à la place.",
      en: "No camera available: paste the code instead.",
    },
    camera_denied: {
      fr: "L’accès à la caméra a été refusé : collez le code à la place.",
      en: "Camera access was refused: paste the code instead.",
    },
  };

  function reason(code, lang) {
    var entry = REASONS[code];
    if (!entry) return String(code);
    return entry[lang === "fr" ? "fr" : "en"];
  }

  function netError(code, detail) {
    var error = new Error(reason(code, "en") + (detail ? " (" + detail + ")" : ""));
    error.name = "BossQuestNetError";
    error.code = code;
    return error;
  }

  // ------------------------------------------------------------- helpers

  function b64url(bytes) {
    var text = "";
    for (var i = 0; i < bytes.length; i += 0x8000) {
      text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function unb64url(text) {
    if (typeof text !== "string" || !/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) {
      throw netError("bad_code", "not base64url");
    }
    var raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  function randomId() {
    return b64url(crypto.getRandomValues(new Uint8Array(12)));
  }

  /** UTF-8 size of a string, without encoding it when the answer is plain. */
  function frameTooLarge(text) {
    var max = limits.maxFrame;
    if (text.length * 3 <= max) return false;
    if (text.length > max) return true;
    return ENC.encode(text).length > max;
  }

  function warnDropped(what, peer, detail) {
    console.warn("BossQuestNet: dropped " + what + " (" + detail + ") from " + peer);
  }

  function secureProblem() {
    if (typeof BroadcastChannel !== "function") return "no_broadcast";
    if (!window.isSecureContext || !window.crypto || !crypto.subtle) return "insecure";
    return null;
  }

  function rtcProblem() {
    return typeof RTCPeerConnection === "function" ? null : "no_webrtc";
  }

  function cameraProblem() {
    if (!window.isSecureContext) return "insecure";
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return "no_camera";
    return null;
  }

  // ----------------------------------------------------- the common Link

  var wires = [];
  var heartbeat = null;
  var lastTick = 0;

  /*
   * A Link over a transport. The transport carries "plain" strings whose
   * first character says what they are: "d" + text (a frame), "p" (ping),
   * "q" (pong), "b" (bye). transport = {post(plain) -> bool, bye(now), shut()};
   * bye(true) must send at once (pagehide), bye(false) after pending frames.
   */
  function makeLink(peer, transport, dropKey) {
    var wire = { lastSeen: Date.now(), pingAt: 0, transport: transport, drop: null, dropKey: dropKey };
    var link = {
      peer: peer,
      open: true,
      send: function (text) {
        if (!link.open) {
          console.warn("BossQuestNet: send on a closed link to " + peer);
          return false;
        }
        if (typeof text !== "string") {
          console.warn("BossQuestNet: only text frames can be sent");
          return false;
        }
        if (frameTooLarge(text)) {
          console.warn("BossQuestNet: frame over " + limits.maxFrame + " bytes not sent");
          return false;
        }
        return transport.post("d" + text) !== false;
      },
      close: function () {
        if (!link.open) return;
        try {
          transport.bye(false);
        } finally {
          finish(null);
        }
      },
    };

    function finish(why) {
      if (!link.open) return;
      link.open = false;
      var at = wires.indexOf(wire);
      if (at >= 0) wires.splice(at, 1);
      if (!wires.length && heartbeat !== null) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
      transport.shut();
      if (why) {
        closeReason = why;
        if (early.length) schedule();
        else tellClose();
      }
    }

    /*
     * Frames (and the close) that come before the page set its handlers wait
     * for them, in order: a link often reaches the page through a promise, a
     * task or more after the other end sent its first frame.
     */
    var handlers = { onmessage: null, onclose: null };
    var early = [];
    var closeReason = null;
    var closeTold = false;
    var pumping = false;
    function schedule() {
      if (pumping) return;
      pumping = true;
      setTimeout(function () {
        pumping = false;
        while (early.length && typeof handlers.onmessage === "function") {
          handlers.onmessage(early.shift());
        }
        tellClose();
      }, 0);
    }
    function tellClose() {
      var onclose = handlers.onclose;
      if (closeReason === null || closeTold || typeof onclose !== "function") return;
      if (early.length && typeof handlers.onmessage === "function") return; // frames first
      closeTold = true;
      onclose(closeReason);
    }
    function accessor(name) {
      Object.defineProperty(link, name, {
        enumerable: true,
        get: function () {
          return handlers[name];
        },
        set: function (fn) {
          handlers[name] = fn;
          if (early.length || (closeReason !== null && !closeTold)) schedule();
        },
      });
    }
    accessor("onmessage");
    accessor("onclose");
    wire.drop = finish;
    wire.link = link;
    wire.receive = function (plain) {
      if (!link.open) return;
      wire.lastSeen = Date.now();
      var kind = plain.charAt(0);
      if (kind === "d") {
        var text = plain.slice(1);
        if (frameTooLarge(text)) {
          warnDropped("a frame", peer, "over " + limits.maxFrame + " bytes");
          return;
        }
        if (typeof handlers.onmessage === "function" && !early.length) {
          handlers.onmessage(text);
        } else if (early.length < 256) {
          early.push(text);
          if (typeof handlers.onmessage === "function") schedule();
        } else {
          warnDropped("a frame", peer, "no onmessage yet, 256 waiting");
        }
      } else if (kind === "p") {
        transport.post("q");
      } else if (kind === "b") {
        finish("bye");
      } else if (kind !== "q") {
        warnDropped("a frame", peer, "unknown kind");
      }
    };
    wires.push(wire);
    if (heartbeat === null) {
      lastTick = Date.now();
      heartbeat = setInterval(tick, limits.heartbeatMs);
    }
    return { link: link, wire: wire };
  }

  /*
   * Ping every link; drop those silent for dropMs. A background tab's timers
   * may be throttled to one tick a minute: a late tick only drops a link
   * that did not answer the ping of the previous tick.
   */
  function tick() {
    var now = Date.now();
    var late = now - lastTick > 3 * limits.heartbeatMs;
    lastTick = now;
    var list = wires.slice();
    for (var i = 0; i < list.length; i++) {
      var wire = list[i];
      var previousPing = wire.pingAt;
      var silent = now - wire.lastSeen > limits[wire.dropKey];
      if (silent && (!late || (previousPing && wire.lastSeen < previousPing))) {
        wire.drop("timeout");
        continue;
      }
      wire.pingAt = now;
      wire.transport.post("p");
    }
  }

  window.addEventListener("pagehide", function () {
    var list = wires.slice();
    for (var i = 0; i < list.length; i++) {
      try {
        list[i].transport.bye(true);
      } catch (error) {
        /* the page is going: nothing to do */
      }
      list[i].drop("pagehide");
    }
    if (announced) postLobby({ v: PROTO, t: "gone", room: announced.room });
  });

  // --------------------------------------------------------------- tabs

  function roomChannel(roomId) {
    return "bossquest.room.v1." + roomId;
  }

  var ECDH = { name: "ECDH", namedCurve: "P-256" };

  async function newKeyPair() {
    var pair = await crypto.subtle.generateKey(ECDH, false, ["deriveBits"]);
    var pub = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
    return { privateKey: pair.privateKey, pub: b64url(pub) };
  }

  async function pairKeys(privateKey, peerPub, room, hostId, guestId, hostPub, guestPub, isHost) {
    var peerKey = await crypto.subtle.importKey("raw", unb64url(peerPub), ECDH, false, []);
    var bits = await crypto.subtle.deriveBits({ name: "ECDH", public: peerKey }, privateKey, 256);
    var base = await crypto.subtle.importKey("raw", bits, "HKDF", false, ["deriveKey"]);
    var salt = ENC.encode(["bossquest-tabs-v1", room, hostId, guestId, hostPub, guestPub].join("|"));
    function derive(label) {
      return crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: salt, info: ENC.encode(label) },
        base,
        { name: "AES-GCM", length: 256 },
        false,
        ["encrypt", "decrypt"]
      );
    }
    var toGuest = await derive("host to guest");
    var toHost = await derive("guest to host");
    return isHost ? { tx: toGuest, rx: toHost } : { tx: toHost, rx: toGuest };
  }

  function aad(room, from, to, n) {
    return ENC.encode("bq1|" + room + "|" + from + "|" + to + "|" + n);
  }

  async function seal(key, room, from, to, n, plain) {
    var iv = crypto.getRandomValues(new Uint8Array(12));
    var sealed = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: iv, additionalData: aad(room, from, to, n) },
      key,
      ENC.encode(plain)
    );
    return { v: PROTO, t: "data", from: from, to: to, n: n, iv: b64url(iv), ct: b64url(new Uint8Array(sealed)) };
  }

  var BYE_SEQ = Number.MAX_SAFE_INTEGER;

  /*
   * The sealed side of a tabs pair: a Link whose frames go through `channel`
   * sealed with `keys`. Returns {link, onData(message)}.
   */
  async function sealedPair(channel, room, self, peer, keys, onShut, onFirst) {
    var txSeq = 0;
    var rxSeq = 0;
    var txChain = Promise.resolve();
    var rxChain = Promise.resolve();
    var shut = false;
    // Sealed now so that pagehide can send it synchronously.
    var byeFrame = await seal(keys.tx, room, self, peer, BYE_SEQ, "b");
    var made = makeLink(peer, {
      post: function (plain) {
        if (shut) return false;
        var n = ++txSeq;
        // Sealing is asynchronous: the chain keeps frames in the order sent.
        txChain = txChain
          .then(function () {
            return seal(keys.tx, room, self, peer, n, plain);
          })
          .then(function (frame) {
            channel.postMessage(frame);
          })
          .catch(function (error) {
            console.warn("BossQuestNet: frame not sent: " + error);
          });
        return true;
      },
      bye: function (now) {
        if (now) {
          channel.postMessage(byeFrame); // pagehide: no time to wait
          return;
        }
        // after the frames still being sealed, so it never overtakes them
        txChain = txChain.then(function () {
          channel.postMessage(byeFrame);
        });
      },
      shut: function () {
        shut = true;
        txChain = txChain.then(onShut, onShut);
      },
    }, "dropMs");
    var maxSealed = Math.ceil(((limits.maxFrame + 1) * 4) / 3) + 32;
    function onData(message) {
      if (!made.link.open) return;
      if (typeof message.ct !== "string" || typeof message.iv !== "string") {
        warnDropped("a frame", peer, "malformed");
        return;
      }
      if (message.ct.length > maxSealed) {
        warnDropped("a frame", peer, "over " + limits.maxFrame + " bytes");
        return;
      }
      rxChain = rxChain.then(async function () {
        var n = message.n;
        if (!Number.isSafeInteger(n) || n <= rxSeq) {
          warnDropped("a frame", peer, "replayed or out of order");
          return;
        }
        var plain;
        try {
          var opened = await crypto.subtle.decrypt(
            { name: "AES-GCM", iv: unb64url(message.iv), additionalData: aad(room, peer, self, n) },
            keys.rx,
            unb64url(message.ct)
          );
          plain = DEC.decode(opened);
        } catch (error) {
          warnDropped("a frame", peer, "does not open with this pair's key");
          return;
        }
        rxSeq = n;
        if (onFirst) {
          // The first frame that opens proves the other end took this pair.
          var first = onFirst;
          onFirst = null;
          first(made.link);
        }
        made.wire.receive(plain);
      });
    }
    return { link: made.link, onData: onData };
  }

  function validMessage(message) {
    return (
      message !== null &&
      typeof message === "object" &&
      message.v === PROTO &&
      typeof message.t === "string" &&
      typeof message.from === "string" &&
      message.from.length <= 64
    );
  }

  function tabsHost(roomId, onPeer) {
    var problem = secureProblem();
    if (problem) throw netError(problem);
    if (typeof roomId !== "string" || !ROOM_RE.test(roomId)) throw netError("bad_room");
    if (typeof onPeer !== "function") throw new TypeError("tabsHost needs an onPeer function");
    var hostId = randomId();
    var channel = new BroadcastChannel(roomChannel(roomId));
    var pairs = {}; // guest id -> {accept, onData, link} or a pending Promise
    var closed = false;

    async function admit(message) {
      var mine = await newKeyPair();
      var keys = await pairKeys(
        mine.privateKey, message.pub, roomId, hostId, message.from, mine.pub, message.pub, true
      );
      var accept = { v: PROTO, t: "accept", from: hostId, to: message.from, pub: mine.pub };
      var guest = message.from;
      // onPeer only once the guest's first sealed frame opens: a knock alone
      // (a tab that never follows up) makes no guest.
      var pair = await sealedPair(
        channel,
        roomId,
        hostId,
        guest,
        keys,
        function () {
          delete pairs[guest];
        },
        function (link) {
          if (!closed) onPeer(link);
        }
      );
      if (closed) return;
      pairs[guest] = { accept: accept, onData: pair.onData };
      channel.postMessage(accept);
    }

    channel.onmessage = function (event) {
      var message = event.data;
      if (closed || !validMessage(message)) return;
      if (message.t === "knock") {
        if (typeof message.pub !== "string" || message.pub.length > 200) return;
        var known = pairs[message.from];
        if (known && known.accept) {
          channel.postMessage(known.accept); // the guest missed it
        } else if (!known) {
          pairs[message.from] = { pending: true };
          admit(message).catch(function (error) {
            delete pairs[message.from];
            console.warn("BossQuestNet: refused a knock: " + error);
          });
        }
      } else if (message.t === "data" && message.to === hostId) {
        var pair = pairs[message.from];
        if (pair && pair.onData) pair.onData(message);
      }
    };
    // Guests waiting for this room (e.g. after this tab reloaded) knock at once.
    channel.postMessage({ v: PROTO, t: "hello", from: hostId });

    return {
      roomId: roomId,
      close: function () {
        if (closed) return;
        for (var i = wires.length - 1; i >= 0; i--) {
          var wire = wires[i];
          if (pairs[wire.link.peer] && wire.link.open) wire.link.close();
        }
        closed = true;
        channel.close();
        if (announced && announced.room === roomId) tabsAnnounce(null);
      },
    };
  }

  function tabsJoin(roomId, options) {
    options = options || {};
    var problem = secureProblem();
    if (problem) return Promise.reject(netError(problem));
    if (typeof roomId !== "string" || !ROOM_RE.test(roomId)) return Promise.reject(netError("bad_room"));
    return new Promise(function (resolve, reject) {
      var guestId = randomId();
      var channel = new BroadcastChannel(roomChannel(roomId));
      var mine = null;
      var joined = null; // {host, onData} once accepted
      var early = []; // frames that came while the keys were being derived
      var accepting = {}; // host id -> true once its accept was looked at
      var settled = false;
      var timer = null;
      var deadline = null;

      function fail(code) {
        if (settled) return;
        settled = true;
        cleanup();
        channel.close();
        reject(netError(code));
      }
      function cleanup() {
        if (timer !== null) clearInterval(timer);
        if (deadline !== null) clearTimeout(deadline);
        if (options.signal) options.signal.removeEventListener("abort", onAbort);
      }
      function onAbort() {
        fail("aborted");
      }
      function knock() {
        if (mine && !settled) {
          channel.postMessage({ v: PROTO, t: "knock", from: guestId, pub: mine.pub });
        }
      }

      channel.onmessage = function (event) {
        var message = event.data;
        if (!validMessage(message)) return;
        if (message.t === "hello" && !settled) {
          knock();
        } else if (message.t === "accept" && message.to === guestId && !settled && mine) {
          var host = message.from;
          if (typeof message.pub !== "string" || message.pub.length > 200 || accepting[host]) return;
          accepting[host] = true;
          pairKeys(mine.privateKey, message.pub, roomId, host, guestId, message.pub, mine.pub, false)
            .then(
              function (keys) {
                if (settled) return null; // another host of this room was quicker
                settled = true;
                cleanup();
                return sealedPair(channel, roomId, guestId, host, keys, function () {
                  channel.close();
                }).then(function (pair) {
                  joined = { host: host, onData: pair.onData };
                  resolve(pair.link);
                  var waiting = early;
                  early = [];
                  for (var i = 0; i < waiting.length; i++) {
                    if (waiting[i].from === host) pair.onData(waiting[i]);
                  }
                });
              },
              function () {
                // A garbled accept (not from a real host): keep knocking.
                console.warn("BossQuestNet: ignored an accept that does not hold a public key");
              }
            )
            .catch(function (error) {
              channel.close();
              reject(error);
            });
        } else if (message.t === "data" && message.to === guestId) {
          if (joined && message.from === joined.host) joined.onData(message);
          else if (!joined && early.length < 64) early.push(message);
        }
      };

      if (options.signal) {
        if (options.signal.aborted) return fail("aborted");
        options.signal.addEventListener("abort", onAbort);
      }
      if (options.timeoutMs > 0) {
        deadline = setTimeout(function () {
          fail("timeout");
        }, options.timeoutMs);
      }
      newKeyPair().then(function (pair) {
        mine = pair;
        knock();
        timer = setInterval(knock, 1000);
      }, function (error) {
        if (!settled) {
          settled = true;
          cleanup();
          channel.close();
          reject(error);
        }
      });
    });
  }

  // ------------------------------------------------- tabs: finding rooms

  var lobby = null;
  var lobbyListeners = [];
  var announced = null;
  var announceTimer = null;

  function openLobby() {
    if (lobby || typeof BroadcastChannel !== "function") return;
    lobby = new BroadcastChannel(LOBBY);
    lobby.onmessage = function (event) {
      var message = event.data;
      if (!message || message.v !== PROTO) return;
      if (message.t === "who" && announced) postLobby({ v: PROTO, t: "room", info: announced });
      for (var i = 0; i < lobbyListeners.length; i++) lobbyListeners[i](message);
    };
  }

  function postLobby(message) {
    openLobby();
    if (lobby) lobby.postMessage(message);
  }

  function tabsAnnounce(info) {
    if (info === null || info === undefined) {
      if (announced) postLobby({ v: PROTO, t: "gone", room: announced.room });
      announced = null;
      if (announceTimer !== null) clearInterval(announceTimer);
      announceTimer = null;
      return;
    }
    if (typeof info !== "object" || typeof info.room !== "string" || !ROOM_RE.test(info.room)) {
      throw netError("bad_room");
    }
    if (announced && announced.room !== info.room) postLobby({ v: PROTO, t: "gone", room: announced.room });
    // A copy through JSON: what other tabs get is exactly this, and no more.
    announced = JSON.parse(JSON.stringify(info));
    postLobby({ v: PROTO, t: "room", info: announced });
    if (announceTimer === null) {
      announceTimer = setInterval(function () {
        if (announced) postLobby({ v: PROTO, t: "room", info: announced });
      }, 2000);
    }
  }

  function tabsRooms(onRooms) {
    if (typeof onRooms !== "function") throw new TypeError("tabsRooms needs a function");
    openLobby();
    var rooms = {}; // room -> {info, at}
    var shown = "[]";
    function report() {
      var names = Object.keys(rooms).sort();
      var list = names.map(function (name) {
        return rooms[name].info;
      });
      var text = JSON.stringify(list);
      if (text !== shown) {
        shown = text;
        onRooms(list);
      }
    }
    function listener(message) {
      if (message.t === "room" && message.info && typeof message.info.room === "string" && ROOM_RE.test(message.info.room)) {
        rooms[message.info.room] = { info: message.info, at: Date.now() };
        report();
      } else if (message.t === "gone" && typeof message.room === "string" && rooms[message.room]) {
        delete rooms[message.room];
        report();
      }
    }
    var previous = Date.now();
    var timer = setInterval(function () {
      var now = Date.now();
      var late = now - previous > 3000;
      previous = now;
      if (late) return; // throttled in the background: wait for fresh news
      for (var name in rooms) {
        if (now - rooms[name].at > 5000) delete rooms[name];
      }
      report();
    }, 1000);
    lobbyListeners.push(listener);
    if (announced) listener({ t: "room", info: announced }); // this tab's own room
    postLobby({ v: PROTO, t: "who", from: "" });
    return function stop() {
      clearInterval(timer);
      var at = lobbyListeners.indexOf(listener);
      if (at >= 0) lobbyListeners.splice(at, 1);
    };
  }

  // ------------------------------------------------------- codes (SDP)

  var SETUPS = ["actpass", "active", "passive"];
  var TYPES = ["host", "srflx", "prflx", "relay"];
  var TYPE_PREF = [126, 100, 110, 0];
  var HASHES = ["sha-256", "sha-384", "sha-512"];
  var ICE_CHARS = /^[A-Za-z0-9+/]{1,255}$/;
  var UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

  function checksum(bytes) {
    var h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return (h ^ (h >>> 16)) & 0xffff;
  }

  function parseSdp(sdp) {
    if (typeof sdp !== "string") throw new TypeError("packSdp needs an SDP string");
    var out = { setup: null, ufrag: null, pwd: null, hash: null, fingerprint: null, candidates: [] };
    var lines = sdp.split(/\r?\n/);
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i].trim();
      var m;
      if ((m = /^a=setup:(\w+)/.exec(line))) out.setup = out.setup || m[1];
      else if ((m = /^a=ice-ufrag:(\S+)/.exec(line))) out.ufrag = out.ufrag || m[1];
      else if ((m = /^a=ice-pwd:(\S+)/.exec(line))) out.pwd = out.pwd || m[1];
      else if ((m = /^a=fingerprint:(\S+) ([0-9A-Fa-f:]+)/.exec(line))) {
        if (!out.hash) {
          out.hash = m[1].toLowerCase();
          out.fingerprint = m[2].split(":").map(function (x) {
            return parseInt(x, 16);
          });
        }
      } else if ((m = /^a=candidate:\S+ (\d+) (\w+) (\d+) (\S+) (\d+) typ (\w+)/.exec(line))) {
        if (m[1] !== "1" || m[2].toLowerCase() !== "udp") continue; // rtcp-mux; UDP only
        out.candidates.push({ priority: Number(m[3]), address: m[4], port: Number(m[5]), type: m[6] });
      }
    }
    return out;
  }

  function addressBytes(address) {
    var m = UUID_LOCAL.exec(address);
    if (m) return { kind: 2, bytes: hexBytes(m.slice(1).join("")) };
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
      return { kind: 0, bytes: address.split(".").map(Number) };
    }
    if (address.indexOf(":") >= 0) {
      var v6 = ipv6Bytes(address);
      if (v6) return { kind: 1, bytes: v6 };
    }
    var name = ENC.encode(address);
    if (name.length > 255) return null;
    return { kind: 3, bytes: [name.length].concat(Array.from(name)) };
  }

  function hexBytes(hex) {
    var bytes = [];
    for (var i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
    return bytes;
  }

  function ipv6Bytes(address) {
    var halves = address.split("::");
    if (halves.length > 2) return null;
    var head = halves[0] ? halves[0].split(":") : [];
    var tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
    var missing = 8 - head.length - tail.length;
    if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
    var groups = head.concat(new Array(missing).fill("0"), tail);
    var bytes = [];
    for (var i = 0; i < 8; i++) {
      if (!/^[0-9a-f]{1,4}$/i.test(groups[i])) return null;
      var value = parseInt(groups[i], 16);
      bytes.push(value >> 8, value & 0xff);
    }
    return bytes;
  }

  function ipv6Text(bytes) {
    var groups = [];
    for (var i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
    return groups.join(":");
  }

  function uuidText(bytes) {
    var hex = Array.from(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
    return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join("-") + ".local";
  }

  async function squeeze(bytes, direction) {
    var Stream = direction === "compress" ? window.CompressionStream : window.DecompressionStream;
    if (typeof Stream !== "function") return null;
    var stream = new Blob([bytes]).stream().pipeThrough(new Stream("deflate-raw"));
    var reader = stream.getReader();
    var chunks = [];
    var total = 0;
    for (;;) {
      var step = await reader.read();
      if (step.done) break;
      total += step.value.length;
      if (total > 4096) {
        reader.cancel();
        throw netError("bad_code", "too long once inflated");
      }
      chunks.push(step.value);
    }
    var out = new Uint8Array(total);
    var at = 0;
    for (var i = 0; i < chunks.length; i++) {
      out.set(chunks[i], at);
      at += chunks[i].length;
    }
    return out;
  }

  async function packSdp(sdp) {
    var parts = parseSdp(sdp);
    var setup = SETUPS.indexOf(parts.setup);
    var hash = HASHES.indexOf(parts.hash);
    if (setup < 0 || hash < 0 || !parts.ufrag || !parts.pwd || !ICE_CHARS.test(parts.ufrag) || !ICE_CHARS.test(parts.pwd)) {
      throw new TypeError("packSdp: this SDP lacks a setup role, ICE credentials or a fingerprint");
    }
    var body = [setup, parts.ufrag.length].concat(
      Array.from(ENC.encode(parts.ufrag)),
      [parts.pwd.length],
      Array.from(ENC.encode(parts.pwd)),
      [hash, parts.fingerprint.length],
      parts.fingerprint
    );
    var candidates = parts.candidates.slice().sort(function (a, b) {
      return b.priority - a.priority;
    });
    var kept = [];
    var seen = {};
    for (var i = 0; i < candidates.length && kept.length < 12; i++) {
      var c = candidates[i];
      var type = TYPES.indexOf(c.type);
      var address = addressBytes(c.address);
      var key = c.address + " " + c.port;
      if (type < 0 || !address || seen[key] || c.port < 1 || c.port > 65535) continue;
      seen[key] = true;
      kept.push([type | (address.kind << 2)].concat(address.bytes, [c.port >> 8, c.port & 0xff]));
    }
    body.push(kept.length);
    for (var k = 0; k < kept.length; k++) body = body.concat(kept[k]);
    var payload = new Uint8Array(body);
    var kind = setup === 0 ? 1 : 2;
    var flags = kind;
    var deflated = await squeeze(payload, "compress");
    var check = checksum(payload);
    if (deflated && deflated.length < payload.length) {
      payload = deflated;
      flags |= 4;
    }
    var code = new Uint8Array(5 + payload.length);
    code.set([CODE_MAGIC, CODE_VERSION, flags, check >> 8, check & 0xff]);
    code.set(payload, 5);
    return b64url(code);
  }

  /** The code inside pasted text: a bare code, or a link with #join=<code>. */
  function codeFrom(text) {
    if (typeof text !== "string") return "";
    var m = /[#&?](?:join|answer)=([A-Za-z0-9_-]+)/.exec(text);
    if (m) return m[1];
    return text.replace(/\s+/g, "");
  }

  function joinCode(href) {
    var m = /#(?:.*&)?join=([A-Za-z0-9_-]+)/.exec(href === undefined ? location.href : href);
    return m ? m[1] : null;
  }

  async function decodeCode(code) {
    var bytes = unb64url(codeFrom(code));
    if (bytes.length < 6 || bytes[0] !== CODE_MAGIC) throw netError("bad_code", "not a pairing code of this site");
    if (bytes[1] !== CODE_VERSION) throw netError("version", "code version " + bytes[1]);
    var flags = bytes[2];
    var kind = flags & 3;
    if (kind !== 1 && kind !== 2) throw netError("bad_code", "unknown kind");
    var payload = bytes.subarray(5);
    if (flags & 4) {
      try {
        payload = await squeeze(payload, "decompress");
      } catch (error) {
        throw netError("bad_code", "does not inflate");
      }
      if (!payload) throw netError("version", "this browser cannot inflate codes");
    }
    if (checksum(payload) !== ((bytes[3] << 8) | bytes[4])) throw netError("bad_code", "check failed");
    return { kind: kind === 1 ? "offer" : "answer", parts: readPayload(payload) };
  }

  function readPayload(p) {
    var at = 0;
    function take(n) {
      if (at + n > p.length) throw netError("bad_code", "truncated");
      var slice = p.subarray(at, at + n);
      at += n;
      return slice;
    }
    function byte() {
      return take(1)[0];
    }
    function ascii(n) {
      return String.fromCharCode.apply(null, take(n));
    }
    var setup = SETUPS[byte()];
    var ufrag = ascii(byte());
    var pwd = ascii(byte());
    var hash = HASHES[byte()];
    var fingerprint = Array.from(take(byte()), function (b) {
      return (b < 16 ? "0" : "") + b.toString(16).toUpperCase();
    }).join(":");
    if (!setup || !hash || !ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd) || !fingerprint) {
      throw netError("bad_code", "bad fields");
    }
    var count = byte();
    var candidates = [];
    for (var i = 0; i < count; i++) {
      var head = byte();
      var type = TYPES[head & 3];
      var kind = (head >> 2) & 3;
      var address;
      if (kind === 0) address = Array.from(take(4)).join(".");
      else if (kind === 1) address = ipv6Text(take(16));
      else if (kind === 2) address = uuidText(take(16));
      else address = DEC.decode(take(byte()));
      if (!/^[A-Za-z0-9.:-]+$/.test(address)) throw netError("bad_code", "bad address");
      var port = (byte() << 8) | byte();
      candidates.push({ type: type, index: head & 3, address: address, port: port });
    }
    if (at !== p.length) throw netError("bad_code", "trailing bytes");
    return { setup: setup, ufrag: ufrag, pwd: pwd, hash: hash, fingerprint: fingerprint, candidates: candidates };
  }

  function writeSdp(parts) {
    var lines = [
      "v=0",
      "o=- 1 2 IN IP4 127.0.0.1",
      "s=-",
      "t=0 0",
      "a=group:BUNDLE 0",
      "a=msid-semantic: WMS",
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
      "c=IN IP4 0.0.0.0",
    ];
    for (var i = 0; i < parts.candidates.length; i++) {
      var c = parts.candidates[i];
      var priority = TYPE_PREF[c.index] * 16777216 + (65535 - i) * 256 + 255;
      var line = "a=candidate:" + (i + 1) + " 1 udp " + priority + " " + c.address + " " + c.port + " typ " + c.type;
      if (c.type !== "host") line += " raddr 0.0.0.0 rport 0";
      lines.push(line);
    }
    lines.push(
      "a=end-of-candidates",
      "a=ice-ufrag:" + parts.ufrag,
      "a=ice-pwd:" + parts.pwd,
      "a=fingerprint:" + parts.hash + " " + parts.fingerprint,
      "a=setup:" + parts.setup,
      "a=mid:0",
      "a=sctp-port:5000",
      // Without it the other side assumes 64 KiB; frames may be up to maxFrame.
      "a=max-message-size:" + Math.max(limits.maxFrame + 16, 262144)
    );
    return lines.join("\r\n") + "\r\n";
  }

  async function unpackSdp(code, kind) {
    var decoded = await decodeCode(code);
    if (kind && decoded.kind !== kind) throw netError("wrong_kind", "expected an " + kind);
    return writeSdp(decoded.parts);
  }

  // ------------------------------------------------------------ WebRTC

  function rtcConfig(options) {
    var servers = options && Array.isArray(options.iceServers) ? options.iceServers : [];
    return { iceServers: servers };
  }

  function gathered(pc) {
    return new Promise(function (resolve) {
      if (pc.iceGatheringState === "complete") return resolve();
      var bound = setTimeout(done, GATHER_MS);
      function done() {
        clearTimeout(bound);
        pc.removeEventListener("icegatheringstatechange", check);
        resolve();
      }
      function check() {
        if (pc.iceGatheringState === "complete") done();
      }
      pc.addEventListener("icegatheringstatechange", check);
    });
  }

  function newChannel(pc) {
    // Negotiated: both sides open channel 0 themselves, no extra round trip.
    return pc.createDataChannel("bossquest", { negotiated: true, id: 0, ordered: true });
  }

  /** Resolves once the data channel opens, rejects with lateCode after
   *  waitMs; promise.abort(error) gives up. */
  function opened(pc, channel, waitMs, lateCode) {
    var abort = null;
    var promise = new Promise(function (resolve, reject) {
      if (channel.readyState === "open") return resolve();
      abort = finish;
      var bound = setTimeout(function () {
        finish(netError(lateCode, "timed out"));
      }, waitMs);
      function finish(error) {
        abort = null;
        clearTimeout(bound);
        channel.removeEventListener("open", onOpen);
        pc.removeEventListener("connectionstatechange", onState);
        if (error) reject(error);
        else resolve();
      }
      function onOpen() {
        finish(null);
      }
      function onState() {
        if (pc.connectionState === "failed" || pc.connectionState === "closed") {
          finish(netError("connect_failed", "ICE " + pc.connectionState));
        }
      }
      channel.addEventListener("open", onOpen);
      pc.addEventListener("connectionstatechange", onState);
    });
    promise.abort = function (error) {
      if (abort) abort(error);
    };
    return promise;
  }

  function rtcLink(pc, channel) {
    var made = makeLink("rtc-" + randomId(), {
      post: function (plain) {
        if (channel.readyState !== "open") return false;
        try {
          channel.send(plain);
          return true;
        } catch (error) {
          // e.g. over the size the other side accepts: say so, do not throw
          console.warn("BossQuestNet: frame not sent: " + error);
          return false;
        }
      },
      bye: function () {
        if (channel.readyState === "open") channel.send("b");
      },
      shut: function () {
        // The channel closes once what it holds is sent; then the connection.
        var done = false;
        function end() {
          if (done) return;
          done = true;
          pc.close();
        }
        channel.addEventListener("close", end);
        setTimeout(end, 2000);
        channel.close();
      },
    }, "rtcDropMs");
    var graceTimer = null;
    channel.onmessage = function (event) {
      if (typeof event.data !== "string") {
        warnDropped("a frame", made.link.peer, "not text");
        return;
      }
      if (event.data.length > limits.maxFrame + 1) {
        warnDropped("a frame", made.link.peer, "over " + limits.maxFrame + " bytes");
        return;
      }
      made.wire.receive(event.data);
    };
    channel.onclose = function () {
      made.wire.drop("closed");
    };
    pc.addEventListener("connectionstatechange", function () {
      if (pc.connectionState === "failed") made.wire.drop("failed");
      if (pc.connectionState === "failed" || pc.connectionState === "closed") {
        delete openPeers[made.link.peer];
      }
    });
    openPeers[made.link.peer] = pc;
    pc.addEventListener("iceconnectionstatechange", function () {
      var state = pc.iceConnectionState;
      if (state === "failed") made.wire.drop("failed");
      else if (state === "disconnected" && graceTimer === null) {
        // Often a blip (Wi-Fi roaming, a phone switching apps): give it time to come back.
        graceTimer = setTimeout(function () {
          graceTimer = null;
          if (pc.iceConnectionState === "disconnected") made.wire.drop("disconnected");
        }, limits.rtcDropMs);
      }
    });
    return made.link;
  }

  // The peer connection of each device link that is open (rtcRoutes reads them).
  var openPeers = {};

  /** The candidate pair ICE chose on `pc`: {local, remote} candidate types
   *  ("host", "srflx", "prflx", "relay"), or null before one is chosen. */
  async function chosenPair(pc) {
    var stats = await pc.getStats();
    var chosen = null;
    stats.forEach(function (item) {
      if (item.type === "transport" && item.selectedCandidatePairId) chosen = stats.get(item.selectedCandidatePairId);
    });
    if (!chosen) {
      stats.forEach(function (item) {
        if (item.type === "candidate-pair" && item.nominated && item.state === "succeeded") chosen = item;
      });
    }
    if (!chosen) return null;
    var local = stats.get(chosen.localCandidateId);
    var remote = stats.get(chosen.remoteCandidateId);
    return { local: local ? local.candidateType : "", remote: remote ? remote.candidateType : "" };
  }

  /** Whether any candidate pair of `pc` has answered ICE's checks: a path to
   *  the other device exists (it answers even before it has our answer). */
  async function answered(pc) {
    if (pc.connectionState === "closed") return false;
    var stats = await pc.getStats();
    var found = false;
    stats.forEach(function (item) {
      if (item.type === "candidate-pair" && item.state === "succeeded") found = true;
    });
    return found;
  }

  /** How each open device link goes: [{peer, local, remote}] (see chosenPair);
   *  "relay" on either side means through a TURN server. */
  async function rtcRoutes() {
    var routes = [];
    var peers = Object.keys(openPeers).sort();
    for (var i = 0; i < peers.length; i++) {
      var pc = openPeers[peers[i]];
      if (pc.connectionState === "closed") continue;
      var pair = await chosenPair(pc);
      routes.push({ peer: peers[i], local: pair ? pair.local : "", remote: pair ? pair.remote : "" });
    }
    return routes;
  }

  /** The invitation link: this page with "#join=<code>", its address naming
   *  the page's game (?game=, added when the address names none: a site of
   *  several games opens its list of games at its root, so the link must say
   *  which game to join). */
  function pageUrlWith(code) {
    var url = new URL(location.href);
    url.hash = "";
    if (!url.searchParams.get("game")) url.searchParams.set("game", PAGE_GAME);
    return url.href.split("#")[0] + "#join=" + code;
  }

  async function rtcInvite(options) {
    var problem = rtcProblem();
    if (problem) throw netError(problem);
    var pc = new RTCPeerConnection(rtcConfig(options));
    var channel = newChannel(pc);
    var state = "open"; // open | accepting | used | cancelled
    var opening = null;
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      var code = await packSdp(pc.localDescription.sdp);
    } catch (error) {
      pc.close();
      throw error;
    }
    return {
      code: code,
      url: pageUrlWith(code),
      accept: async function (answerText) {
        if (state === "cancelled") throw netError("cancelled");
        if (state !== "open") throw netError("used");
        var sdp = await unpackSdp(answerText, "answer"); // a bad code changes nothing
        if (state !== "open") throw netError(state === "cancelled" ? "cancelled" : "used");
        state = "accepting";
        try {
          await pc.setRemoteDescription({ type: "answer", sdp: sdp });
          opening = opened(pc, channel, limits.connectMs, "connect_failed");
          await opening;
        } catch (error) {
          state = "used";
          pc.close();
          throw error.code ? error : netError("connect_failed", String(error));
        }
        state = "used";
        return rtcLink(pc, channel);
      },
      cancel: function () {
        if (state === "open" || state === "accepting") {
          state = "cancelled";
          pc.close();
          if (opening) opening.abort(netError("cancelled"));
        }
      },
    };
  }

  async function rtcAnswer(offerText, options) {
    var problem = rtcProblem();
    if (problem) throw netError(problem);
    var sdp = await unpackSdp(offerText, "offer");
    var pc = new RTCPeerConnection(rtcConfig(options));
    var channel = newChannel(pc);
    try {
      await pc.setRemoteDescription({ type: "offer", sdp: sdp });
      // The guest answers as the DTLS server ("passive"), so it waits for the
      // host's handshake for as long as the host takes to paste the answer.
      // As the client (Chromium's choice) it started its handshake at once,
      // the host answered its ICE checks but not that, and Chromium gave up
      // after about 3.5 minutes: a person carrying the code may take longer.
      var answer = await pc.createAnswer();
      var passive = answer.sdp.replace(/a=setup:active(?=\r?\n)/g, "a=setup:passive");
      await pc.setLocalDescription({ type: "answer", sdp: passive });
      await gathered(pc);
      var code = await packSdp(pc.localDescription.sdp);
    } catch (error) {
      pc.close();
      throw error.code ? error : netError("connect_failed", String(error));
    }
    var opening = opened(pc, channel, limits.answerWaitMs, "answer_expired");
    var link = opening.then(
      function () {
        return rtcLink(pc, channel);
      },
      function (error) {
        pc.close();
        throw error;
      }
    );
    return {
      code: code,
      link: link,
      reached: function () {
        return answered(pc);
      },
      cancel: function () {
        pc.close();
        opening.abort(netError("cancelled"));
      },
    };
  }

  // ------------------------------------------- the host's sealed save

  /*
   * hostStore: where the host keeps its match so that closing its tab (or a
   * phone discarding it) does not end the game. The match holds every hidden
   * card, and localStorage is shared with every tab of the origin, guests
   * included, so it is stored SEALED: AES-GCM-256 under one key made here by
   * crypto.subtle, NON-EXTRACTABLE, kept as a CryptoKey in IndexedDB (it is
   * never exported, and no storage ever holds the match in clear). A Web Lock
   * per room ("<game>.host.<room>") says which tab owns a record: the tab
   * that hosts holds it for its lifetime, so a second tab is never offered a
   * game that is hosted (or offered) elsewhere, and two tabs never host one room.
   * The limit: any script of this origin (devtools included) could ask the
   * browser to decrypt with that key; it cannot take the key away, our guest
   * pages never touch the records, and the storage itself shows ciphertext only.
   *
   * Records: localStorage[HOST_PREFIX + room] = {"v":1,"at":ms,"iv","ct"}
   * (base64url; the room is authenticated data). sessionStorage[HOSTING_KEY]
   * = the room this tab hosts, so a plain reload resumes at once.
   *
   * At load, the page claims: the room of its HOSTING_KEY (waiting up to
   * RELOAD_WAIT_MS for the lock its previous page lets go of), else, unless
   * it is a guest's page (GUEST_KEY in sessionStorage, or an invitation
   * link), every record whose lock is free: those are the games to offer.
   *
   * The records, the mark, the guest's record, the Web Locks (a room's and
   * the key's), the IndexedDB database of the key and the records' sealing
   * label are named after the page's game (html[data-game], which menu.js
   * sets from ?game= before this runs; Boss Quest on a page that has none,
   * and on a home of several games, html[data-game=""], nothing is claimed at
   * all), as game/web/net_prefs.py names them: a page claims and
   * offers only its own game's records, never another game's, which it could
   * not restore, and one game's key never seals another's. Boss Quest's names
   * are the ones it always had ("bossquest.host.<room>", the database
   * "bossquest.host", ...), so nothing kept before is lost.
   */
  var SHOWN_GAME = document.documentElement.getAttribute("data-game");
  // "": the home of several games, which shows no game: it claims no record
  // (the home offers each game's to resume on the game's own page)
  var ON_HOME = SHOWN_GAME === "";
  var PAGE_GAME = SHOWN_GAME || "bossquest";
  var HOST_PREFIX = PAGE_GAME + ".net.host.v2.";
  var HOSTING_KEY = PAGE_GAME + ".net.hosting.v1";
  var GUEST_KEY = PAGE_GAME + ".net.guest.v1";
  var LOCK_PREFIX = PAGE_GAME + ".host.";
  var KEY_LOCK = PAGE_GAME + ".hostkey.v1";
  var KEY_DB = PAGE_GAME + ".host";
  var KEY_AAD = PAGE_GAME + "-host-v1|";
  var KEY_STORE = "keys";
  var KEY_ID = "host.v1";
  var RELOAD_WAIT_MS = 5000;
  var held = {}; // room -> the function that lets its lock go
  var writes = Promise.resolve();
  var hostKeyCache = null;
  var gone = {}; // rooms whose game ended here: never written again

  function storeProblem() {
    if (!window.isSecureContext || !window.crypto || !crypto.subtle) return "insecure";
    if (!navigator.locks || typeof navigator.locks.request !== "function") return "no_locks";
    if (!window.indexedDB) return "no_indexeddb";
    try {
      window.localStorage.getItem(HOSTING_KEY);
      window.sessionStorage.getItem(HOSTING_KEY);
    } catch (e) {
      return "no_storage";
    }
    return null;
  }

  function hostingRoom() {
    try {
      var room = window.sessionStorage.getItem(HOSTING_KEY);
      return room && ROOM_RE.test(room) ? room : null;
    } catch (e) {
      return null;
    }
  }

  /** The lock of `room`: at once if free, or (wait) for up to RELOAD_WAIT_MS. */
  function takeLock(room, wait) {
    if (held[room]) return Promise.resolve(true);
    return new Promise(function (resolve) {
      var options = { ifAvailable: true };
      var timer = null;
      if (wait) {
        var stop = new AbortController();
        options = { signal: stop.signal };
        timer = setTimeout(function () {
          stop.abort();
        }, RELOAD_WAIT_MS);
      }
      navigator.locks
        .request(LOCK_PREFIX + room, options, function (lock) {
          if (timer !== null) clearTimeout(timer);
          if (!lock) return resolve(false);
          // held until dropHost/releaseHost, or until this page goes
          return new Promise(function (letGo) {
            held[room] = letGo;
            resolve(true);
          });
        })
        .catch(function () {
          resolve(false); // aborted: another tab kept it
        });
    });
  }

  function letGo(room) {
    var release = held[room];
    delete held[room];
    if (release) release();
  }

  function recordRooms() {
    var found = [];
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i);
      if (key && key.indexOf(HOST_PREFIX) === 0) {
        var room = key.slice(HOST_PREFIX.length);
        if (ROOM_RE.test(room)) found.push({ room: room, at: recordTime(key) });
      }
    }
    found.sort(function (a, b) {
      return b.at - a.at; // the newest first
    });
    return found.map(function (item) {
      return item.room;
    });
  }

  function recordTime(key) {
    try {
      var at = JSON.parse(localStorage.getItem(key)).at;
      return typeof at === "number" ? at : 0;
    } catch (e) {
      return 0;
    }
  }

  function claimAtLoad() {
    if (ON_HOME || storeProblem()) return Promise.resolve([]);
    var mine = hostingRoom();
    if (mine) {
      return takeLock(mine, true).then(function (ok) {
        return ok ? [mine] : [];
      });
    }
    if (window.sessionStorage.getItem(GUEST_KEY) || /^#join=/.test(window.location.hash)) {
      return Promise.resolve([]); // a guest's page never touches the host's records
    }
    var rooms = recordRooms();
    return Promise.all(
      rooms.map(function (room) {
        return takeLock(room, false);
      })
    ).then(function (oks) {
      return rooms.filter(function (room, i) {
        return oks[i];
      });
    });
  }

  var claims = claimAtLoad().catch(function (error) {
    console.warn("BossQuestNet: the host's records could not be claimed: " + error);
    return [];
  });

  function idbRequest(request) {
    return new Promise(function (resolve, reject) {
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  async function withKeyStore(mode, use) {
    var opening = indexedDB.open(KEY_DB, 1);
    opening.onupgradeneeded = function () {
      opening.result.createObjectStore(KEY_STORE);
    };
    var db = await idbRequest(opening);
    try {
      return await idbRequest(use(db.transaction(KEY_STORE, mode).objectStore(KEY_STORE)));
    } finally {
      db.close();
    }
  }

  /** The one key of the host's records (made on the first save, if `make`), or null. */
  async function hostKey(make) {
    if (hostKeyCache) return hostKeyCache;
    // under a lock: two tabs saving their first game must not make two keys
    var key = await navigator.locks.request(KEY_LOCK, async function () {
      var found = await withKeyStore("readonly", function (store) {
        return store.get(KEY_ID);
      });
      if (found || !make) return found || null;
      var made = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, [
        "encrypt",
        "decrypt",
      ]);
      await withKeyStore("readwrite", function (store) {
        return store.put(made, KEY_ID);
      });
      return made;
    });
    if (key) hostKeyCache = key;
    return key;
  }

  function recordAad(room) {
    return ENC.encode(KEY_AAD + room);
  }

  async function sealRecord(room, text) {
    var key = await hostKey(true);
    var iv = crypto.getRandomValues(new Uint8Array(12));
    var ct = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: iv, additionalData: recordAad(room) },
      key,
      ENC.encode(text)
    );
    return JSON.stringify({ v: 1, at: Date.now(), iv: b64url(iv), ct: b64url(new Uint8Array(ct)) });
  }

  async function openRecord(room, stored) {
    var record;
    try {
      record = JSON.parse(stored);
    } catch (e) {
      throw netError("corrupt", "not JSON");
    }
    if (!record || record.v !== 1 || typeof record.iv !== "string" || typeof record.ct !== "string") {
      throw netError("corrupt", "not a sealed record");
    }
    var key = await hostKey(false);
    if (!key) throw netError("corrupt", "no key in this browser");
    try {
      var plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: unb64url(record.iv), additionalData: recordAad(room) },
        key,
        unb64url(record.ct)
      );
      return DEC.decode(plain);
    } catch (e) {
      throw netError("corrupt", "it does not open");
    }
  }

  /** Seal and keep `text` as the record of `room` (taking its lock first), in call order. */
  function saveHost(room, text) {
    if (typeof room !== "string" || !ROOM_RE.test(room) || typeof text !== "string") {
      return Promise.reject(netError("bad_room"));
    }
    var problem = storeProblem();
    if (problem) return Promise.reject(netError(problem));
    var step = writes.then(async function () {
      if (gone[room]) return; // the game ended: a late save must not bring it back
      if (!(await takeLock(room, false))) throw netError("locked");
      var record = await sealRecord(room, text);
      if (gone[room] || !held[room]) return;
      localStorage.setItem(HOST_PREFIX + room, record);
      sessionStorage.setItem(HOSTING_KEY, room);
    });
    writes = step.catch(function () {});
    return step;
  }

  /** The text of `room`'s record, once the saves asked before are written. */
  function loadHost(room) {
    return writes.then(function () {
      if (!held[room]) throw netError("locked");
      var stored = localStorage.getItem(HOST_PREFIX + room);
      if (stored === null) throw netError("missing");
      return openRecord(room, stored);
    });
  }

  /** The game of `room` is over: its record, this tab's mark and its lock go. */
  function dropHost(room) {
    gone[room] = true;
    letGo(room);
    try {
      localStorage.removeItem(HOST_PREFIX + room);
      if (hostingRoom() === room) sessionStorage.removeItem(HOSTING_KEY);
    } catch (e) {
      /* storage refused: nothing was kept either */
    }
  }

  /** Let another tab have `room` (this one became a guest): the record stays. */
  function releaseHost(room) {
    letGo(room);
    try {
      if (hostingRoom() === room) sessionStorage.removeItem(HOSTING_KEY);
    } catch (e) {
      /* nothing to forget */
    }
  }

  var hostStore = {
    support: storeProblem,
    hosting: hostingRoom,
    claimed: function () {
      return claims.then(function (rooms) {
        return rooms.filter(function (room) {
          return held[room];
        });
      });
    },
    save: saveHost,
    load: loadHost,
    drop: dropHost,
    release: releaseHost,
  };

  // --- reactions: a bubble beside a seat's chip, for a few seconds --------
  // Drawn in a layer of its own outside the board, which Python redraws on
  // every move: the bubble stays where it was put until it fades.
  var REACTION_MS = 3500;

  function reactionLayer() {
    var layer = document.getElementById("net-react-layer");
    if (!layer) {
      layer = document.createElement("div");
      layer.id = "net-react-layer";
      layer.className = "net-react-layer";
      layer.setAttribute("aria-live", "polite");
      document.body.appendChild(layer);
    }
    return layer;
  }

  /** The bottom of what stays stuck at the top of the window (a sticky or
   *  fixed bar), 0 when nothing does: a bubble goes below it, never under it. */
  function stuckBottom() {
    var bottom = 0;
    var bars = document.querySelectorAll("header, nav, [class*='bar'], [class*='sticky']");
    for (var i = 0; i < bars.length; i++) {
      var position = getComputedStyle(bars[i]).position;
      if (position !== "sticky" && position !== "fixed") continue;
      var box = bars[i].getBoundingClientRect();
      if (box.top <= 1 && box.bottom > bottom && box.bottom < window.innerHeight / 2) bottom = box.bottom;
    }
    return bottom;
  }

  function showReaction(seat, reaction, text) {
    var layer = reactionLayer();
    var old = layer.querySelector('[data-seat="' + Number(seat) + '"]');
    if (old) old.remove();
    var bubble = document.createElement("p");
    bubble.className = "net-bubble";
    bubble.setAttribute("data-seat", String(Number(seat)));
    bubble.setAttribute("data-reaction", String(reaction));
    bubble.textContent = String(text);
    // a face reaction: its picture from the board's sprite (#net-emote-<id>)
    if (document.getElementById("net-emote-" + reaction)) {
      var ns = "http://www.w3.org/2000/svg";
      var face = document.createElementNS(ns, "svg");
      face.setAttribute("class", "net-emote");
      face.setAttribute("aria-hidden", "true");
      var use = document.createElementNS(ns, "use");
      use.setAttribute("href", "#net-emote-" + reaction);
      face.appendChild(use);
      bubble.insertBefore(face, bubble.firstChild);
    }
    // Fixed to the window, so that it shows wherever the page is scrolled: under
    // the seat's chip while the chip is in sight, else at the top of the window,
    // below whatever stays stuck there; bubbles shown at once stack downwards.
    var chip = document.querySelector('#net-strip .net-chip[data-seat="' + Number(seat) + '"]');
    var box = chip ? chip.getBoundingClientRect() : null;
    var top = stuckBottom() + 8;
    var inSight = box && box.bottom >= top && box.bottom + 40 <= window.innerHeight;
    if (inSight) {
      top = box.bottom + 4;
      bubble.style.left = Math.max(4, Math.min(box.left, window.innerWidth - 120)) + "px";
    } else {
      bubble.classList.add("net-bubble-free");
    }
    var others = layer.querySelectorAll(".net-bubble");
    for (var i = 0; i < others.length; i++) {
      var other = others[i].getBoundingClientRect();
      if (other.bottom > top && other.top < top + 32) top = other.bottom + 4;
    }
    bubble.style.top = top + "px";
    layer.appendChild(bubble);
    setTimeout(function () {
      bubble.remove();
    }, REACTION_MS);
  }

  window.BossQuestNet = {
    showReaction: showReaction,
    tabsHost: tabsHost,
    tabsJoin: tabsJoin,
    tabsAnnounce: tabsAnnounce,
    tabsRooms: tabsRooms,
    rtcInvite: rtcInvite,
    rtcAnswer: rtcAnswer,
    rtcRoutes: rtcRoutes,
    packSdp: packSdp,
    unpackSdp: unpackSdp,
    codeFrom: codeFrom,
    joinCode: joinCode,
    support: function () {
      return { tabs: secureProblem(), rtc: rtcProblem(), camera: cameraProblem() };
    },
    reason: reason,
    limits: limits,
    hostStore: hostStore,
  };
})();
