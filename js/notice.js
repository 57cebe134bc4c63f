// How long the message line shows what the kernel said, seen from the player.
//
// The kernel drops a refusal as soon as the table changes (docs/protocol.md:
// a message is true only while it shows), which at a brisk pace is a second
// after the click: too soon to read. The page keeps this view's last refusal
// on screen, marked as being about the table as it was, until the player's
// own next action or HOLD_MS, whichever comes first; any newer message from
// the kernel, or a new deal, replaces it at once. A passing notice (someone sat down) goes the
// other way: kernel "info" while the game runs is news, shown NEWS_MS; the
// reason for a pause stays while the game is paused.

import { ruleOf } from "./refusal.js";
import { messageKey } from "./sync.js";

/**
 * @import { Notice, RuleRef } from "./protocol.js"
 * @import { Timer, Ui } from "./types.js"
 */

/** How long a refusal outlives the kernel's message at most (unless the player acts). */
export const HOLD_MS = 6000;
/** How long a passing notice ("Ann sits down at seat 1.") shows while the game runs. */
export const NEWS_MS = 4000;

/**
 * @typedef {{text: string, kind: string, key: string, card: string | null, rule: RuleRef | null}} Held
 *   the refusal held, the card it refused (a play of this view's), the rule it names
 * @typedef {{held: Held | null, heldTimer: Timer | null, newsGone: string, newsTimer: Timer | null}} NoticeUi
 * @typedef {{setTimer: (fn: () => void, ms: number) => Timer, clearTimer: (t: Timer) => void,
 *   refresh: () => void}} Timers  the view's timers (cleared when it goes) and its redraw
 */

/** The notice fields of a view's ui record. @returns {NoticeUi} */
export function freshNotice() {
  return { held: null, heldTimer: null, newsGone: "", newsTimer: null };
}

/**
 * A new kernel message arrived (`m`, normalised state.message): remember a
 * refusal to hold (`card`: the card of this view's play it refused, if one),
 * and time a passing notice.
 * @param {Ui} ui @param {Notice | null} m @param {boolean} paused @param {Timers} timers
 * @param {string | null} [card]
 */
export function noteMessage(ui, m, paused, timers, card = null) {
  const key = messageKey(m);
  if (m && m.kind === "refused" && m.text) {
    release(ui, timers);
    ui.held = { text: String(m.text), kind: "refused", key, card, rule: ruleOf(m.rule) };
    ui.heldTimer = timers.setTimer(() => {
      ui.heldTimer = null;
      ui.held = null;
      timers.refresh();
    }, HOLD_MS);
  } else if (m && m.text) {
    release(ui, timers); // the kernel has something newer to say
  }
  if (m && m.kind === "info" && !paused) {
    if (ui.newsTimer != null) timers.clearTimer(ui.newsTimer);
    ui.newsTimer = timers.setTimer(() => {
      ui.newsTimer = null;
      ui.newsGone = key;
      timers.refresh();
    }, NEWS_MS);
  }
}

/**
 * The player acted (a click, a key, a drag that sent something): the held refusal has been read.
 * @param {NoticeUi} ui @param {Pick<Timers, "clearTimer">} timers
 */
export function release(ui, timers) {
  if (ui.heldTimer != null) timers.clearTimer(ui.heldTimer);
  ui.heldTimer = null;
  ui.held = null;
}

/**
 * @typedef {{text: string, kind: string, stale: boolean, card: string | null, rule: RuleRef | null}} Shown
 *   what the message line shows; `card`: the card of this view's play a refusal
 *   refused, or the card a hint names (refusal.js shows it by that card too);
 *   `rule`: the rule it names, to read
 */

/**
 * What the message line shows: the kernel's message, else the held refusal
 * (`stale`: the kernel has moved on, so the line says it was about the table
 * as it was). Null for nothing. A passing notice is gone after NEWS_MS.
 * @param {{message: Notice | null, paused: boolean}} state @param {NoticeUi} ui
 * @returns {Shown | null}
 */
export function shownMessage(state, ui) {
  const m = state.message;
  const key = messageKey(m);
  const news = m && m.kind === "info" && !state.paused && ui.newsGone === key;
  if (m && m.text && !news) {
    const hinted = m.kind === "hint" && typeof m.card === "string" ? m.card : null;
    const card = ui.held && ui.held.key === key ? ui.held.card : hinted;
    return { text: String(m.text), kind: m.kind ? String(m.kind) : "", stale: false, card, rule: ruleOf(m.rule) };
  }
  if (ui.held) return { text: ui.held.text, kind: ui.held.kind, stale: true, card: ui.held.card, rule: ui.held.rule };
  return null;
}
