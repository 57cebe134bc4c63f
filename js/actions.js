// What a click or key means, as messages for the kernel. No rules here:
// whether a card fits is looked up in state.you.plays / you.moves / you.slap,
// and anything doubtful is sent anyway so that the kernel, which alone
// decides, explains its refusal in state.message. The click scheme is
// described at the top of input.js.
//
// Every function takes the view's context `ctx`:
//   {refs, ui, getState(), send(msg), refresh(), setTimer(fn, ms), clearTimer(t)}

import { launch, restartClass } from "./animate.js";
import { shortName } from "./cards.js";
import { takeWaited } from "./echo.js";
import { fitsFor, movesFor } from "./state.js";
import { _ } from "./words.js";

/** @typedef {import("./protocol.js").Controls} Controls */
/** @typedef {import("./protocol.js").PageMessage} PageMessage */
/** @import { PendingPlay, Refs, Ui } from "./types.js" */

/** How long a card may travel unconfirmed before it is put back. */
export const PENDING_MS = 4000;

/** @param {Controls} ctx @param {PageMessage} msg */
function sendWithId(ctx, msg) {
  const id = ctx.ui.nextId++;
  ctx.send({ ...msg, id });
  return id;
}

/** Forget the picked-up card, the chosen empty slot and the chosen pile. @param {Controls} ctx */
export function clearSelection(ctx) {
  const { ui } = ctx;
  ui.selected = null;
  ui.slotTarget = null;
  ui.chosen = null;
  ui.prompt = "";
}

/** @param {Controls} ctx */
function dropAndRefresh(ctx) {
  clearSelection(ctx);
  ctx.refresh();
}

/**
 * The top card of each centre pile as this view shows it (a pile's face waits
 * for a flying card to land): the kernel tells a play that lost the race for
 * a pile it fitted as shown from one that never fitted (docs/protocol.md).
 * @param {Refs} refs
 * @returns {(string | null)[]}
 */
function seenTops(refs) {
  return refs.centres.map((c) => (c && c.face && c.face.dataset.card) || null);
}

/** @param {Ui} ui @param {string} card */
function isPending(ui, card) {
  for (const p of ui.pending.values()) if (p.kind === "play" && p.card === card) return true;
  return false;
}

/**
 * Send a play; the card lifts and travels `fraction` of the way at once
 * (`from`: where a dragged card was let go, as an offset from its place).
 * @param {Controls} ctx @param {string} card @param {number} slot @param {number} centre
 * @param {number} fraction @param {{x: number, y: number} | null} [from]
 */
export function play(ctx, card, slot, centre, fraction, from = null) {
  const { refs, ui } = ctx;
  const el = refs.stocks[0][slot].card;
  const target = refs.centres[centre] ? refs.centres[centre].anchor : null;
  const id = ui.nextId++;
  /** @type {PendingPlay} */
  const pending = { kind: "play", card, slot, centre, timer: 0 };
  pending.timer = ctx.setTimer(() => overdue(ctx, id), PENDING_MS);
  ui.pending.set(id, pending);
  // Sent before the card lifts: measuring where it flies lays out the page,
  // which the kernel need not wait for (the lift shows in the same frame).
  const waited = takeWaited(ui, globalThis.performance.now());
  const seq = ctx.send({ kind: "play", card, centre, seen: seenTops(refs), ...(waited == null ? {} : { waited }), id });
  if (typeof seq === "number") pending.seq = seq;
  if (ctx.linkDown && ctx.linkDown()) pending.queued = true; // waits, lifted, for the link
  else launch(el, target, fraction, from);
  clearSelection(ctx);
  ctx.refresh();
  return id;
}

/** What the page says when it gives up on a play (the kernel never answered it). @param {string} card */
export function didNotReach(card) {
  return _("Your {card} did not reach the table; play it again.", { card: shortName(card) });
}

/**
 * A play unanswered for PENDING_MS: while the link is down or its action still
 * waits in the outbox (sent again at each ping), keep waiting; else give up on
 * it and say so. A card never goes back to its slot without a sentence.
 * @param {Controls} ctx @param {number} id
 */
