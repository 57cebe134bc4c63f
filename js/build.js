// buildTable(doc): the widget's DOM skeleton, made once per view. updateTable()
// (table.js) patches these elements in place from each snapshot, so keyboard
// focus and running transitions survive the many snapshots a game produces.
//
// Untrusted text (names, messages, log lines, tracebacks) only ever goes in
// through textContent. Every label is a message of the catalogue (words.js):
// a label made here is `said`, so a new language says it again in place; the
// words updateTable writes are made on every update.

import { createBack } from "./cards.js";
import { buildRefusal } from "./refusal.js";
import { _, said } from "./words.js";

/** @import { CentreRef, Refs, SpitPileRef, StockRef } from "./types.js" */

/**
 * A new element with classes and attributes (`text` sets textContent).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc
 * @param {K} tag
 * @param {string} [cls]
 * @param {Record<string, string | number | boolean>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(doc, tag, cls, attrs = {}) {
  const el = doc.createElement(tag);
  if (cls) el.className = cls;
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") el.textContent = String(v);
    else el.setAttribute(k, String(v));
  }
  return el;
}

/**
 * A message marked for the catalogue and left in English (Babel extracts
 * `N_("...")`, as in spit_widget.locale): `said` translates it where it is shown.
 * @param {string} message
 */
export const N_ = (message) => message;

/**
 * `h` whose words are said in the page's language, and again when it changes:
 * `labels` maps "text" or an attribute's name to a message (marked with N_).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {Document} doc @param {K} tag @param {string} cls
 * @param {Record<string, string>} labels @param {Record<string, string | number | boolean>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function hSaid(doc, tag, cls, labels, attrs = {}) {
  const el = h(doc, tag, cls, attrs);
  for (const [where, message] of Object.entries(labels)) said(el, where, message);
  return el;
}

/**
 * A button that says its key: its words, then the key in a <kbd> (shown, and in
 * aria-keyshortcuts). The course bar and the review panel are built of these;
 * `family` names their classes and the data attribute that carries `action`.
 * @param {Document} doc @param {"course" | "review"} family @param {string} action
 * @param {{key: string, text: string, title: string}} spec @param {string} [cls]
 */
export function keyedButton(doc, family, action, spec, cls = "") {
  const btn = h(doc, "button", `spit-btn spit-${family}-btn ${cls}`.trim(), {
    type: "button", title: spec.title, [`data-${family}`]: action, "aria-keyshortcuts": spec.key,
  });
  btn.append(doc.createTextNode(spec.text + " "), h(doc, "kbd", `spit-${family}-kbd`, { text: spec.key }));
  return btn;
}

/**
 * The nearest element at or above `t` that matches `selector`, as an HTML
 * element: every selector the page asks for names one of its own elements.
 * @param {Element} t @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(t, selector) {
  return /** @type {HTMLElement | null} */ (t.closest(selector));
}

/**
 * @param {Document} doc @param {number} player @param {number} slot
 * @returns {StockRef}
 */
function buildStock(doc, player, slot) {
  const el = h(doc, "div", "spit-stock", { "data-player": player, "data-slot": slot, "data-count": 0 });
  const stack = h(doc, "div", "spit-stack");
  const backs = h(doc, "div", "spit-backs", { "aria-hidden": "true" });
  const anchor = h(doc, "div", "spit-anchor");
  const card = player === 0
    ? h(doc, "button", "spit-slotbtn spit-empty", { type: "button" })
    : h(doc, "span", "spit-slotcard spit-empty", { role: "img" });
  const count = h(doc, "span", "spit-count", { "aria-hidden": "true" });
  anchor.append(card);
  stack.append(backs, anchor, count);
  el.append(stack);
  /** @type {HTMLElement | null} */
  let key = null;
  if (player === 0) {
    key = h(doc, "kbd", "spit-key", { text: String(slot + 1), "aria-hidden": "true" });
    el.append(key);
  }
  return { el, backs, anchor, card, count, key, shownBacks: -1 };
}

