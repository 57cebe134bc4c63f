// DOM events -> actions (actions.js) -> messages for the kernel.
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
//   - Any card of yours can also be dragged onto a pile (drag.js); a tap on a
//     touch screen is a click.
// Keys (the root is focusable and suppresses JupyterLab's shortcuts)
//   1-5 act on your pile 1-5 exactly like a click; Space = Stuck (duel) or
//   Spit!/End Round (classic); P pause/resume; H hint; ArrowLeft/ArrowRight
//   choose a centre pile while a card is picked up (or which pile to slap when
//   a classic round is over); Enter confirms; Escape drops the selection.

import * as act from "./actions.js";
import { closest } from "./build.js";
import { createDrag } from "./drag.js";

/**
 * @import { Controls } from "./protocol.js"
 * @import { Controller } from "./types.js"
 */

export { PENDING_MS } from "./actions.js";

/**
 * The element an event happened on, or null for text nodes and the like.
 * @param {Event} e
 * @returns {Element | null}
 */
function elementOf(e) {
  const t = /** @type {Node | null} */ (e.target);
  return t && t.nodeType === 1 ? /** @type {Element} */ (t) : null;
}

/**
 * Which table thing a click landed on, as an action; null for none.
 * @param {Controls} ctx @param {Element} t
 * @returns {(() => void) | null}
 */
function clickTarget(ctx, t) {
  const stock = closest(t, '.spit-stock[data-player="0"]');
  if (stock) return () => act.clickStock(ctx, Number(stock.dataset.slot));
  const theirs = closest(t, '.spit-stock[data-player="1"]');
  if (theirs) return () => act.clickTheirs(ctx, Number(theirs.dataset.slot));
  const centre = closest(t, ".spit-centre");
  if (centre) return () => act.clickCentre(ctx, Number(centre.dataset.centre));
  if (t.closest('.spit-spitpile[data-player="0"]') && ctx.getState().variant === "classic") {
    return () => act.spit(ctx);
  }
  return null;
}

/**
 * @param {Controls} ctx @param {HTMLButtonElement} btn
 * @returns {(() => void) | null}
 */
function buttonAction(ctx, btn) {
  const { refs } = ctx;
  /** @type {Map<Element, (ctx: Controls) => unknown>} */
  const table = new Map([
    [refs.stuck, act.stuck], [refs.spit, act.spit], [refs.pause, act.togglePause],
    [refs.hint, act.hint], [refs.newGame, act.newGame], [refs.dialogNew, act.newGame],
    [refs.dialogClose, act.closeDialog],
  ]);
  const fn = table.get(btn);
  return fn ? () => fn(ctx) : null;
}

/** @param {Controls} ctx @param {MouseEvent} e */
function onClick(ctx, e) {
  const t = elementOf(e);
  if (!t || !ctx.refs.root.contains(t)) return;
  if (ctx.swallowClick && ctx.swallowClick()) return; // the end of a drag, not a click
  // A click during the round interlude only ends it (the next deal is not
  // played blind); the header's buttons still work.
  if (ctx.ui.interlude && ctx.refs.table.contains(t)) return ctx.endInterlude?.();
  const btn = t.closest("button");
  if (btn && btn.disabled) return;
  const action = clickTarget(ctx, t) || (btn ? buttonAction(ctx, btn) : null);
  if (action) action();
}

/** @param {Element} t */
const isTableButton = (t) =>
  t.tagName === "BUTTON" && (t.classList.contains("spit-slotbtn") || t.classList.contains("spit-centre-btn"));

/** @param {string} key */
const isDigit = (key) => key.length === 1 && key >= "1" && key <= "5";

/** Keys that act on the game and must not auto-repeat. */
const GAME_KEYS = new Set([" ", "Spacebar", "p", "P", "h", "H", "Enter"]);

/**
 * Key -> action; the action returns false when it did nothing (the key is not consumed).
 * @type {Record<string, (ctx: Controls) => unknown>}
 */
