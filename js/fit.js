// Fitting the whole table into the room its notebook gives it.
//
// The stylesheet sizes the cards from the screen's height less a fixed
// allowance for JupyterLab's bars and the widget's own header (--spit-chrome).
// That allowance cannot know a header that wraps to two lines, a seat bar, a
// wrapped "needs 8 or 10" label, or a notebook area shorter than JupyterLab's
// usual: at 1280x720 such a table came out 14 to 58 px taller than the 599 px
// the notebook shows. Here the view measures what it has: whenever the table
// or its scroll container changes size, a table taller than the container's
// visible height takes the difference off the height the cards may use
// (--spit-over), and gives it back when there is room again. Layout is read
// only in ResizeObserver callbacks, after the browser has laid out anyway.

/** The notebook's scrolling area (JupyterLab 4, Notebook 7); elsewhere the window. */
const NOTEBOOK_AREA = ".jp-WindowedPanel-outer, .jp-NotebookPanel-notebook, .jp-Notebook";

/** Steps in a row (each a layout) before it stops trying: the second nearly always settles it. */
const MAX_STEPS = 4;
/** A pause this long between two changes starts a new row of steps. */
const QUIET_MS = 500;

/**
 * The height of what must show at once: from the root's top to the bottom of
 * the felt or the status bar, whichever is lower (in a narrow output the move
 * log comes under them, and may be scrolled to).
 * @param {HTMLElement} root @param {Window} win  the root's window
 */
function playHeight(root, win) {
  const top = root.getBoundingClientRect().top;
  let bottom = top;
  for (const sel of [".spit-table", ".spit-bar"]) {
    const el = root.querySelector(sel);
    if (el) bottom = Math.max(bottom, el.getBoundingClientRect().bottom);
  }
  const pad = parseFloat(win.getComputedStyle(root).paddingBottom) || 0;
  return bottom - top + pad;
}

/** Fit `root` (a .spit-root in the page); returns the disposer. @param {HTMLElement} root */
export function fitToRoom(root) {
  const win = root.ownerDocument.defaultView;
  if (!win || typeof win.ResizeObserver !== "function") return () => {};
  let over = 0;
  let steps = 0;
  let last = 0;
  /** @type {Element | null} */
  let container = null;
  const check = () => {
    if (!root.isConnected) return;
    const area = root.closest(NOTEBOOK_AREA);
    if (area !== container) {
      if (container) observer.unobserve(container);
      container = area;
      if (area) observer.observe(area);
    }
    const excess = playHeight(root, win) - (area ? area.clientHeight : win.innerHeight);
    let next = over;
    if (excess > 0.5) next = over + excess + 1;
    else if (over > 0 && excess < -4) next = Math.max(0, over + excess + 1);
    const now = win.performance.now();
    if (now - last > QUIET_MS) steps = 0;
    if (Math.abs(next - over) < 0.5 || steps >= MAX_STEPS) return;
    steps++;
    last = now;
    over = next;
    root.style.setProperty("--spit-over", `${Math.round(over)}px`);
  };
  const observer = new win.ResizeObserver(() => {
    check();
  });
  observer.observe(root);
  win.addEventListener("resize", check);
  return () => {
    observer.disconnect();
    win.removeEventListener("resize", check);
  };
}