function overdue(ctx, id) {
  const { ui } = ctx;
  const p = ui.pending.get(id);
  if (!p) return;
  const again = () => {
    p.timer = ctx.setTimer(() => overdue(ctx, id), PENDING_MS);
  };
  const answer = p.seq != null && ctx.outbox ? ctx.outbox.answer(p.seq) : undefined;
  if (answer !== undefined) { // the kernel handled it; the state saying how never came
    if (answer == null && !p.overdue) { // played: ask for the whole state, wait once more
      p.overdue = true;
      ctx.send({ kind: "sync" });
      return again();
    }
    ui.pending.delete(id);
    if (answer && ctx.said) ctx.said(answer, p.card); // refused: its own sentence
    ctx.refresh();
    return;
  }
  const waiting = p.seq != null && ctx.outbox && ctx.outbox.holds(p.seq);
  const down = ctx.linkDown && ctx.linkDown();
  if (down || (waiting && !p.overdue)) {
    if (!down) p.overdue = true; // once more, then the page gives up
    return again();
  }
  ui.pending.delete(id);
  if (p.seq != null && ctx.outbox) ctx.outbox.abandon(p.seq);
  if (ctx.said) ctx.said(didNotReach(p.card), p.card);
  ctx.refresh();
}

/**
 * Classic: move your top card `card` into your empty pile `slot`.
 * @param {Controls} ctx @param {string} card @param {number} slot
 */
export function moveCard(ctx, card, slot) {
  clearSelection(ctx);
  sendWithId(ctx, { kind: "move", card, slot });
  ctx.refresh();
}

/**
 * @param {Controls} ctx @param {string} card @param {number} slot @param {number | null} chosen
 * @param {() => string} prompt  said at each refresh, in the page's language then
 */
function pickUp(ctx, card, slot, chosen, prompt) {
  const { ui } = ctx;
  ui.selected = { card, slot };
  ui.slotTarget = null;
  ui.chosen = chosen;
  ui.prompt = prompt;
  ctx.refresh();
}

/** Click (or key 1-5) on your pile `slot`. @param {Controls} ctx @param {number} slot */
export function clickStock(ctx, slot) {
  const { ui } = ctx;
  const s = ctx.getState();
  const top = s.players[0].stock[slot] ? s.players[0].stock[slot].top : null;
  if (!top) return clickEmpty(ctx, slot);
  if (isPending(ui, top)) return; // already on its way
  if (ui.slotTarget != null && s.variant === "classic") return moveCard(ctx, top, ui.slotTarget);
  if (ui.selected && ui.selected.card === top) return dropAndRefresh(ctx);
  const fits = fitsFor(s, top);
  if (fits.length === 1) return play(ctx, top, slot, fits[0], 1);
  if (fits.length > 1) {
    const card = shortName(top);
    return pickUp(ctx, top, slot, fits[0], () => _("{card} fits both piles: click one, or \u2190/\u2192 then Enter.", { card }));
  }
  if (s.variant === "classic" && movesFor(s, top).length > 0) {
    return pickUp(ctx, top, slot, null, () => _("Move {card}: click an empty pile (Esc to drop).", { card: shortName(top) }));
  }
  return play(ctx, top, slot, 0, 0.3);
}

/**
 * Click on the other side's pile `slot`: it nudges, and the kernel says whose
 * card it is (the same refusal a spectator's click gets), so a click there is
 * never met with silence.
 * @param {Controls} ctx @param {number} slot
 */
export function clickTheirs(ctx, slot) {
  const s = ctx.getState();
  const top = s.players[1].stock[slot] ? s.players[1].stock[slot].top : null;
  const el = ctx.refs.stocks[1][slot] ? ctx.refs.stocks[1][slot].card : null;
  if (el) {
    restartClass(el, "spit-refused");
    ctx.setTimer(() => el.classList.remove("spit-refused"), 900);
  }
  if (top) sendWithId(ctx, { kind: "play", card: top, centre: 0 });
}

