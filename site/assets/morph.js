/*
 * Drawing Python's HTML into a part of the page in place: the pinned,
 * self-hosted idiomorph (assets/idiomorph.js, node_modules/idiomorph) turns
 * what the page shows into the new HTML by changing only what differs, so the
 * nodes that stay keep what the reader did with them: the focus, a scroll
 * position, an open popover, text half typed in a field.
 *
 * Python draws every fold (<details>) closed unless it means it open: a fold
 * the reader opened stays open, and one that goes away (a group of controls
 * shown on one's turn only) opens again when it comes back, named by its id
 * or its data-group, until the reader closes it or `forget` is called.
 */
// by its URL: the build renames both files with their content's hash
const { Idiomorph } = await import(new URL("idiomorph.js", import.meta.url).href);

// the folds the reader opened, by container: container -> Set of fold names
const opened = new WeakMap();

/** What names a fold across renders: its id, else its data-group, else "". */
function foldName(node) {
  return node.id || node.getAttribute("data-group") || "";
}

// the elements whose typed value the focus keeps (ignoreActiveValue)
const FIELDS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

const CONFIG = {
  morphStyle: "innerHTML",
  // the focused field keeps what is typed in it (Python draws the last value it knows)
  ignoreActiveValue: true,
  callbacks: {
    beforeNodeMorphed: function (oldNode, newNode) {
      if (oldNode === document.activeElement && newNode.nodeType === 1) {
        // The focused field's value attribute still says what Python drew (the
        // tests' markers read it); once typed in, a field shows its own text.
        const drawn = newNode.getAttribute("value");
        if (drawn !== null && oldNode.getAttribute("value") !== drawn) {
          oldNode.setAttribute("value", drawn);
        }
        // ignoreActiveValue leaves the focused element's children as they
        // were, which is meant for a field: a focused button that now draws
        // something else (the card beside the one just played) gets its new
        // children here, in place, so that it keeps the focus
        if (!FIELDS.has(oldNode.nodeName) && oldNode.innerHTML !== newNode.innerHTML) {
          Idiomorph.morph(oldNode, newNode.innerHTML, { morphStyle: "innerHTML" });
        }
      }
      if (oldNode.nodeName !== "DETAILS" || newNode.nodeName !== "DETAILS") return true;
      if (oldNode.open && !newNode.hasAttribute("open") && foldName(oldNode) === foldName(newNode)) {
        newNode.setAttribute("open", "");
      }
      return true;
    },
  },
};

/** Remember which named folds of `container` the reader opens and closes. */
function watchFolds(container) {
  const names = new Set();
  opened.set(container, names);
  // "toggle" does not bubble: listen while it goes down
  container.addEventListener(
    "toggle",
    function (event) {
      const fold = event.target;
      if (fold.nodeName !== "DETAILS" || !foldName(fold)) return;
      if (fold.open) names.add(foldName(fold));
      else if (fold.isConnected) names.delete(foldName(fold));
    },
    true,
  );
  return names;
}

/** Make `container`'s content `html`, in place. */
export function morph(container, html) {
  const names = opened.get(container) || watchFolds(container);
  Idiomorph.morph(container, html, CONFIG);
  if (!names.size) return;
  for (const fold of container.querySelectorAll("details:not([open])")) {
    if (names.has(foldName(fold))) fold.open = true;
  }
}

/** A new game or replay: the folds opened in `container` are forgotten. */
export function forget(container) {
  const names = opened.get(container);
  if (names) names.clear();
}
