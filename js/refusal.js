// A refusal where the player looks: by the card it refused, and in the move log.
//
// The message line sits at the foot of the status column, far from the card
// a player just clicked (and at a laptop's height partly out of view). So a
// refusal of this view's own play is also shown in a callout over the
// refused card, pointing at it, while the message line shows it (a hint
// that names one of your cards too, by that card); and every
// refusal this view heard goes into its move log, between the moves it came
// after, so a player can read back what the table refused and why. The
// kernel's log holds what happened in the game; the refusals (which change
// nothing) are this view's own, kept here, one game at a time.
//
// A refusal or hint that names a rule (the course's: state.message.rule) gets
// a link to read the rule; the course draws the rule (course.js), the table
// only the link, a <button data-rule>.

import { maxSeq } from "./sync.js";
import { slotOf } from "./state.js";
import { _ } from "./words.js";

/**
 * @import { LogEvent, RuleRef } from "./protocol.js"
 * @import { Refs, ViewState } from "./types.js"
 */

/** How many refusals a view's log keeps (the kernel's log keeps its last 60 moves). */
export const MAX_REFUSALS = 60;

/**
 * A refusal kept for the move log: the log `game` and the newest event `after`
 * which it was heard, its place among refusals heard after that event, its words.
 * @typedef {{game: number | undefined, after: number, n: number, text: string}} LoggedRefusal
 */

/** @returns {LoggedRefusal[]} */
export function freshRefusals() {
  return [];
}

/**
 * A refusal was heard: keep it for the move log, after the newest event shown.
 * @param {LoggedRefusal[]} refusals @param {ViewState} state @param {string} text
 */
export function logRefusal(refusals, state, text) {
  const top = maxSeq(state.log);
  const after = Number.isFinite(top) ? top : -1;
  const n = refusals.filter((r) => r.game === state.log_game && r.after === after).length;
  refusals.push({ game: state.log_game, after, n, text });
  if (refusals.length > MAX_REFUSALS) refusals.splice(0, refusals.length - MAX_REFUSALS);
}

/**
 * The move log with this view's refusals among the moves, each after the move
 * it followed (a fractional seq keeps the log in order: table.js draws it as
 * it draws the kernel's lines). Refusals of another game, or from before the
 * oldest move shown, are left out. A shown position may start with no events:
 * a refusal there comes before the first move.
 * @param {LogEvent[]} log @param {LoggedRefusal[]} refusals @param {number | undefined} game
 * @returns {LogEvent[]}
 */
export function withRefusals(log, refusals, game) {
  const first = log.length && log[0] && Number.isFinite(log[0].seq) ? log[0].seq : -Infinity;
  // A refusal heard after event `after` sits before event after + 1: kept while that is shown.
  const mine = refusals.filter((r) => r.game === game && r.after >= first - 1);
  if (!mine.length) return log;
  /** @type {LogEvent[]} */
  const lines = mine.map((r) => ({ seq: r.after + (r.n + 1) / 1000, kind: "refused", player: 0, text: r.text }));
  return [...log, ...lines].sort((a, b) => a.seq - b.seq);
}

/**
 * A rule named by the kernel's message, if it is well formed.
 * @param {unknown} rule
 * @returns {RuleRef | null}
 */
export function ruleOf(rule) {
  if (!rule || typeof rule !== "object") return null;
  const r = /** @type {{id?: unknown, name?: unknown}} */ (rule);
  return typeof r.id === "string" && typeof r.name === "string" ? { id: r.id, name: r.name } : null;
}

/**
 * The link to read `rule` (hidden when there is none).
 * @param {HTMLButtonElement} link @param {RuleRef | null} rule
 */
function showRuleLink(link, rule) {
  link.hidden = !rule;
  const text = rule ? _("Read the rule: {rule}", { rule: rule.name }) : ""; // the kernel names the rule in its language
  if (link.textContent !== text) link.textContent = text;
  if (rule) link.dataset.rule = rule.id;
  else delete link.dataset.rule;
}

/** @param {Document} doc */
function ruleLink(doc) {
  const link = doc.createElement("button");
  link.className = "spit-rule-link";
  link.type = "button";
  link.hidden = true;
  return link;
}

/**
 * The callout over your row and the message line's rule link (build.js adds them).
 * @param {Document} doc
 * @returns {{callout: HTMLDivElement, calloutText: HTMLSpanElement,
 *   calloutRule: HTMLButtonElement, messageRule: HTMLButtonElement}}
 */
export function buildRefusal(doc) {
  // Made here, not with build.js's h(): build.js builds the table with these.
  const callout = doc.createElement("div");
  callout.className = "spit-callout";
  const calloutText = doc.createElement("span");
  calloutText.className = "spit-callout-text";
  const calloutRule = ruleLink(doc);
  callout.append(calloutText, calloutRule);
  callout.hidden = true;
  return { callout, calloutText, calloutRule, messageRule: ruleLink(doc) };
}

/**
 * Draw the callout by the refused card (while the message shown is the refusal
 * of a play of this view's, and the card is still on top of its pile) or the
 * hinted one, the refused card's mark, and the rule link: in the callout, or
 * in the message line.
 * @param {Refs} refs @param {ViewState} state
 * @param {{text: string, kind: string, card: string | null, rule: RuleRef | null} | null} shown
 */
export function updateRefusal(refs, state, shown) {
  const kind = shown && (shown.kind === "refused" || shown.kind === "hint") ? shown.kind : "";
  const card = kind && shown ? shown.card : null;
  const slot = card ? slotOf(state, card) : -1;
  const by = slot >= 0;
  refs.callout.hidden = !by;
  refs.callout.dataset.slot = by ? String(slot) : "";
  refs.callout.dataset.kind = by ? kind : "";
  // What the callout says by the card, the message line need not say again (review.css)
  refs.message.dataset.callout = by ? kind : "";
  const text = by && shown ? shown.text : "";
  if (refs.calloutText.textContent !== text) refs.calloutText.textContent = text;
  refs.stocks[0].forEach((s, i) => s.card.classList.toggle("spit-refused-held", by && kind === "refused" && i === slot));
  const rule = shown ? shown.rule : null;
  showRuleLink(refs.calloutRule, by ? rule : null);
  showRuleLink(refs.messageRule, by ? null : rule);
}
