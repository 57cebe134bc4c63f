// Bringing a table that a cell has just made into view.
//
// After Shift+Enter, JupyterLab scrolls to the next cell, not to the output
// that arrives a moment later: in a notebook with text above the cell, the
// new table (with the computer already playing) sits under the window's
// bottom edge, or above its top once JupyterLab scrolls to a new cell below.
// The first view of a new model, rendered right after the person acted
// (the browser's user activation: a key or a click in the last seconds),
// scrolls its scroll container so the whole table shows (its top first when
// it is taller than the room), and again while its size settles (styles,
// fonts, fit.js), until the person scrolls, clicks or types themselves. A
// newer table made meanwhile (Run All) takes over: the last one shows. A notebook opened with tables in it, and any
// later view of the same model, is left where it is.

/** How long after the first render the table is kept in view while the page settles. */
export const SETTLE_MS = 1500;

const models = new WeakSet();
/** @type {(() => void) | null} */
let newest = null; // the stop function of the table revealed last

/** The nearest ancestor that scrolls vertically (the page itself at worst). @param {HTMLElement} el */
function scrollParent(el) {
  const doc = el.ownerDocument;
  const win = /** @type {Window} */ (doc.defaultView); // shown (revealNewTable checked): it has one
  for (let p = el.parentElement; p && p !== doc.body; p = p.parentElement) {
    const y = win.getComputedStyle(p).overflowY;
    if ((y === "auto" || y === "scroll") && p.scrollHeight > p.clientHeight) return p;
  }
  return doc.scrollingElement || doc.documentElement;
}

/** Scroll `sp` by as little as shows the whole of `root` (its top when it cannot). @param {HTMLElement} root @param {Element} sp */
function reveal(root, sp) {
  const win = /** @type {Window} */ (root.ownerDocument.defaultView); // as in scrollParent
  const page = sp === root.ownerDocument.scrollingElement || sp === root.ownerDocument.documentElement;
  const r = page ? { top: 0, bottom: win.innerHeight } : sp.getBoundingClientRect();
  const area = { top: Math.max(r.top, 0), bottom: Math.min(r.bottom, win.innerHeight) };
  const box = root.getBoundingClientRect();
  let delta = 0;
  if (box.bottom > area.bottom) delta = Math.min(box.bottom - area.bottom, box.top - area.top);
  else if (box.top < area.top) delta = box.top - area.top;
  if (Math.abs(delta) > 1) sp.scrollTop += delta;
}

/**
 * Call once per view, right after its root is in the page. Returns a disposer.
 * `model`: the anywidget model (the first view of it is the one made by the cell).
 * @param {object} model @param {HTMLElement} root @param {(fn: () => void, ms: number) => unknown} setTimer
 */
export function revealNewTable(model, root, setTimer) {
  const doc = root.ownerDocument;
  const win = doc.defaultView;
  const fresh = !models.has(model);
  models.add(model);
  const activation = win && win.navigator && win.navigator.userActivation;
  if (!fresh || !activation || !activation.isActive) return () => {};
  let done = false;
  /** @type {number | null} */
  let frame = null;
  const show = () => {
    frame = null;
    if (done) return;
    // JupyterLab attaches the output after render() returns: wait for it.
    if (!root.isConnected) return soon();
    if (!root.closest(".jp-Cell")) return stop(); // not a notebook (Voila, marimo): leave it
    reveal(root, scrollParent(root));
  };
  const soon = () => {
    if (!done && frame == null) frame = win.requestAnimationFrame(show);
  };
  const resize = typeof win.ResizeObserver === "function" ? new win.ResizeObserver(soon) : null;
  const stop = () => {
    if (done) return;
    done = true;
    if (newest === stop) newest = null;
    if (frame != null) win.cancelAnimationFrame(frame);
    if (resize) resize.disconnect();
    for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) doc.removeEventListener(type, stop, true);
  };
  if (newest) newest();
  newest = stop;
  if (resize) resize.observe(root);
  for (const type of ["wheel", "touchstart", "pointerdown", "keydown"]) doc.addEventListener(type, stop, true);
  setTimer(stop, SETTLE_MS);
  soon();
  return stop;
}