/** Click on an empty pile of yours (classic moves). @param {Controls} ctx @param {number} slot */
export function clickEmpty(ctx, slot) {
  const { ui } = ctx;
  if (ctx.getState().variant !== "classic") {
    if (ui.selected) dropAndRefresh(ctx);
    return;
  }
  if (ui.selected) return moveCard(ctx, ui.selected.card, slot);
  const again = ui.slotTarget === slot;
  clearSelection(ctx);
  if (!again) {
    ui.slotTarget = slot;
    ui.prompt = () => _("Now click the card to move into pile {n} (Esc to cancel).", { n: slot + 1 });
  }
  ctx.refresh();
}

/** Click on centre pile `c`. @param {Controls} ctx @param {number} c */
export function clickCentre(ctx, c) {
  const { ui } = ctx;
  const s = ctx.getState();
  if (s.status === "round_over") {
    clearSelection(ctx);
    ui.chosen = c;
    sendWithId(ctx, { kind: "slap", centre: c });
    ctx.refresh();
    return;
  }
  if (ui.selected) {
    const { card, slot } = ui.selected;
    return play(ctx, card, slot, c, fitsFor(s, card).includes(c) ? 1 : 0.3);
  }
  if (ui.slotTarget != null) dropAndRefresh(ctx);
}

/** ArrowLeft/ArrowRight: choose a centre pile. @param {Controls} ctx @param {number} dir  -1 or 1 */
export function choose(ctx, dir) {
  const { ui } = ctx;
  const s = ctx.getState();
  const n = s.centre.length;
  if (!n) return;
  if (!ui.selected && s.status !== "round_over") return;
  const cur = ui.chosen == null ? (dir > 0 ? -1 : n) : ui.chosen;
  ui.chosen = (((cur + dir) % n) + n) % n;
  ctx.refresh();
}

/** Enter: play the picked-up card on the chosen pile, or slap it. True if acted. @param {Controls} ctx */
export function confirm(ctx) {
  const { ui } = ctx;
  const s = ctx.getState();
  if (s.status === "round_over") {
    clickCentre(ctx, ui.chosen != null ? ui.chosen : s.you.slap.length ? s.you.slap[0] : 0);
    return true;
  }
  if (ui.selected) {
    const fits = fitsFor(s, ui.selected.card);
    clickCentre(ctx, ui.chosen != null ? ui.chosen : fits.length ? fits[0] : 0);
    return true;
  }
  return false;
}

/** Escape: drop the selection or close the dialog. True if something was dropped. @param {Controls} ctx */
export function drop(ctx) {
  const { ui, refs } = ctx;
  if (ui.selected || ui.slotTarget != null) {
    dropAndRefresh(ctx);
    return true;
  }
  if (!refs.dialog.hidden) {
    closeDialog(ctx);
    return true;
  }
  return false;
}

/** The Stuck button (duel): nudges instead when the kernel says you can play. @param {Controls} ctx */
export function stuck(ctx) {
  if (!ctx.getState().you.can_stuck) return restartClass(ctx.refs.stuck, "spit-nudge");
  sendWithId(ctx, { kind: "stuck" });
}

/** The Spit! / End Round button (classic). @param {Controls} ctx */
export function spit(ctx) {
  if (!ctx.getState().you.can_spit) return restartClass(ctx.refs.spit, "spit-nudge");
  sendWithId(ctx, { kind: "spit" });
}

/** Space: Stuck in the duel, Spit! in classic. @param {Controls} ctx */
export function stuckOrSpit(ctx) {
  return ctx.getState().variant === "classic" ? spit(ctx) : stuck(ctx);
}

/** @param {Controls} ctx */
export function togglePause(ctx) {
  ctx.send({ kind: ctx.getState().paused ? "resume" : "pause" });
}

/** @param {Controls} ctx */
export function hint(ctx) {
  sendWithId(ctx, { kind: "hint" });
}

/** @param {Controls} ctx */
export function newGame(ctx) {
  clearSelection(ctx);
  ctx.ui.dialogDismissed = false;
  ctx.send({ kind: "new_game" });
  ctx.refresh();
}

/** @param {Controls} ctx */
export function closeDialog(ctx) {
  ctx.ui.dialogDismissed = true;
  ctx.refresh();
  ctx.refs.root.focus({ preventScroll: true });
}
