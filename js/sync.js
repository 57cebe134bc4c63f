// Reconciling a view with each new snapshot from the kernel: which log events
// are new (announce the computer's, fly plays made elsewhere), whether the
// kernel refused one of this view's plays, which optimistic plays have landed,
// and whether the selection still makes sense.
//
// `view` is the per-view record made by render() (widget.js):
//   {refs, ui, state, ctrl, doc, win, lastSeq, lastMessage, lastOutcome, ...}

import { restartClass } from "./animate.js";
import { parseCard } from "./cards.js";
import { sideName } from "./labels.js";
import { slotOf } from "./state.js";
import { _, ngettext } from "./words.js";

/**
 * @import { LogEvent, Notice, Outcome } from "./protocol.js"
 * @import { Interlude, Ui, View, ViewState } from "./types.js"
 */

/** Log kinds announced whoever made them (besides every computer event). */
const ANNOUNCE_KINDS = new Set(["spit", "round_end", "game_end", "take", "slap"]);

/** The newest event's seq (-Infinity for an empty log). @param {LogEvent[]} log */
export function maxSeq(log) {
  let m = -Infinity;
  for (const e of log) if (e && Number.isFinite(e.seq) && e.seq > m) m = e.seq;
  return m;
}

/**
 * A message's identity: a new key means a new message to flash and announce.
 * @param {Notice | null} m
 */
export function messageKey(m) {
  return m ? `${m.seq}|${m.id}|${m.kind}|${m.text}` : "";
}

/** @param {Outcome | null} o */
export function outcomeKey(o) {
  return o ? JSON.stringify(o) : "";
}

/** Events newer than the last snapshot's (none after a fresh log: a new game). @param {View} view */
function freshEvents(view) {
  const { log } = view.state;
  const top = maxSeq(log);
  if (!Number.isFinite(top)) return [];
  const fresh = top >= view.lastSeq ? log.filter((e) => e && Number.isFinite(e.seq) && e.seq > view.lastSeq) : [];
  view.lastSeq = top;
  return fresh;
}

/**
 * @param {LogEvent} e
 * @returns {e is LogEvent & {player: 0 | 1, card: string, centre: number, pile: number}}
 */
function isPlayEvent(e) {
  return e.kind === "play" && (e.player === 0 || e.player === 1) && !!parseCard(e.card)
    && Number.isInteger(e.centre) && Number.isInteger(e.pile);
}

/** @param {Ui} ui @param {string} card */
function pendingPlayOf(ui, card) {
  for (const p of ui.pending.values()) if (p.kind === "play" && p.card === card) return true;
  return false;
}

/**
 * New log events: the sentences to announce, and the plays to fly (the
 * computer's, or yours made in another view), one per centre pile.
 * @param {View} view @param {string[]} said  the sentences to announce, added to
 * @returns {Map<number, LogEvent & {player: 0 | 1, card: string, centre: number, pile: number}>}
 */
export function readEvents(view, said) {
  const toFly = new Map();
  view.dealt = false;
  for (const e of freshEvents(view)) {
    if (e.kind === "deal") view.dealt = true;
    if (e.player === 1 || ANNOUNCE_KINDS.has(e.kind)) said.push(e.text == null ? "" : String(e.text));
    if (isPlayEvent(e) && (e.player === 1 || !pendingPlayOf(view.ui, e.card))) toFly.set(e.centre, e);
  }
  return toFly;
}

/**
 * The kernel's message: returns the card of this view's play it refused, if any.
 * @param {View} view @param {string[]} said
 * @returns {string | null}
 */
export function readMessage(view, said) {
  const { ui } = view;
  const m = view.state.message;
  const mk = messageKey(m);
  if (mk !== view.lastMessage && m && m.text) {
    if (m.kind === "refused" || m.kind === "hint") said.push(String(m.text));
    restartClass(view.refs.message, "spit-flash");
  }
  view.lastMessage = mk;
  const p = m && m.kind === "refused" && m.id != null ? ui.pending.get(m.id) : undefined;
  if (!m || !p) return null;
  view.clearTimer(p.timer);
  ui.pending.delete(/** @type {number} */ (m.id));
  return p.card;
}

/** A card that left your stock has landed: the normal render takes over. @param {View} view */
export function settlePending(view) {
  const { ui } = view;
  for (const [id, p] of ui.pending) {
    if (p.kind === "play" && slotOf(view.state, p.card) < 0) {
      view.clearTimer(p.timer);
      ui.pending.delete(id);
    }
  }
}

/** Keep the selection only while it still makes sense. @param {View} view @param {ViewState} prev */
export function keepSelection(view, prev) {
  const { ui, state, ctrl } = view;
  if (ui.selected && slotOf(state, ui.selected.card) < 0) ctrl.clearSelection();
  if (ui.slotTarget != null && state.players[0].stock[ui.slotTarget].top) ctrl.clearSelection();
  if (state.status !== prev.status) {
    ctrl.clearSelection();
    if (state.status === "round_over") ui.chosen = state.you.slap.length ? state.you.slap[0] : null;
  }
  if (ui.chosen != null && ui.chosen >= state.centre.length) ui.chosen = null;
}

/** A new outcome re-opens the end dialog and is announced. True if new. @param {View} view @param {string[]} said */
export function readOutcome(view, said) {
  const { state } = view;
  const key = outcomeKey(state.outcome);
  const isNew = key !== view.lastOutcome;
  view.lastOutcome = key;
  if (!isNew) return false;
  view.ui.dialogDismissed = false;
  if (state.outcome && state.outcome.title) said.push(String(state.outcome.title));
  return true;
}

/** Log kinds that tell how a round ended and the next began. */
const ROUND_KINDS = new Set(["round_end", "slap", "take", "deal"]);

/**
 * What the round interlude shows after a new deal: the sentences from the
 * last round's end (who went out, which pile each took) to the new deal (a
 * player short of cards), and the cards each now has. Null when the log does
 * not show a round ending (a first deal).
 * @param {ViewState} state
 * @returns {Omit<Interlude, "round"> | null}
 */
export function roundSummary(state) {
  /** @type {string[]} */
  const lines = [];
  let ended = false;
  for (let i = state.log.length - 1; i >= 0 && !ended; i--) {
    const e = state.log[i];
    if (!e || !ROUND_KINDS.has(e.kind)) continue;
    if (e.text != null) lines.unshift(String(e.text));
    ended = e.kind === "round_end";
  }
  if (!ended) return null;
  const [you, them] = state.players;
  const cards = (/** @type {number} */ n) => ngettext("{n} card", "{n} cards", n);
  return {
    lines,
    cards: _("You: {yours} \u00b7 {name}: {theirs}", {
      yours: cards(you.cards_left), name: sideName(state, 1), theirs: cards(them.cards_left),
    }),
  };
}