const KEY_ACTIONS = {
  " ": act.stuckOrSpit, Spacebar: act.stuckOrSpit,
  p: act.togglePause, P: act.togglePause, h: act.hint, H: act.hint,
  ArrowLeft: (ctx) => act.choose(ctx, -1), ArrowRight: (ctx) => act.choose(ctx, 1),
  Escape: act.drop,
};

/** @param {Event} e */
function consume(e) {
  e.preventDefault();
  e.stopPropagation();
}

/**
 * Keys on a form control or a control button belong to it. True if handled here.
 * @param {KeyboardEvent} e @param {Element} t
 */
function leaveToControl(e, t) {
  const tag = t.tagName;
  if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") {
    // Native keys of the form control; only keep them from JupyterLab.
    if (e.key !== "Escape" && e.key !== "Tab") e.stopPropagation();
    return true;
  }
  if (tag === "BUTTON" && !isTableButton(t) && (e.key === "Enter" || e.key === " ")) {
    e.stopPropagation(); // let the focused button activate itself
    return true;
  }
  return false;
}

/** @param {Controls} ctx @param {KeyboardEvent} e */
function onKeyDown(ctx, e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const t = elementOf(e) || ctx.refs.root;
  const key = e.key;
  if (leaveToControl(e, t)) return;
  // A key during the round interlude only ends it, like a click.
  if (ctx.ui.interlude && key !== "Tab" && !e.repeat) {
    ctx.endInterlude?.();
    return consume(e);
  }
  // A held key must not fire play after play (or flip pause on and off).
  if (e.repeat && (isDigit(key) || GAME_KEYS.has(key))) return consume(e);
  if (isDigit(key)) {
    act.clickStock(ctx, Number(key) - 1);
    return consume(e);
  }
  if (key === "Enter") {
    if (act.confirm(ctx)) return consume(e);
    if (t.tagName === "BUTTON") e.stopPropagation(); // a focused card: its own click does the job
    else consume(e);
    return;
  }
  const fn = KEY_ACTIONS[key];
  if (fn && fn(ctx) !== false) consume(e);
}

/** @param {Controls} _ctx @param {KeyboardEvent} e */
function onKeyUp(_ctx, e) {
  // Space on a focused card means Stuck/Spit!, not "click this card".
  const t = elementOf(e);
  if (e.key === " " && t && isTableButton(t)) e.preventDefault();
}

/** @param {import("./protocol.js").Controls} ctx @param {Event} e */
function onChange(ctx, e) {
  if (e.target === ctx.refs.pace) ctx.send({ kind: "pace", pace: ctx.refs.pace.value });
}

/**
 * Returns the actions bound to ctx plus the DOM handlers: onClick, onKeyDown,
 * onKeyUp, onChange on the root; onPointerDown on the root and onPointerMove,
 * onPointerUp, onPointerCancel on the document (a drag may leave the table).
 * @param {Controls} ctx
 * @returns {Controller}
 */
export function createController(ctx) {
  /** @type {Record<string, (...args: any[]) => unknown>} the actions, each bound to ctx: any arguments, as its action takes */
  const bound = {};
  for (const [name, fn] of Object.entries(act)) {
    if (typeof fn === "function") bound[name] = (...a) => /** @type {(...args: any[]) => unknown} */ (fn)(ctx, ...a);
  }
  const handlers = {
    onClick: (/** @type {MouseEvent} */ e) => onClick(ctx, e),
    onKeyDown: (/** @type {KeyboardEvent} */ e) => onKeyDown(ctx, e),
    onKeyUp: (/** @type {KeyboardEvent} */ e) => onKeyUp(ctx, e),
    onChange: (/** @type {Event} */ e) => onChange(ctx, e),
  };
  const drag = createDrag(ctx);
  ctx.swallowClick = drag.swallowClick;
  return /** @type {Controller} */ ({ ...bound, ...handlers, ...drag });
}
