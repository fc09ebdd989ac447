/*
 * Boss Quest: pairing two devices (QR codes, camera scanning, the widgets).
 *
 * Plain JavaScript, loaded after assets/qrcode.js (qrcode-generator)
 * and assets/net.js; adds to window.BossQuestNet:
 *
 *   qrSvg(text) -> string
 *       An <svg> (dark modules on white, a 4-module quiet zone) to insert.
 *   scanInto(container, {signal}) -> Promise<string>
 *       Shows the camera in `container` with a Stop button and resolves with
 *       the text of the first QR code seen. Uses BarcodeDetector where the
 *       browser has it, else jsQR (assets/jsqr.js, loaded only now).
 *       Rejects with .code "no_camera", "camera_denied", "insecure" or
 *       "cancelled": show a paste field instead.
 *   showInvite(container, invite, lang) -> {link: Promise<Link>, destroy()}
 *       On the host, for one rtcInvite(): the link (with a copy button), its
 *       QR code, and a paste field + scan button for the guest's answer.
 *       link resolves once connected; a bad answer shows why and waits for
 *       another; it rejects if the invitation dies (make a new one).
 *   showAnswer(container, answer, lang) -> {link: Promise<Link>, destroy()}
 *       On the guest, for one rtcAnswer(): "show this to the host", the
 *       answer code (with a copy button) and its QR code.
 *   showJoin(container, lang, onCode(code)) -> {destroy()}
 *       On a guest who has the invitation as text: a paste field and a scan
 *       button; onCode gets a valid-looking offer code.
 *
 * destroy() removes a widget; it does not cancel the invitation or answer
 * (call their cancel() when giving up on them).
 * lang is "fr" or "en" (default: the page's); the widgets follow the page's
 * language switch ("bq:lang" events). Markers for tests and the page:
 *   .bq-pair[data-pairing = waiting | connecting | connected | error | stalled]
 *   (stalled: on the guest, no path to the host found after limits.pairHintMs)
 *   .bq-pair[data-role = invite | answer | join], [data-pairing-status],
 *   [data-invite-link] (input, the URL), [data-invite-code], [data-answer-code],
 *   [data-answer-input], [data-answer-connect], [data-join-input],
 *   [data-join-go], [data-scan], [data-copy], [data-qr] (holds the svg),
 *   .bq-scan[data-scanning] while the camera runs.
 */
