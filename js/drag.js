// Dragging a card of yours onto a pile, with pointer events (mouse, pen or
// finger alike). A press that moves less than DRAG_PX stays a tap or click
// and the click handler (input.js) plays it as usual.
//
// Dropped on a centre pile it fits: played there (which settles "fits both"
// in one gesture). Dropped on a pile it does not fit: sent anyway, so the
// kernel's refusal brings it home with the reason. Dropped on an empty pile
// of yours it may move into (classic): moved. Anywhere else: it goes home.

import { fitsFor, movesFor } from "./state.js";
import * as act from "./actions.js";
import { closest } from "./build.js";

/**
 * @import { Controls } from "./protocol.js"
 * @typedef {{btn: HTMLElement, slot: number, card: string}} Grabbed  your card under a press
 * @typedef {Grabbed & {id: number, x0: number, y0: number, dx: number, dy: number,
 *   moving: boolean, over: HTMLElement | null}} Drag
 *   a card being dragged: the pointer, where it started, how far it went, what it is over
 * @typedef {{el: HTMLElement, centre?: number, slot?: number}} DropTarget  a centre pile or your empty pile
 */

/** How far a press must travel before it is a drag (a tap wobbles a little). */
export const DRAG_PX = 8;

/** @param {Controls} ctx @param {EventTarget | null} t @returns {Grabbed | null} */
function yourCardAt(ctx, t) {
  const el = t && "closest" in t ? /** @type {Element} */ (t) : null; // no instanceof: the page may be another window's
  const btn = el ? closest(el, '.spit-stock[data-player="0"] .spit-slotbtn.spit-card') : null;
  if (!btn || !ctx.refs.root.contains(btn)) return null;
  const s = ctx.getState();
  if (s.status !== "playing" || s.paused || s.readonly || ctx.ui.interlude) return null;
  const slot = Number(closest(btn, ".spit-stock")?.dataset.slot);
  const card = btn.dataset.card;
  if (!card || s.players[0].stock[slot].top !== card || btn.classList.contains("spit-in-flight")) return null;
  return { btn, slot, card };
}

/**
 * What lies under the pointer (the dragged card lets the pointer through).
 * @param {Controls} ctx @param {number} x @param {number} y
 * @returns {DropTarget | null}
 */
function dropTarget(ctx, x, y) {
  const hit = ctx.refs.doc.elementFromPoint(x, y);
  if (!hit || !ctx.refs.root.contains(hit)) return null;
  const centre = closest(hit, ".spit-centre");
  if (centre) return { centre: Number(centre.dataset.centre), el: centre };
  const stock = closest(hit, '.spit-stock[data-player="0"]');
  if (stock) return { slot: Number(stock.dataset.slot), el: stock };
  return null;
}

/** @param {Controls} ctx @param {Drag} drag @param {DropTarget | null} target */
function markTarget(ctx, drag, target) {
  const el = target ? target.el : null;
  if (drag.over === el) return;
  if (drag.over) drag.over.classList.remove("spit-drop-over");
  if (el) el.classList.add("spit-drop-over");
  drag.over = el;
}

/** @param {Drag} drag @param {PointerEvent} e */
function follow(drag, e) {
  const dx = e.clientX - drag.x0;
  const dy = e.clientY - drag.y0;
  drag.dx = dx;
  drag.dy = dy;
  drag.btn.style.setProperty("--spit-dx", `${Math.round(dx)}px`);
  drag.btn.style.setProperty("--spit-dy", `${Math.round(dy)}px`);
}

/** @param {Drag} drag */
function goHome(drag) {
  drag.btn.classList.remove("spit-dragging");
}

/**
 * Carry out the drop; the card leaves its dragged place for the pile or home.
 * @param {Controls} ctx @param {Drag} drag @param {DropTarget | null} target
 */
function drop(ctx, drag, target) {
  const s = ctx.getState();
  const offset = { x: drag.dx, y: drag.dy };
  act.clearSelection(ctx);
  if (target && target.centre != null) {
    const fits = fitsFor(s, drag.card).includes(target.centre);
    act.play(ctx, drag.card, drag.slot, target.centre, fits ? 1 : 0, offset);
  } else if (target && target.slot != null && s.variant === "classic"
      && movesFor(s, drag.card).includes(target.slot)) {
    act.moveCard(ctx, drag.card, target.slot);
  } else {
    ctx.refresh();
  }
  goHome(drag);
}

/**
 * Pointer handlers for the root: {onPointerDown, onPointerMove, onPointerUp,
 * onPointerCancel, swallowClick(e)}. swallowClick() is true for the click a
 * browser fires after a drag, which must not also act as a click.
 * @param {Controls} ctx
 */
export function createDrag(ctx) {
  /** @type {Drag | null} */
  let drag = null;
  let swallow = false;
  /** @param {PointerEvent} e @param {boolean} dropped */
  const end = (e, dropped) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    markTarget(ctx, d, null);
    if (!d.moving) return;
    swallow = true;
    ctx.setTimer(() => { swallow = false; }, 0);
    if (dropped) drop(ctx, d, dropTarget(ctx, e.clientX, e.clientY));
    else goHome(d);
  };
  return {
    /** @param {PointerEvent} e */
    onPointerDown(e) {
      if (drag || (e.pointerType === "mouse" && e.button !== 0)) return;
      const hit = yourCardAt(ctx, e.target);
      if (!hit) return;
      drag = { ...hit, id: e.pointerId, x0: e.clientX, y0: e.clientY, dx: 0, dy: 0, moving: false, over: null };
    },
    /** @param {PointerEvent} e */
    onPointerMove(e) {
      if (!drag || e.pointerId !== drag.id) return;
      if (!drag.moving) {
        if (Math.hypot(e.clientX - drag.x0, e.clientY - drag.y0) < DRAG_PX) return;
        drag.moving = true;
        drag.btn.classList.add("spit-dragging");
      }
      e.preventDefault();
      follow(drag, e);
      markTarget(ctx, drag, dropTarget(ctx, e.clientX, e.clientY));
    },
    onPointerUp: (/** @type {PointerEvent} */ e) => end(e, true),
    onPointerCancel: (/** @type {PointerEvent} */ e) => end(e, false),
    swallowClick: () => swallow,
  };
}
