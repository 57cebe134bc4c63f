// The review panel's DOM, made once per view (review.js patches it): a strip
// over the felt with the summary, the buttons and the timeline across the
// table's width, and the sentence box at the top of the side panel (beside the
// lit cards, a live region). The end dialog's Review button is made here too.
// Text goes in through textContent only; every label is a message of the
// catalogue (words.js), said again by `sayReview` when the language changes.

import { h, keyedButton } from "./build.js";
import { _, language } from "./words.js";

/**
 * @typedef {"open" | "try" | "retry" | "hint" | "next" | "play_again"} ReviewAction
 *   what a review button asks for ("hint" is the table's own hint message)
 */

/**
 * The review panel's buttons: their words (in the page's language now: made as
 * they are built, and again when it changes), their key, and what each does.
 * @returns {Record<ReviewAction, {key: string, text: string, title: string}>}
 */
export function reviewButtons() {
  return {
    open: { key: "V", text: _("Review"), title: _("Review this game: the moments a card of yours waited (V)") },
    try: { key: "T", text: _("Try it"), title: _("Play this moment: find the play (T)") },
    retry: { key: "R", text: _("Retry"), title: _("This moment again from its start (R)") },
    hint: { key: "H", text: _("Hint"), title: _("Light the card to play (H)") },
    next: { key: "N", text: _("Next moment"), title: _("The next missed moment (N)") },
    play_again: { key: "G", text: _("Play again"), title: _("Back to the table for a new game (G)") },
  };
}

/**
 * Every element of a view's review panel.
 * @typedef {object} ReviewRefs
 * @property {HTMLElement} strip  the summary, the buttons and the timeline, over the felt
 * @property {HTMLSpanElement} summary
 * @property {HTMLParagraphElement} note
 * @property {Record<ReviewAction, HTMLButtonElement>} buttons
 * @property {HTMLDivElement} line  the timeline: one button per missed moment
 * @property {HTMLSpanElement} end  the timeline's last second
 * @property {HTMLElement} legend  the timeline's colours in words
 * @property {HTMLDivElement} said  the sentence (a live region), in the side panel
 * @property {HTMLButtonElement} dialogReview  the end dialog's Review button
 * @property {HTMLHeadingElement} title
 * @property {HTMLSpanElement} start  the timeline's first second
 * @property {string} marksKey  the marks the timeline was drawn from
 * @property {string} spoken  the language its labels were said in
 */

/**
 * A review button: its words, then its key in a <kbd>.
 * @param {Document} doc @param {ReviewAction} action @param {string} [cls]
 */
export function reviewButton(doc, action, cls = "") {
  return keyedButton(doc, "review", action, reviewButtons()[action], cls);
}

/**
 * Seconds of the game in the page's language ("12.5 s", "12,5 s").
 * @param {number} seconds
 */