/** @param {Document} doc @param {number} player @returns {SpitPileRef} */
function buildSpitPile(doc, player) {
  const el = h(doc, "div", "spit-spitpile", { "data-player": player, "data-count": 0, role: "img" });
  const stack = h(doc, "div", "spit-spitstack");
  const back = createBack(doc);
  const num = h(doc, "span", "spit-spitcount", { "aria-hidden": "true" });
  stack.append(back, num);
  const label = h(doc, "div", "spit-spitlabel", { "aria-hidden": "true" });
  el.append(stack, label);
  return { el, back, num, label };
}

/**
 * One centre pile (made as the snapshot's centre list asks: one or two).
 * @param {Document} doc @param {number} c
 * @returns {CentreRef}
 */
export function buildCentre(doc, c) {
  const el = h(doc, "div", "spit-centre", { "data-centre": c, "data-count": 0, "data-top": "" });
  const btn = h(doc, "button", "spit-centre-btn", { type: "button" });
  const anchor = h(doc, "span", "spit-anchor spit-centre-anchor");
  const face = h(doc, "span", "spit-centre-card spit-empty");
  const count = h(doc, "span", "spit-count", { "aria-hidden": "true" });
  anchor.append(face);
  btn.append(anchor, count);
  const needs = h(doc, "div", "spit-needs");
  el.append(btn, needs);
  return { el, btn, anchor, face, count, needs };
}

/** @param {Document} doc */
function buildRoot(doc) {
  return hSaid(doc, "div", "spit-root", { "aria-label": N_("Spit card game") }, {
    tabindex: "0",
    "data-lm-suppress-shortcuts": "true",
    role: "group",
    "aria-keyshortcuts": "1 2 3 4 5 Space P H ArrowLeft ArrowRight Enter Escape",
    "data-status": "",
    "data-paused": "false",
  });
}

/** Header: title, record, controls. @param {Document} doc @param {Refs} refs */
function buildHeader(doc, refs) {
  const header = h(doc, "div", "spit-header");
  const title = h(doc, "div", "spit-title");
  refs.variant = h(doc, "span", "spit-variant");
  title.append(h(doc, "span", "spit-title-name", { text: "Spit" }), refs.variant);
  refs.stats = hSaid(doc, "div", "spit-stats", { "aria-label": N_("Your record") });
  const controls = h(doc, "div", "spit-controls");
  const paceLabel = h(doc, "label", "spit-pace-label");
  refs.pace = h(doc, "select", "spit-pace");
  refs.paceNote = h(doc, "span", "spit-pace-note", { hidden: "" });
  paceLabel.append(hSaid(doc, "span", "spit-pace-text", { text: N_("Computer pace") }), refs.pace, refs.paceNote);
  // Pause's words change with the game (Pause, Resume): updateTable writes them.
  refs.pause = hSaid(doc, "button", "spit-btn spit-btn-pause", { title: N_("Pause or resume (P)") },
    { type: "button", text: _("Pause") });
  refs.hint = hSaid(doc, "button", "spit-btn spit-btn-hint", { text: N_("Hint"), title: N_("Ask for a hint (H)") },
    { type: "button" });
  refs.newGame = hSaid(doc, "button", "spit-btn spit-btn-new",
    { text: N_("Play Again"), title: N_("Deal a fresh game") }, { type: "button" });
  controls.append(paceLabel, refs.pause, refs.hint, refs.newGame);
  header.append(title, refs.stats, controls);
  refs.header = header;
  return header;
}

/**
 * One side of the felt: the name tag (with its Stuck chip) and five stock piles.
 * @param {Document} doc @param {Refs} refs @param {number} player
 */
