// Clicks and keys -> messages for the kernel. No rules here: whether a card
// fits is looked up in state.you.plays / you.moves / you.slap, and anything
// doubtful is sent anyway so that the kernel, which alone decides, explains
// its refusal in state.message.
//
// Click scheme
//   - A card listed in you.plays for exactly one centre pile: one click plays
//     it (the card lifts and starts travelling at once).
//   - A card that fits both piles is picked up (spit-selected); the next click
//     on a centre pile plays it there. Clicking it again drops it.
//   - A card not listed in you.plays is sent to the left pile (centre 0) so
//     the kernel's refusal explains why it does not go; it nudges toward the
//     pile and comes back with the reason.
//   - Classic, moving into an empty pile (two clicks, either order):
//       * click the empty pile, then the card to move into it; or
//       * pick up a card, then click the empty pile. A card that can only
//         move (fits no centre pile) is picked up by its first click; a card
//         that fits exactly one pile plays on its first click, so to move
//         such a card click the empty pile first.
//   - Classic, round over: clicking a centre pile slaps it (the kernel
//     refuses the wrong one with its reason).
//   - Classic: clicking your own spit pile is the same as the Spit! button.
// Keys (the root is focusable and suppresses JupyterLab's shortcuts)
//   1-5 act on your pile 1-5 exactly like a click; Space = Stuck (duel) or
//   Spit!/End Round (classic); P pause/resume; H hint; ArrowLeft/ArrowRight
//   choose a centre pile while a card is picked up (or which pile to slap when
//   a classic round is over); Enter confirms; Escape drops the selection.

import { launch, restartClass } from "./animate.js";
import { shortName } from "./cards.js";
import { fitsFor, movesFor } from "./state.js";

/** How long a card may travel unconfirmed before it is put back. */
export const PENDING_MS = 4000;

/**
 * ctx: {refs, ui, getState(), send(msg), refresh(), setTimer(fn, ms), clearTimer(t)}
 * Returns the actions plus onClick/onKeyDown/onKeyUp/onChange DOM handlers.
 */