export function secondsText(seconds) {
  let shown = seconds.toFixed(1);
  try {
    shown = new Intl.NumberFormat(language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(seconds);
  } catch {
    // a language Intl does not know: the digits as they are
  }
  return _("{seconds} s", { seconds: shown });
}

/**
 * A keyed button's words said again (its <kbd> kept).
 * @param {HTMLElement} btn @param {{text: string, title: string}} spec
 */
function sayKeyed(btn, spec) {
  const first = btn.firstChild;
  if (first && first.nodeType === 3) first.textContent = `${spec.text} `;
  btn.setAttribute("title", spec.title);
}

/**
 * Every label the panel was built with, in the page's language now; the
 * header's copy of the Review button too. Only when the language changed.
 * @param {ReviewRefs} refs @param {HTMLElement} [header]
 */
export function sayReview(refs, header) {
  if (refs.spoken === language()) return;
  refs.spoken = language();
  refs.strip.setAttribute("aria-label", _("Review of your game"));
  refs.title.textContent = _("Review");
  refs.start.textContent = secondsText(0);
  refs.line.setAttribute("aria-label", _("Moments to review, on the game's timeline"));
  const words = reviewButtons();
  for (const [action, btn] of Object.entries(refs.buttons)) sayKeyed(btn, words[/** @type {ReviewAction} */ (action)]);
  for (const btn of [refs.dialogReview, header]) if (btn) sayKeyed(btn, words.open);
}

/** @param {Document} doc @param {ReviewRefs} refs */
function buildStrip(doc, refs) {
  const strip = h(doc, "section", "spit-review");
  const head = h(doc, "div", "spit-review-head");
  const title = h(doc, "h3", "spit-review-title");
  refs.title = title;
  refs.summary = h(doc, "span", "spit-review-summary");
  const buttons = h(doc, "div", "spit-review-buttons");
  refs.buttons = /** @type {Record<ReviewAction, HTMLButtonElement>} */ ({});
  for (const action of /** @type {const} */ (["try", "retry", "hint", "next", "play_again"])) {
    refs.buttons[action] = reviewButton(doc, action, action === "try" ? "spit-btn-primary" : "");
    buttons.append(refs.buttons[action]);
  }
  head.append(title, refs.summary, buttons);
  refs.note = h(doc, "p", "spit-review-note");
  const axis = h(doc, "div", "spit-review-axis", { "aria-hidden": "true" });
  refs.end = h(doc, "span", "spit-review-end");
  refs.legend = h(doc, "span", "spit-review-legend");
  refs.start = h(doc, "span", "");
  axis.append(refs.start, refs.legend, refs.end);
  refs.line = h(doc, "div", "spit-review-line", { role: "group" });
  strip.append(head, refs.note, refs.line, axis);
  strip.hidden = true;
  refs.strip = strip;
  return strip;
}

/**
 * Build the panel into a table's DOM: the strip before the felt's grid, the
 * sentence at the top of the side panel, the Review button in the end dialog.
 * @param {Document} doc @param {HTMLElement} root  the table's .spit-root
 * @returns {ReviewRefs}
 */
export function buildReview(doc, root) {
  /** @type {Partial<ReviewRefs>} */
  const start = { marksKey: "", spoken: "" };
  const refs = /** @type {ReviewRefs} */ (start); // filled in below
  const main = root.querySelector(".spit-main");
  root.insertBefore(buildStrip(doc, refs), main);
  refs.said = h(doc, "div", "spit-review-said", { "aria-live": "polite", "aria-atomic": "true" });
  refs.said.hidden = true;
  const panel = root.querySelector(".spit-panel");
  if (panel) panel.prepend(refs.said);
  refs.dialogReview = reviewButton(doc, "open", "spit-dialog-review");
  refs.dialogReview.hidden = true;
  const close = root.querySelector(".spit-dialog-close");
  if (close && close.parentElement) close.parentElement.insertBefore(refs.dialogReview, close);
  sayReview(refs);
  return refs;
}

/**
 * One colour of the timeline, in words: a swatch of the mark's colour, then its label.
 * @param {Document} doc @param {{kind: string, label: string}} item
 */
export function legendItem(doc, item) {
  const el = h(doc, "span", "spit-review-key", { "data-kind": String(item.kind) });
  el.append(h(doc, "span", "spit-review-swatch", { "data-kind": String(item.kind) }),
    doc.createTextNode(String(item.label)));
  return el;
}

/**
 * One mark of the timeline: a button at the moment's start, as wide as it lasted,
 * numbered as the sentences count the moments ("Moment 2 of 5").
 * @param {Document} doc @param {{t: number, waited: number, kind: string, label: string}} mark
 * @param {number} n @param {number} count @param {number} duration
 */
export function markButton(doc, mark, n, count, duration) {
  const span = duration > 0 ? duration : 1;
  const btn = h(doc, "button", "spit-review-mark", {
    type: "button", "data-moment": n, "data-kind": String(mark.kind), tabindex: "-1",
    "aria-label": _("Moment {i} of {n}: {label}", { i: n + 1, n: count, label: mark.label }), title: String(mark.label),
    "aria-pressed": "false", text: String(n + 1),
  });
  btn.style.setProperty("--at", `${Math.min(100, (100 * Number(mark.t)) / span)}%`);
  btn.style.setProperty("--span", `${Math.min(100, (100 * Number(mark.waited)) / span)}%`);
  return btn;
}