function buildSide(doc, refs, player) {
  const side = h(doc, "div", `spit-side spit-side-${player === 0 ? "you" : "opp"}`);
  const tag = h(doc, "div", "spit-tag");
  refs.names[player] = h(doc, "span", "spit-name");
  refs.stuckChips[player] = hSaid(doc, "span", "spit-chip spit-stuck-chip", { text: N_("Stuck") });
  tag.append(refs.names[player], refs.stuckChips[player]);
  const stocks = h(doc, "div", "spit-stocks", { "data-player": String(player) });
  for (let i = 0; i < 5; i++) {
    refs.stocks[player].push(buildStock(doc, player, i));
    stocks.append(refs.stocks[player][i].el);
  }
  // The computer's name above its row; yours below your own (and over it, a refusal's callout).
  if (player === 0) side.append(stocks, tag, refs.callout);
  else side.append(tag, stocks);
  return side;
}

/** The round interlude: how the last round ended, over the new deal. @param {Document} doc @param {Refs} refs */
function buildInterlude(doc, refs) {
  const el = h(doc, "div", "spit-interlude", { role: "status" });
  refs.interludeTitle = h(doc, "div", "spit-interlude-title");
  refs.interludeLines = h(doc, "ul", "spit-interlude-lines");
  refs.interludeCards = h(doc, "div", "spit-interlude-cards");
  const hint = hSaid(doc, "div", "spit-interlude-hint", { text: N_("Click to play on") });
  el.append(refs.interludeTitle, refs.interludeLines, refs.interludeCards, hint);
  el.hidden = true;
  refs.interlude = el;
  return el;
}

/** The felt: the computer's row, spit and centre piles, your row. @param {Document} doc @param {Refs} refs */
function buildFelt(doc, refs) {
  const table = h(doc, "div", "spit-table");
  const middle = h(doc, "div", "spit-middle");
  refs.spitPiles = [buildSpitPile(doc, 0), buildSpitPile(doc, 1)];
  refs.centreRow = h(doc, "div", "spit-centres");
  const pausedBanner = hSaid(doc, "div", "spit-paused-banner", { text: N_("Paused") }, { "aria-hidden": "true" });
  middle.append(refs.spitPiles[0].el, refs.centreRow, refs.spitPiles[1].el, pausedBanner);
  table.append(buildSide(doc, refs, 1), middle, buildSide(doc, refs, 0), buildInterlude(doc, refs));
  refs.table = table;
  refs.middle = middle;
  return table;
}

/**
 * Status bar under the felt: Stuck / Spit!, the status line, the message, cards left.
 * @param {Document} doc @param {Refs} refs
 */
function buildBar(doc, refs) {
  const bar = h(doc, "div", "spit-bar");
  refs.stuck = hSaid(doc, "button", "spit-btn spit-btn-big spit-btn-stuck",
    { text: N_("Stuck"), title: N_("Declare that you cannot play (Space)") }, { type: "button" });
  // Spit!'s words change with the round (Spit!, End Round): updateTable writes them.
  refs.spit = hSaid(doc, "button", "spit-btn spit-btn-big spit-btn-spit", { title: N_("Spit (Space)") },
    { type: "button", text: _("Spit!") });
  const statusBox = h(doc, "div", "spit-statusbox");
  refs.status = h(doc, "div", "spit-status", { role: "status" });
  refs.message = h(doc, "div", "spit-message", { "data-kind": "" });
  refs.prompt = h(doc, "div", "spit-prompt");
  statusBox.append(refs.status, refs.message, refs.messageRule, refs.prompt);
  refs.cardsLeft = h(doc, "div", "spit-cards-left");
  bar.append(refs.stuck, refs.spit, statusBox, refs.cardsLeft);
  return bar;
}

/** The keys' legend: each key (a letter or arrows as they are, a named key a message) and what it does. */
const KEY_LEGEND = [
  ["1\u20135", N_("play pile")], ["\u2190 \u2192", N_("choose pile")], [N_("Enter"), N_("confirm")],
  [N_("Esc"), N_("drop")], [N_("Space"), N_("Stuck / Spit!")], ["P", N_("pause")], ["H", N_("hint")],
];
/** The keys named by a word (the others are drawn as they are). */
const NAMED_KEYS = new Set(["Enter", "Esc", "Space"]);