export function createController(ctx) {
  const { refs, ui } = ctx;

  function sendWithId(msg) {
    const id = ui.nextId++;
    ctx.send({ ...msg, id });
    return id;
  }

  function clearSelection() {
    ui.selected = null;
    ui.slotTarget = null;
    ui.chosen = null;
    ui.prompt = "";
  }

  function isPending(card) {
    for (const p of ui.pending.values()) if (p.kind === "play" && p.card === card) return true;
    return false;
  }

  function play(card, slot, centre, fraction) {
    const el = refs.stocks[0][slot].card;
    const target = refs.centres[centre] ? refs.centres[centre].anchor : null;
    launch(el, target, fraction);
    const id = ui.nextId++;
    const timer = ctx.setTimer(() => {
      if (ui.pending.delete(id)) ctx.refresh();
    }, PENDING_MS);
    ui.pending.set(id, { kind: "play", card, slot, centre, timer });
    ctx.send({ kind: "play", card, centre, id });
    clearSelection();
    ctx.refresh();
    return id;
  }

  function move(card, slot) {
    clearSelection();
    sendWithId({ kind: "move", card, slot });
    ctx.refresh();
  }

  function pickUp(card, slot, chosen, prompt) {
    ui.selected = { card, slot };
    ui.slotTarget = null;
    ui.chosen = chosen;
    ui.prompt = prompt;
    ctx.refresh();
  }

  /** Click (or key 1-5) on your pile `slot`. */
  function clickStock(slot) {
    const s = ctx.getState();
    const top = s.players[0].stock[slot] ? s.players[0].stock[slot].top : null;
    if (!top) return clickEmpty(slot);
    if (isPending(top)) return; // already on its way
    if (ui.slotTarget != null && s.variant === "classic") return move(top, ui.slotTarget);
    if (ui.selected && ui.selected.card === top) {
      clearSelection();
      ctx.refresh();
      return;
    }
    const fits = fitsFor(s, top);
    if (fits.length === 1) return play(top, slot, fits[0], 1);
    if (fits.length > 1) {
      const name = shortName(top);
      return pickUp(top, slot, fits[0], `${name} fits both piles: click one, or \u2190/\u2192 then Enter.`);
    }
    if (s.variant === "classic" && movesFor(s, top).length > 0) {
      return pickUp(top, slot, null, `Move ${shortName(top)}: click an empty pile (Esc to drop).`);
    }
    return play(top, slot, 0, 0.3);
  }

  /** Click on an empty pile of yours (classic moves). */
  function clickEmpty(slot) {
    const s = ctx.getState();
    if (s.variant !== "classic") {
      if (ui.selected) {
        clearSelection();
        ctx.refresh();
      }
      return;
    }
    if (ui.selected) return move(ui.selected.card, slot);
    if (ui.slotTarget === slot) {
      clearSelection();
    } else {
      clearSelection();
      ui.slotTarget = slot;
      ui.prompt = `Now click the card to move into pile ${slot + 1} (Esc to cancel).`;
    }
    ctx.refresh();
  }

  /** Click on centre pile `c`. */
  function clickCentre(c) {
    const s = ctx.getState();
    if (s.status === "round_over") {
      clearSelection();
      ui.chosen = c;
      sendWithId({ kind: "slap", centre: c });
      ctx.refresh();
      return;
    }
    if (ui.selected) {
      const { card, slot } = ui.selected;
      const fits = fitsFor(s, card);
      return play(card, slot, c, fits.includes(c) ? 1 : 0.3);
    }
    if (ui.slotTarget != null) {
      clearSelection();
      ctx.refresh();
    }
  }

  /** ArrowLeft/ArrowRight: choose a centre pile. */
  function choose(dir) {
    const s = ctx.getState();
    const n = s.centre.length;
    if (!n) return;
    if (!ui.selected && s.status !== "round_over") return;
    const cur = ui.chosen == null ? (dir > 0 ? -1 : n) : ui.chosen;
    ui.chosen = (((cur + dir) % n) + n) % n;
    ctx.refresh();
  }

  /** Enter: play the picked-up card on the chosen pile, or slap it. True if acted. */
  function confirm() {
    const s = ctx.getState();
    if (s.status === "round_over") {
      const c = ui.chosen != null ? ui.chosen : s.you.slap.length ? s.you.slap[0] : 0;
      clickCentre(c);
      return true;
    }
    if (ui.selected) {
      const fits = fitsFor(s, ui.selected.card);
      const c = ui.chosen != null ? ui.chosen : fits.length ? fits[0] : 0;
      clickCentre(c);
      return true;
    }
    return false;
  }

  /** Escape: drop the selection or close the dialog. True if something was dropped. */
  function drop() {
    if (ui.selected || ui.slotTarget != null) {
      clearSelection();
      ctx.refresh();
      return true;
    }
    if (!refs.dialog.hidden) {
      closeDialog();
      return true;
    }
    return false;
  }

  function stuck() {
    const s = ctx.getState();
    if (!s.you.can_stuck) return restartClass(refs.stuck, "spit-nudge");
    sendWithId({ kind: "stuck" });
  }

  function spit() {
    const s = ctx.getState();
    if (!s.you.can_spit) return restartClass(refs.spit, "spit-nudge");
    sendWithId({ kind: "spit" });
  }

  function stuckOrSpit() {
    return ctx.getState().variant === "classic" ? spit() : stuck();
  }

  function togglePause() {
    ctx.send({ kind: ctx.getState().paused ? "resume" : "pause" });
  }

  function hint() {
    sendWithId({ kind: "hint" });
  }

  function newGame() {
    clearSelection();
    ui.dialogDismissed = false;
    ctx.send({ kind: "new_game" });
    ctx.refresh();
  }

  function closeDialog() {
    ui.dialogDismissed = true;
    ctx.refresh();
    refs.root.focus({ preventScroll: true });
  }

  function onClick(e) {
    const t = e.target && e.target.nodeType === 1 ? e.target : null;
    if (!t || !refs.root.contains(t)) return;
    const btn = t.closest("button");
    if (btn && btn.disabled) return;
    const stock = t.closest('.spit-stock[data-player="0"]');
    if (stock) return clickStock(Number(stock.dataset.slot));
    const centre = t.closest(".spit-centre");
    if (centre) return clickCentre(Number(centre.dataset.centre));
    if (t.closest('.spit-spitpile[data-player="0"]') && ctx.getState().variant === "classic") return spit();
    if (!btn) return;
    if (btn === refs.stuck) return stuck();
    if (btn === refs.spit) return spit();
    if (btn === refs.pause) return togglePause();
    if (btn === refs.hint) return hint();
    if (btn === refs.newGame || btn === refs.dialogNew) return newGame();
    if (btn === refs.dialogClose) return closeDialog();
  }

  function onChange(e) {
    if (e.target === refs.pace) ctx.send({ kind: "pace", pace: refs.pace.value });
  }

  const isTableButton = (t) =>
    t.tagName === "BUTTON" && (t.classList.contains("spit-slotbtn") || t.classList.contains("spit-centre-btn"));

  function onKeyDown(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const t = e.target && e.target.nodeType === 1 ? e.target : refs.root;
    const tag = t.tagName;
    const key = e.key;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") {
      // Native keys of the form control; only keep them from JupyterLab.
      if (key !== "Escape" && key !== "Tab") e.stopPropagation();
      return;
    }
    const controlButton = tag === "BUTTON" && !isTableButton(t);
    if (controlButton && (key === "Enter" || key === " ")) {
      e.stopPropagation(); // let the focused button activate itself
      return;
    }
    const gameKey = (key.length === 1 && key >= "1" && key <= "5") || key === " " || key === "Spacebar"
      || key === "p" || key === "P" || key === "h" || key === "H" || key === "Enter";
    if (e.repeat && gameKey) {
      // A held key must not fire play after play (or flip pause on and off).
      e.preventDefault();
      e.stopPropagation();
      return;
    }
    let handled = true;
    if (key.length === 1 && key >= "1" && key <= "5") clickStock(Number(key) - 1);
    else if (key === " " || key === "Spacebar") stuckOrSpit();
    else if (key === "p" || key === "P") togglePause();
    else if (key === "h" || key === "H") hint();
    else if (key === "ArrowLeft") choose(-1);
    else if (key === "ArrowRight") choose(1);
    else if (key === "Enter") {
      if (!confirm() && tag === "BUTTON") {
        e.stopPropagation(); // a focused card: its own click does the job
        return;
      }
    } else if (key === "Escape") handled = drop();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  function onKeyUp(e) {
    // Space on a focused card means Stuck/Spit!, not "click this card".
    const t = e.target && e.target.nodeType === 1 ? e.target : null;
    if (e.key === " " && t && isTableButton(t)) e.preventDefault();
  }

  return {
    clickStock, clickEmpty, clickCentre, choose, confirm, drop, stuck, spit, stuckOrSpit,
    togglePause, hint, newGame, closeDialog, clearSelection, onClick, onChange, onKeyDown, onKeyUp,
  };
}
