/*
 * The tutorial board's main thread (embed.html). Its Python runs in a Web
 * Worker (game/web/embed_main.py, through assets/worker-link.js); this module
 * draws what Python sends and forwards the board's clicks, so the page, and
 * the rules page or other site that frames it, never freezes while the
 * runtime starts or a move is worked out.
 *
 * embed.js (a classic script, run before this module) has drawn the frame and
 * the first caption and chosen the language; window.BossQuestEmbed.fail shows a
 * failure. Markers: html[data-state] = ready once Python has drawn the board,
 * #tutorial[data-*] from each draw (see embed.html).
 */
const { connect } = await import(new URL("worker-link.js", import.meta.url).href);
// the lesson is drawn in place: the reader's focus and open folds stay
const { morph } = await import(new URL("morph.js", import.meta.url).href);

const root = document.documentElement;
const tutorial = document.getElementById("tutorial");
const panel = document.getElementById("tut-panel");
const boardView = document.getElementById("board-view");
// a click is with Python until it answers (draw or same): the board shown may be stale
let busy = false;

const handlers = {
  draw: function (message) {
    busy = false;
    draw(message);
  },
  same: function () {
    busy = false;
  },
  unknown: function (message) {
    tutorial.setAttribute("data-error", "unknown");
    if (!document.querySelector(".tut-unknown")) {
      // embed.js had not said it already
      panel.innerHTML = '<div class="tut-unknown" role="alert"><p class="tut-caption"></p></div>';
      panel.querySelector(".tut-caption").textContent = message.caption;
    }
    boardView.replaceChildren();
  },
  ready: function () {
    document.getElementById("tut-loading").hidden = true;
    root.dataset.state = "ready";
  },
  fail: function (message) {
    window.BossQuestEmbed.fail(message.detail);
  },
};

/** Put a render of the lesson into the page; after a move, bring it into view. */
function draw(message) {
  morph(panel, message.panel);
  morph(boardView, message.board);
  Object.keys(message.markers).forEach(function (key) {
    tutorial.setAttribute("data-" + key, message.markers[key]);
  });
  document.getElementById("board-status").textContent = message.status;
  unfoldExpected();
  if (!message.moved) return; // never take the focus on load: the page may be another site's frame
  // the new caption must be seen: scroll this document (never the host page) back to it
  const top = panel.getBoundingClientRect().top;
  if (top < 0) window.scrollBy(0, top - 8);
  // in a frame sized to the lesson (rules.js), this document does not scroll:
  // the page around it may bring the caption into sight (a number, nothing else)
  if (window.parent !== window) {
    const caption = panel.getBoundingClientRect().top + window.scrollY;
    window.parent.postMessage({ type: "bossquest:embed-caption", top: caption }, "*");
  }
  for (const selector of ["#tut-next", "[data-tut-expected]", "#actions [data-cmd=act]", "#tut-again"]) {
    const target = document.querySelector(selector);
    if (target) {
      target.focus({ preventScroll: true });
      break;
    }
  }
}

/* The button a lesson points at may sit in a folded group (a <details> of
   the game's controls): open that group so its outline shows. */
function unfoldExpected() {
  const expected = document.querySelector("[data-tut-expected]");
  const group = expected && expected.closest("details");
  if (group) group.open = true;
}

try {
  const send = connect(
    "embed",
    {
      search: location.search,
      catalogue: document.getElementById("catalogue").textContent,
      lang: root.lang === "fr" ? "fr" : "en",
    },
    handlers,
  );
  tutorial.addEventListener("click", function (event) {
    const target = event.target.closest("[data-cmd]");
    if (!target || busy || root.dataset.state !== "ready") return;
    busy = true;
    send({
      kind: "click",
      cmd: target.getAttribute("data-cmd"),
      act: target.getAttribute("data-act") || "",
    });
  });
} catch (error) {
  window.BossQuestEmbed.fail(String((error && error.stack) || error));
}
