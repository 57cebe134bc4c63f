// The review panel of a table (the end of a game, against the computer): the
// kernel reads the last game back and sends only what the panel draws, in two
// traits: `review_panel` (the summary and the timeline's marks, once, when the
// panel opens; while closed, only whether a finished game is there to review)
// and `review_moment` (the chosen moment: its sentence, the cards to light,
// what may be done). The moment's position is the table's own `state`, drawn
// by table.js as any game is. The page knows no rules: the plays it lights
// and every sentence come from the kernel.
//
// Keys (the table's root has the keyboard): V Review, T Try it, R Retry,
// H Hint (the table's own), N Next moment, G Play again; on the timeline the
// arrows, Home and End choose a moment. The sentence box is a live region.

import "./review.css"; // bundled into static/widget.css beside the table's stylesheet
import { buildReview, legendItem, markButton, sayReview, secondsText } from "./review_build.js";
import { release } from "./notice.js";
import { language } from "./words.js";

/**
 * @import { ReviewAction, ReviewRefs } from "./review_build.js"
 * @import { View } from "./types.js"
 * @typedef {{t: number, waited: number, kind: string, label: string}} ReviewMark
 * @typedef {{kind: string, label: string}} ReviewLegend  one colour of the timeline, in words
 * @typedef {{offer: boolean, open: boolean, summary: string, note: string | null,
 *   duration: number, marks: ReviewMark[], legend: ReviewLegend[]}} ReviewPanel  the `review_panel` trait, normalised
 * @typedef {{kind: string, text: string}} ReviewResult
 * @typedef {{chosen: number | null, mode: "moment" | "level" | null, lit: [string, number][],
 *   stuck: boolean, can_try: boolean, has_next: boolean, result: ReviewResult | null,
 *   said: {seq: number, text: string}}} ReviewMoment  the `review_moment` trait, normalised
 * @typedef {{refs: ReviewRefs, panel: ReviewPanel, moment: ReviewMoment, saidSeq: number | null,
 *   asked: boolean, where: string, lit: Element[], header: HTMLButtonElement}} ReviewView
 *   `where`: the panel's place when the keyboard last moved (open, mode, moment, result)
 */

/** The review's keys (either case) and what each asks for. @type {Record<string, ReviewAction>} */
export const REVIEW_KEYS = { v: "open", t: "try", r: "retry", n: "next", g: "play_again" };

/** @param {unknown} raw @returns {ReviewPanel} */
export function normalisePanel(raw) {
  /** @type {Record<string, any>} the trait before its fields are checked */
  const p = raw && typeof raw === "object" ? raw : {};
  return {
    offer: p.offer === true, open: p.open === true,
    summary: typeof p.summary === "string" ? p.summary : "",
    note: typeof p.note === "string" ? p.note : null,
    duration: Number.isFinite(p.duration) ? p.duration : 0,
    marks: Array.isArray(p.marks) ? p.marks.filter((m) => m && Number.isFinite(m.t)) : [],
    legend: Array.isArray(p.legend) ? p.legend.filter((l) => l && typeof l.label === "string") : [],
  };
}

/** @param {unknown} raw @returns {ReviewMoment} */
export function normaliseMoment(raw) {
  /** @type {Record<string, any>} the trait before its fields are checked */
  const m = raw && typeof raw === "object" ? raw : {};
  return {
    chosen: Number.isInteger(m.chosen) ? m.chosen : null,
    mode: m.mode === "moment" || m.mode === "level" ? m.mode : null,
    lit: Array.isArray(m.lit) ? m.lit.filter((x) => Array.isArray(x) && x.length === 2) : [],
    stuck: m.stuck === true, can_try: m.can_try === true, has_next: m.has_next === true,
    result: m.result && typeof m.result === "object" ? m.result : null,
    said: m.said && typeof m.said === "object" ? m.said : { seq: 0, text: "" },
  };
}

/** @param {HTMLElement} el */
const shown = (el) => !el.hidden && !el.closest("[hidden]");

/**
 * The button that stands for `action` now, if one is shown and enabled.
 * @param {ReviewView} rv @param {ReviewAction} action
 */
function buttonFor(rv, action) {
  const candidates = action === "open" ? [rv.refs.dialogReview, rv.header] : [rv.refs.buttons[action]];
  return candidates.find((b) => b && !b.disabled && shown(b)) || null;
}

/**
 * The player asked the review for something: a refusal the table holds (a
 * click on a moment shown, "press Try it (T)") has been read (notice.js), so
 * it leaves the callout and the message line now, not HOLD_MS later.
 * @param {View} view
 */
function acted(view) {
  release(view.ui, view);
  view.refresh();
}

/** @param {View} view @param {ReviewView} rv @param {ReviewAction} action */
function ask(view, rv, action) {
  rv.asked = true;
  acted(view);
  if (action === "hint") view.seats.send({ kind: "hint" });
  else view.outbox.post({ kind: "review", do: action });
}