/** Side panel: move log and key legend. @param {Document} doc @param {Refs} refs */
function buildPanel(doc, refs) {
  const side = h(doc, "div", "spit-panel");
  const log = hSaid(doc, "ol", "spit-log", { "aria-label": N_("Move log") }, { tabindex: "-1" });
  // Follow the newest entry unless the user has scrolled up to read.
  log.addEventListener("scroll", () => {
    refs.logStick = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  const keys = h(doc, "div", "spit-keys");
  for (const [k, what] of KEY_LEGEND) {
    const item = h(doc, "span", "spit-keys-item");
    const kbd = NAMED_KEYS.has(k) ? hSaid(doc, "kbd", "", { text: k }) : h(doc, "kbd", "", { text: k });
    item.append(kbd, doc.createTextNode(" "), hSaid(doc, "span", "spit-keys-what", { text: what }));
    keys.append(item);
  }
  side.append(hSaid(doc, "div", "spit-panel-title", { text: N_("Moves") }), log, keys);
  refs.log = log;
  return side;
}

/** Error panel: the computer's traceback. @param {Document} doc @param {Refs} refs */
function buildError(doc, refs) {
  const error = h(doc, "details", "spit-error", { role: "alert", open: "" });
  const errorTitle = hSaid(doc, "summary", "spit-error-title", { text: N_("The computer's strategy raised an error") });
  refs.errorPre = h(doc, "pre", "spit-error-pre");
  error.append(errorTitle, refs.errorPre);
  error.hidden = true;
  refs.error = error;
  return error;
}

/** End-of-game dialog (an overlay inside the widget). @param {Document} doc @param {Refs} refs */
function buildDialog(doc, refs) {
  const dialog = h(doc, "div", "spit-dialog");
  const box = h(doc, "div", "spit-dialog-box", { role: "dialog", "aria-modal": "false" });
  refs.dialogTitle = h(doc, "h2", "spit-dialog-title");
  refs.dialogText = h(doc, "p", "spit-dialog-text");
  refs.dialogCards = h(doc, "p", "spit-dialog-cards");
  const buttons = h(doc, "div", "spit-dialog-buttons");
  refs.dialogNew = hSaid(doc, "button", "spit-btn spit-btn-primary spit-dialog-new", { text: N_("Play Again") },
    { type: "button" });
  refs.dialogClose = hSaid(doc, "button", "spit-btn spit-dialog-close", { text: N_("See the table") },
    { type: "button" });
  buttons.append(refs.dialogNew, refs.dialogClose);
  box.append(refs.dialogTitle, refs.dialogText, refs.dialogCards, buttons);
  dialog.append(box);
  dialog.hidden = true;
  refs.dialog = dialog;
  return dialog;
}

/**
 * Build the widget skeleton. Returns refs to every element updateTable patches.
 * @param {Document} doc
 * @returns {Refs}
 */
export function buildTable(doc) {
  /** @type {Partial<Refs>} */
  const start = {
    doc, root: buildRoot(doc), stocks: [[], []], centres: [], names: [], stuckChips: [],
    logSeqs: [], logGame: undefined, pacesKey: "", logStick: true,
  };
  const refs = /** @type {Refs} */ (start); // the build functions below fill in the rest
  Object.assign(refs, buildRefusal(doc));
  const main = h(doc, "div", "spit-main");
  main.append(buildFelt(doc, refs), buildBar(doc, refs), buildPanel(doc, refs));
  refs.fx = h(doc, "div", "spit-fx", { "aria-hidden": "true" });
  refs.live = h(doc, "div", "spit-live spit-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  refs.root.append(buildHeader(doc, refs), buildError(doc, refs), main, buildDialog(doc, refs), refs.fx, refs.live);
  return refs;
}
