// Keeping the keyboard on the table once the player is using it.
//
// A mouse click on a button focuses it; when that button then turns disabled
// or hidden (Stuck, once declared; Spit!, once pressed), the browser drops
// focus to the page body, where 1-5 and P do nothing and Space scrolls the
// notebook away mid-game. While the player is at the table (their last
// pointer press or focus was in it), the root takes the focus back, without
// scrolling. A press or focus anywhere else lets go.

/** Is `el` a place keys cannot reach the table from? @param {Document} doc @param {HTMLElement} root @param {Element | null} el */
function lost(doc, root, el) {
  if (!el || el === doc.body || el === doc.documentElement) return true;
  if (!root.contains(el) || el === root) return false;
  return !!(/** @type {{disabled?: unknown}} a control or not */ (el).disabled || el.closest("[hidden]"));
}

/**
 * Wire focus keeping on `root`; returns {restore(), dispose()}. restore() is
 * called after each render: it gives the root the focus back if it was lost.
 * @param {Document} doc @param {HTMLElement} root
 */
export function keepFocus(doc, root) {
  let engaged = false;
  /** @param {Event} e */
  const onPress = (e) => {
    engaged = !!(e.target && root.contains(/** @type {Node} */ (e.target)));
  };
  /** @param {FocusEvent} e */
  const onFocusIn = (e) => {
    if (e.target && root.contains(/** @type {Node} */ (e.target))) engaged = true;
  };
  /** @param {FocusEvent} e */
  const onFocusOut = (e) => {
    const next = /** @type {Node | null} */ (e.relatedTarget);
    if (next && !root.contains(next)) engaged = false; // the player moved on (Tab, another cell)
  };
  const restore = () => {
    if (engaged && root.isConnected && lost(doc, root, doc.activeElement)) root.focus({ preventScroll: true });
  };
  // After a click, once the click's own handlers have run (a button may have
  // disabled itself in them).
  const onClick = () => {
    Promise.resolve().then(restore);
  };
  doc.addEventListener("pointerdown", onPress, true);
  root.addEventListener("focusin", onFocusIn);
  root.addEventListener("focusout", onFocusOut);
  root.addEventListener("click", onClick);
  return {
    restore,
    dispose() {
      doc.removeEventListener("pointerdown", onPress, true);
      root.removeEventListener("focusin", onFocusIn);
      root.removeEventListener("focusout", onFocusOut);
      root.removeEventListener("click", onClick);
    },
  };
}