/** @param {View} view @param {ReviewView} rv @param {number} moment  0: the first */
function choose(view, rv, moment) {
  rv.asked = true;
  acted(view);
  view.outbox.post({ kind: "review", do: "choose", moment });
}

/** Light the plays the moment names (its missed plays, or the answer after a failure). @param {View} view @param {ReviewView} rv */
function applyLit(view, rv) {
  for (const el of rv.lit) el.classList.remove("spit-review-lit", "spit-review-target");
  rv.lit = [];
  if (!rv.panel.open) return;
  const { refs } = view;
  for (const [card, centre] of rv.moment.lit) {
    const slot = refs.stocks[0].find((s) => s.card.dataset.card === card);
    if (slot) rv.lit.push(slot.card);
    if (slot) slot.card.classList.add("spit-review-lit");
    const pile = refs.centres[centre];
    if (pile) pile.el.classList.add("spit-review-target");
    if (pile) rv.lit.push(pile.el);
  }
  if (rv.moment.stuck) {
    refs.stuck.classList.add("spit-review-lit");
    rv.lit.push(refs.stuck);
  }
}

/** The timeline's marks, drawn again only when they or the language change. @param {ReviewView} rv */
function drawMarks(rv) {
  const { refs, panel } = rv;
  const key = JSON.stringify([language(), panel.duration, panel.marks, panel.legend]);
  if (refs.marksKey !== key) {
    refs.marksKey = key;
    const doc = refs.line.ownerDocument;
    refs.line.replaceChildren(...panel.marks.map((m, n) => markButton(doc, m, n, panel.marks.length, panel.duration)));
    refs.end.textContent = secondsText(panel.duration);
    refs.legend.replaceChildren(...panel.legend.map((l) => legendItem(doc, l)));
  }
  const chosen = rv.moment.chosen;
  refs.line.querySelectorAll(".spit-review-mark").forEach((btn, n) => {
    btn.setAttribute("aria-pressed", String(n === chosen));
    btn.setAttribute("tabindex", n === (chosen ?? 0) ? "0" : "-1");
  });
}

/** @param {View} view @param {ReviewView} rv */
function drawButtons(view, rv) {
  const { buttons } = rv.refs;
  const { moment, panel } = rv;
  const level = moment.mode === "level";
  const over = view.state.status === "game_over";
  buttons.try.hidden = level || !panel.marks.length;
  buttons.try.disabled = !moment.can_try && moment.chosen !== null;
  buttons.retry.hidden = !level;
  buttons.hint.hidden = !level;
  buttons.hint.disabled = !!moment.result;
  buttons.next.hidden = !panel.marks.length;
  buttons.next.disabled = moment.chosen !== null && !moment.has_next;
  const offered = panel.offer && !panel.open && over;
  rv.refs.dialogReview.hidden = !offered;
  rv.header.hidden = !offered;
}

/**
 * While a moment is tried, the table marks no card as fitting (no outline, no
 * "playable" for a screen reader): finding the card is the point. The cards
 * still play as they do (the state's plays stay: a card that fits both piles
 * still asks which). True when that changed.
 * @param {View} view @param {ReviewView} rv
 */
function quietFits(view, rv) {
  const quiet = rv.panel.open && rv.moment.mode === "level" && !rv.moment.result;
  if (!!view.ui.quietFits === quiet) return false;
  view.ui.quietFits = quiet;
  return true;
}

/** @param {View} view @param {ReviewView} rv */
function draw(view, rv) {
  const { refs, panel, moment } = rv;
  sayReview(refs, rv.header); // its labels in a new language (the table's refresh follows new words)
  view.refs.root.dataset.review = panel.open ? "open" : "";
  refs.strip.hidden = !panel.open;
  refs.said.hidden = !panel.open;
  refs.summary.textContent = panel.summary;
  refs.note.hidden = !panel.note;
  refs.note.textContent = panel.note || "";
  drawMarks(rv);
  drawButtons(view, rv);
  refs.said.dataset.result = moment.result ? String(moment.result.kind) : "";
  if (moment.said.seq !== rv.saidSeq) {
    rv.saidSeq = moment.said.seq;
    refs.said.textContent = String(moment.said.text || "");
  }
  applyLit(view, rv);
  if (quietFits(view, rv)) view.refresh(); // the table again, its cards marked or not
}

/**
 * Where the keyboard goes when the panel moves on (a request answered, a try
 * ended): the chosen mark, the table (to play), the result's next step, or the
 * table. Only for a player asking, or whose keyboard is on the table already.
 * @param {View} view @param {ReviewView} rv
 */