(function () {
  "use strict";

  var Net = window.BossQuestNet;
  var script = document.currentScript;
  var JSQR_URL = script && script.getAttribute("data-jsqr");

  var STRINGS = {
    inviteTitle: { fr: "Inviter un joueur", en: "Invite a player" },
    inviteStep1: {
      fr: "Sur l’appareil de l’invité, scannez ce code ou ouvrez ce lien :",
      en: "On the guest’s device, scan this code or open this link:",
    },
    inviteStep2: {
      fr: "Puis collez ou scannez ici le code réponse que l’invité vous montre :",
      en: "Then paste or scan here the answer code the guest shows you:",
    },
    inviteLink: { fr: "Lien d’invitation", en: "Invitation link" },
    answerField: { fr: "Code réponse de l’invité", en: "The guest’s answer code" },
    answerPlaceholder: { fr: "Collez le code réponse", en: "Paste the answer code" },
    connect: { fr: "Relier", en: "Connect" },
    copy: { fr: "Copier", en: "Copy" },
    copied: { fr: "Copié", en: "Copied" },
    scan: { fr: "Scanner", en: "Scan" },
    stop: { fr: "Arrêter", en: "Stop" },
    answerTitle: { fr: "Montrez ce code à l’hôte", en: "Show this to the host" },
    answerHint: {
      fr: "L’hôte le scanne avec son appareil, ou vous lui envoyez le code.",
      en: "The host scans it with their device, or you send them the code.",
    },
    answerCode: { fr: "Code réponse", en: "Answer code" },
    joinTitle: { fr: "Rejoindre une partie", en: "Join a game" },
    joinHint: {
      fr: "Collez le lien ou le code d’invitation de l’hôte, ou scannez son QR code.",
      en: "Paste the host’s invitation link or code, or scan their QR code.",
    },
    joinField: { fr: "Invitation", en: "Invitation" },
    joinPlaceholder: { fr: "Collez le lien d’invitation", en: "Paste the invitation link" },
    join: { fr: "Rejoindre", en: "Join" },
    qrLabel: { fr: "QR code", en: "QR code" },
    waitingAnswer: { fr: "En attente de la réponse de l’invité…", en: "Waiting for the guest’s answer…" },
    waitingHost: { fr: "En attente de l’hôte…", en: "Waiting for the host…" },
    waitingJoin: { fr: "En attente de l’invitation…", en: "Waiting for the invitation…" },
    connecting: { fr: "Connexion…", en: "Connecting…" },
    connected: { fr: "Connecté !", en: "Connected!" },
    scanning: { fr: "Visez le QR code avec la caméra…", en: "Point the camera at the QR code…" },
    pairedGuest: { fr: "Invité relié", en: "Guest connected" },
    pairedHost: { fr: "Relié à l’hôte", en: "Connected to the host" },
    // what happens next, once connected (the codes above are of no more use)
    nextGuest: {
      fr: "La table de l’hôte s’ouvre ici : vous y voyez qui est assis, et la partie commence quand l’hôte la lance.",
      en: "The host’s table opens here: you see who is seated there, and the game begins when the host starts it.",
    },
    nextHost: {
      fr: "L’invité prend sa place à votre table : lancez la partie quand tout le monde est assis.",
      en: "The guest takes their seat at your table: start the game when everyone is seated.",
    },
  };

  function pageLang() {
    var bq = window.BossQuest;
    return bq && typeof bq.lang === "function" ? bq.lang() : document.documentElement.lang === "fr" ? "fr" : "en";
  }

  function say(key, lang) {
    var entry = STRINGS[key];
    if (entry) return entry[lang === "fr" ? "fr" : "en"];
    return Net.reason(key, lang);
  }

  function netError(code) {
    var error = new Error(Net.reason(code, "en"));
    error.name = "BossQuestNetError";
    error.code = code;
    return error;
  }

  // ----------------------------------------------------------------- QR

  function qrSvg(text) {
    if (typeof window.qrcode !== "function") throw new Error("qrcode-generator is not loaded");
    var qr = window.qrcode(0, "M"); // M: still reads with a glare or a crease
    qr.addData(String(text), "Byte");
    qr.make();
    var count = qr.getModuleCount();
    var quiet = 4;
    var size = count + 2 * quiet;
    var path = "";
    for (var row = 0; row < count; row++) {
      var col = 0;
      while (col < count) {
        if (!qr.isDark(row, col)) {
          col++;
          continue;
        }
        var start = col;
        while (col < count && qr.isDark(row, col)) col++;
        path += "M" + (start + quiet) + " " + (row + quiet) + "h" + (col - start) + "v1h-" + (col - start) + "z";
      }
    }
    return (
      '<svg xmlns="http://www.w3.org/2000/svg" class="bq-qr-svg" viewBox="0 0 ' + size + " " + size +
      '" shape-rendering="crispEdges" data-modules="' + count + '" role="img" aria-label="QR code">' +
      '<rect width="' + size + '" height="' + size + '" fill="#ffffff"/>' +
      '<path fill="#000000" d="' + path + '"/></svg>'
    );
  }

  // ------------------------------------------------------------ scanning

  var jsqrLoading = null;

  function loadJsqr() {
    if (typeof window.jsQR === "function") return Promise.resolve(window.jsQR);
    if (!JSQR_URL) return Promise.reject(new Error("jsQR's address is unknown"));
    if (!jsqrLoading) {
      jsqrLoading = new Promise(function (resolve, reject) {
        var tag = document.createElement("script");
        tag.src = JSQR_URL;
        tag.onload = function () {
          resolve(window.jsQR);
        };
        tag.onerror = function () {
          jsqrLoading = null;
          reject(new Error("jsQR did not load"));
        };
        document.head.appendChild(tag);
      });
    }
    return jsqrLoading;
  }

  async function makeDetector() {
    if (typeof window.BarcodeDetector === "function") {
      try {
        var formats = await window.BarcodeDetector.getSupportedFormats();
        if (formats.indexOf("qr_code") >= 0) {
          var detector = new window.BarcodeDetector({ formats: ["qr_code"] });
          return async function (video) {
            var found = await detector.detect(video);
            return found.length ? found[0].rawValue : null;
          };
        }
      } catch (error) {
        /* fall back to jsQR */
      }
    }
    var jsQR = await loadJsqr();
    var canvas = document.createElement("canvas");
    var context = canvas.getContext("2d", { willReadFrequently: true });
    return async function (video) {
      var width = video.videoWidth;
      var height = video.videoHeight;
      if (!width || !height) return null;
      var scale = Math.min(1, 720 / Math.max(width, height));
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      var image = context.getImageData(0, 0, canvas.width, canvas.height);
      var found = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
      return found ? found.data : null;
    };
  }

  function scanInto(container, options) {
    options = options || {};
    var lang = options.lang || pageLang();
    var problem = Net.support().camera;
    if (problem) return Promise.reject(netError(problem));
    var box = el("div", "bq-scan");
    box.setAttribute("data-scanning", "");
    var video = el("video", "bq-scan-video");
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("playsinline", "");
    var hint = el("p", "bq-scan-hint", say("scanning", lang));
    var stop = button("btn btn-small btn-secondary", say("stop", lang));
    stop.setAttribute("data-scan-stop", "");
    box.append(video, hint, stop);
    container.appendChild(box);

    var stream = null;
    var done = false;
    return new Promise(function (resolve, reject) {
      function finish(error, text) {
        if (done) return;
        done = true;
        if (stream) stream.getTracks().forEach(function (track) {
          track.stop();
        });
        video.srcObject = null;
        box.remove();
        if (options.signal) options.signal.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve(text);
      }
      function onAbort() {
        finish(netError("cancelled"));
      }
      stop.addEventListener("click", onAbort);
      if (options.signal) {
        if (options.signal.aborted) return onAbort();
        options.signal.addEventListener("abort", onAbort);
      }
      navigator.mediaDevices
        .getUserMedia({ video: { facingMode: "environment" }, audio: false })
        .then(function (got) {
          stream = got;
          if (done) {
            got.getTracks().forEach(function (track) {
              track.stop();
            });
            return null;
          }
          video.srcObject = stream;
          return Promise.all([video.play(), makeDetector()]);
        })
        .then(function (results) {
          if (done || !results) return;
          var detect = results[1];
          var look = function () {
            if (done) return;
            detect(video).then(
              function (text) {
                if (text) finish(null, text);
                else requestAnimationFrame(look);
              },
              function () {
                requestAnimationFrame(look);
              }
            );
          };
          look();
        })
        .catch(function (error) {
          var name = error && error.name;
          var code = name === "NotAllowedError" || name === "SecurityError" ? "camera_denied" : "no_camera";
          finish(netError(code));
        });
    });
  }

  // ------------------------------------------------------------- widgets

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(className, text) {
    var node = el("button", className, text);
    node.type = "button";
    return node;
  }

  /** Text that follows the language: data-net-i18n names its key. */
  function tr(node, key, lang) {
    node.setAttribute("data-net-i18n", key);
    node.textContent = say(key, lang);
    return node;
  }

  function copyButton(getText, lang) {
    var node = tr(button("btn btn-small btn-secondary", ""), "copy", lang);
    node.setAttribute("data-copy", "");
    node.addEventListener("click", function () {
      var text = getText();
      var lang = node.closest(".bq-pair").getAttribute("data-lang");
      function shown() {
        tr(node, "copied", lang);
      }
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(shown, function () {
          fallbackCopy(text) && shown();
        });
      } else if (fallbackCopy(text)) {
        shown();
      }
    });
    return node;
  }

  function fallbackCopy(text) {
    var area = el("textarea", "bq-copy-buffer");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try {
      ok = document.execCommand("copy");
    } catch (error) {
      ok = false;
    }
    area.remove();
    return ok;
  }

  function qrBlock(text, lang) {
    var box = el("div", "bq-qr");
    box.setAttribute("data-qr", "");
    box.innerHTML = qrSvg(text);
    var svg = box.firstChild;
    svg.setAttribute("data-net-i18n-label", "qrLabel");
    svg.setAttribute("aria-label", say("qrLabel", lang));
    return box;
  }

  function frame(container, role, titleKey, lang) {
    container.textContent = "";
    var root = el("section", "bq-pair");
    root.setAttribute("data-role", role);
    root.setAttribute("data-lang", lang);
    root.setAttribute("data-pairing", "waiting");
    var title = tr(el("h3", "bq-pair-title"), titleKey, lang);
    root.appendChild(title);
    container.appendChild(root);
    var status = el("p", "bq-pair-status");
    status.setAttribute("data-pairing-status", "");
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    function setStatus(state, key) {
      root.setAttribute("data-pairing", state);
      tr(status, key, root.getAttribute("data-lang"));
    }
    function relabel(event) {
      var next = event.detail === "fr" ? "fr" : "en";
      root.setAttribute("data-lang", next);
      var nodes = root.querySelectorAll("[data-net-i18n]");
      for (var i = 0; i < nodes.length; i++) nodes[i].textContent = say(nodes[i].getAttribute("data-net-i18n"), next);
      var labels = root.querySelectorAll("[data-net-i18n-label]");
      for (var j = 0; j < labels.length; j++) {
        labels[j].setAttribute("aria-label", say(labels[j].getAttribute("data-net-i18n-label"), next));
      }
      var places = root.querySelectorAll("[data-net-i18n-placeholder]");
      for (var k = 0; k < places.length; k++) {
        places[k].placeholder = say(places[k].getAttribute("data-net-i18n-placeholder"), next);
      }
    }
    document.addEventListener("bq:lang", relabel);
    return {
      root: root,
      status: status,
      setStatus: setStatus,
      setTitle: function (key) {
        tr(title, key, root.getAttribute("data-lang"));
      },
      destroy: function () {
        document.removeEventListener("bq:lang", relabel);
        root.remove();
      },
    };
  }

  /** A labelled paste field with its action and scan buttons. */
  function pasteRow(lang, ids) {
    var wrap = el("div", "bq-pair-paste");
    var label = el("label", "bq-pair-label");
    tr(label, ids.label, lang);
    var fieldId = "bq-" + ids.marker + "-" + Math.random().toString(36).slice(2, 8);
    label.htmlFor = fieldId;
    var input = el("textarea", "bq-pair-input");
    input.id = fieldId;
    input.rows = 2;
    input.spellcheck = false;
    input.autocomplete = "off";
    input.setAttribute("autocapitalize", "off");
    input.setAttribute("data-" + ids.marker, "");
    input.setAttribute("data-net-i18n-placeholder", ids.placeholder);
    input.placeholder = say(ids.placeholder, lang);
    var buttons = el("div", "bq-pair-buttons");
    var go = tr(button("btn btn-primary", ""), ids.go, lang);
    go.setAttribute("data-" + ids.goMarker, "");
    var scan = tr(button("btn btn-small btn-secondary", ""), "scan", lang);
    scan.setAttribute("data-scan", "");
    if (Net.support().camera) scan.hidden = true; // no camera here: paste only
    buttons.append(go, scan);
    var scanBox = el("div", "bq-scan-box");
    wrap.append(label, input, buttons, scanBox);
    return { wrap: wrap, input: input, go: go, scan: scan, scanBox: scanBox };
  }

  function wireScan(row, ui, onText) {
    row.scan.addEventListener("click", function () {
      row.scan.disabled = true;
      scanInto(row.scanBox, { lang: ui.root.getAttribute("data-lang") }).then(
        function (text) {
          row.scan.disabled = false;
          row.input.value = text;
          onText();
        },
        function (error) {
          row.scan.disabled = false;
          if (error.code !== "cancelled") {
            ui.setStatus("error", error.code || "no_camera");
            row.scan.hidden = true;
            row.input.focus();
          }
        }
      );
    });
  }

  /** A code to show someone (an invitation, an answer) comes into sight: on a
   *  phone it is drawn below the lobby, out of the window. Smooth unless the
   *  person asked for reduced motion. */
  function bringIntoView(container) {
    var box = container.getBoundingClientRect();
    if (box.top >= 0 && box.bottom <= window.innerHeight) return;
    var calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    container.scrollIntoView({ block: "start", behavior: calm ? "auto" : "smooth" });
  }

  function showInvite(container, invite, lang) {
    lang = lang || pageLang();
    var ui = frame(container, "invite", "inviteTitle", lang);
    var root = ui.root;

    var step1 = tr(el("p", "bq-pair-step"), "inviteStep1", lang);
    var share = el("div", "bq-pair-share");
    var qr = qrBlock(invite.url, lang);
    var linkBox = el("div", "bq-pair-linkbox");
    var linkLabel = tr(el("label", "bq-pair-label"), "inviteLink", lang);
    var link = el("input", "bq-pair-link");
    link.id = "bq-invite-link-" + Math.random().toString(36).slice(2, 8);
    linkLabel.htmlFor = link.id;
    link.readOnly = true;
    link.value = invite.url;
    link.setAttribute("data-invite-link", "");
    link.addEventListener("focus", function () {
      link.select();
    });
    var code = el("code", "bq-pair-code visually-hidden", invite.code);
    code.setAttribute("data-invite-code", "");
    var copy = copyButton(function () {
      return invite.url;
    }, lang);
    linkBox.append(linkLabel, link, copy, code);
    share.append(qr, linkBox);

    var step2 = tr(el("p", "bq-pair-step"), "inviteStep2", lang);
    var row = pasteRow(lang, {
      label: "answerField",
      placeholder: "answerPlaceholder",
      marker: "answer-input",
      go: "connect",
      goMarker: "answer-connect",
    });
    root.append(step1, share, step2, row.wrap, ui.status);
    ui.setStatus("waiting", "waitingAnswer");

    var settle;
    var linkPromise = new Promise(function (resolve, reject) {
      settle = { resolve: resolve, reject: reject };
    });
    linkPromise.catch(function () {
      /* the status line says it; callers may also catch */
    });
    var busy = false;
    function tryAnswer() {
      if (busy) return;
      var text = row.input.value.trim();
      if (!text) {
        ui.setStatus("error", "bad_code");
        return;
      }
      busy = true;
      row.go.disabled = true;
      ui.setStatus("connecting", "connecting");
      invite.accept(text).then(
        function (connected) {
          ui.setStatus("connected", "connected");
          ui.setTitle("pairedGuest");
          tr(step1, "nextHost", ui.root.getAttribute("data-lang"));
          share.hidden = true;
          step2.hidden = true;
          row.input.disabled = true;
          row.scan.hidden = true;
          settle.resolve(connected);
        },
        function (error) {
          busy = false;
          var code = error.code || "connect_failed";
          ui.setStatus("error", code);
          var fatal = code !== "bad_code" && code !== "wrong_kind" && code !== "version";
          row.go.disabled = fatal;
          if (fatal) settle.reject(error);
        }
      );
    }
    row.go.addEventListener("click", tryAnswer);
    wireScan(row, ui, tryAnswer);
    bringIntoView(container);
    return { link: linkPromise, destroy: ui.destroy };
  }

  function showAnswer(container, answer, lang) {
    lang = lang || pageLang();
    var ui = frame(container, "answer", "answerTitle", lang);
    var hint = tr(el("p", "bq-pair-step"), "answerHint", lang);
    var share = el("div", "bq-pair-share");
    var qr = qrBlock(answer.code, lang);
    var codeBox = el("div", "bq-pair-linkbox");
    var label = tr(el("p", "bq-pair-label"), "answerCode", lang);
    var code = el("code", "bq-pair-code", answer.code);
    code.setAttribute("data-answer-code", "");
    var copy = copyButton(function () {
      return answer.code;
    }, lang);
    codeBox.append(label, code, copy);
    share.append(qr, codeBox);
    ui.root.append(hint, share, ui.status);
    ui.setStatus("waiting", "waitingHost");
    var watch = watchPath(ui, answer);
    var linkPromise = Promise.resolve(answer.link).then(
      function (connected) {
        watch.stop();
        ui.setStatus("connected", "connected");
        ui.setTitle("pairedHost");
        tr(hint, "nextGuest", ui.root.getAttribute("data-lang"));
        share.hidden = true;
        return connected;
      },
      function (error) {
        watch.stop();
        ui.setStatus("error", error.code || "connect_failed");
        throw error;
      }
    );
    linkPromise.catch(function () {
      /* shown in the status line */
    });
    bringIntoView(container);
    return {
      link: linkPromise,
      destroy: function () {
        watch.stop();
        ui.destroy();
      },
    };
  }

  /** On the guest: once limits.pairHintMs passed with no candidate pair that
   *  answered, say (data-pairing="stalled") that the devices may not reach
   *  each other and what to try. It keeps waiting: the host may be slow. */
  function watchPath(ui, answer) {
    var timer = null;
    var stopped = false;
    function look() {
      timer = null;
      if (stopped || typeof answer.reached !== "function") return;
      answer.reached().then(
        function (reached) {
          if (stopped) return;
          if (!reached) ui.setStatus("stalled", "no_route");
          else timer = setTimeout(look, Net.limits.pairHintMs);
        },
        function () {
          /* the connection closed meanwhile: its own status says so */
        }
      );
    }
    timer = setTimeout(look, Net.limits.pairHintMs);
    return {
      stop: function () {
        stopped = true;
        if (timer !== null) clearTimeout(timer);
      },
    };
  }

  function showJoin(container, lang, onCode) {
    lang = lang || pageLang();
    var ui = frame(container, "join", "joinTitle", lang);
    var hint = tr(el("p", "bq-pair-step"), "joinHint", lang);
    var row = pasteRow(lang, {
      label: "joinField",
      placeholder: "joinPlaceholder",
      marker: "join-input",
      go: "join",
      goMarker: "join-go",
    });
    ui.root.append(hint, row.wrap, ui.status);
    ui.setStatus("waiting", "waitingJoin");
    function tryCode() {
      var code = Net.codeFrom(row.input.value);
      // Checked here so a wrong paste says why before anything starts.
      Net.unpackSdp(code, "offer").then(
        function () {
          ui.setStatus("connecting", "connecting");
          onCode(code);
        },
        function (error) {
          ui.setStatus("error", error.code || "bad_code");
        }
      );
    }
    row.go.addEventListener("click", tryCode);
    wireScan(row, ui, tryCode);
    return { destroy: ui.destroy };
  }

  Net.qrSvg = qrSvg;
  Net.scanInto = scanInto;
  Net.showInvite = showInvite;
  Net.showAnswer = showAnswer;
  Net.showJoin = showJoin;
})();