function moveFocus(view, rv) {
  const { refs, moment, panel } = rv;
  const where = JSON.stringify([panel.open, moment.mode, moment.chosen, moment.result && moment.result.kind]);
  const moved = where !== rv.where;
  rv.where = where;
  const here = view.refs.root.contains(view.doc.activeElement);
  if (!(rv.asked || (moved && here))) return;
  rv.asked = false;
  /** @type {HTMLElement | null} */
  let target = view.refs.root;
  if (panel.open && moment.result) {
    target = moment.result.kind === "failed" ? refs.buttons.retry
      : moment.has_next ? refs.buttons.next : refs.buttons.play_again;
  } else if (panel.open && moment.mode === "moment" && moment.chosen !== null) {
    target = /** @type {HTMLElement | null} */ (refs.line.querySelector(`[data-moment="${moment.chosen}"]`));
  } else if (panel.open && moment.mode !== "level") target = refs.buttons.play_again;
  if (target) target.focus({ preventScroll: true });
}

/** @param {View} view @param {ReviewView} rv @param {MouseEvent} e */
function onClick(view, rv, e) {
  const target = /** @type {Node | null} */ (e.target);
  const t = target && target.nodeType === 1 ? /** @type {Element} */ (target) : null;
  if (!t) return;
  const mark = /** @type {HTMLElement | null} */ (t.closest(".spit-review-mark"));
  if (mark && rv.refs.line.contains(mark)) return choose(view, rv, Number(mark.dataset.moment));
  const btn = /** @type {HTMLButtonElement | null} */ (t.closest("button[data-review]"));
  if (!btn || btn.disabled || !view.refs.root.contains(btn)) return;
  ask(view, rv, /** @type {ReviewAction} */ (btn.dataset.review));
}

/** @param {View} view @param {ReviewView} rv @param {KeyboardEvent} e */
function onKeyDown(view, rv, e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.repeat) return;
  const target = /** @type {Node | null} */ (e.target);
  const t = target && target.nodeType === 1 ? /** @type {Element} */ (target) : null;
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  const action = REVIEW_KEYS[String(e.key).toLowerCase()];
  if (!action || !buttonFor(rv, action)) return;
  e.preventDefault();
  e.stopPropagation();
  ask(view, rv, action);
}

/** The arrows, Home and End on the timeline choose a moment. @param {View} view @param {ReviewView} rv @param {KeyboardEvent} e */
function onLineKey(view, rv, e) {
  const count = rv.panel.marks.length;
  const at = rv.moment.chosen ?? 0;
  /** @type {Record<string, number>} */
  const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: count - 1 };
  if (!(e.key in moves) || !count) return;
  e.preventDefault();
  e.stopPropagation();
  const n = Math.max(0, Math.min(count - 1, moves[e.key]));
  const mark = /** @type {HTMLElement | null} */ (rv.refs.line.querySelector(`[data-moment="${n}"]`));
  if (mark) mark.focus({ preventScroll: true });
  if (n !== rv.moment.chosen) choose(view, rv, n);
}

/**
 * Build the review panel into a view's table and wire it; returns
 * {refresh, dispose}: refresh lights the plays again after the table redraws.
 * @param {View} view
 */
export function attachReview(view) {
  const refs = buildReview(view.doc, view.refs.root);
  const header = /** @type {HTMLButtonElement} */ (refs.dialogReview.cloneNode(true));
  header.classList.remove("spit-dialog-review");
  header.classList.add("spit-header-review");
  view.refs.newGame.before(header);
  /** @type {ReviewView} */
  const rv = { refs, panel: normalisePanel(null), moment: normaliseMoment(null), saidSeq: null, asked: false, where: "", lit: [], header };
  const { model } = view;
  const update = () => {
    rv.panel = normalisePanel(model.get("review_panel"));
    rv.moment = normaliseMoment(model.get("review_moment"));
    draw(view, rv);
  };
  const answered = () => {
    update();
    moveFocus(view, rv);
  };
  const handleClick = (/** @type {MouseEvent} */ e) => onClick(view, rv, e);
  const handleKey = (/** @type {KeyboardEvent} */ e) => onKeyDown(view, rv, e);
  const handleLine = (/** @type {KeyboardEvent} */ e) => onLineKey(view, rv, e);
  model.on("change:review_panel", update);
  model.on("change:review_moment", answered);
  view.refs.root.addEventListener("click", handleClick);
  view.refs.root.addEventListener("keydown", handleKey);
  refs.line.addEventListener("keydown", handleLine);
  update();
  return {
    refresh: update, // after the table redraws: the plays lit on the cards it drew
    dispose: () => {
      model.off("change:review_panel", update);
      model.off("change:review_moment", answered);
      view.refs.root.removeEventListener("click", handleClick);
      view.refs.root.removeEventListener("keydown", handleKey);
      refs.line.removeEventListener("keydown", handleLine);
    },
  };
}
