// Short, non-blocking card animations.
//
// - launch(): your own play. The clicked card gets class `spit-in-flight` and
//   CSS variables --spit-dx/--spit-dy; the stylesheet's transition moves it
//   toward its pile from the very frame of the click. The kernel's next
//   snapshot either shows the card on the pile (snapHome() then drops the
//   transform without a transition) or refuses it (the class is removed and
//   the card glides back).
// - flyCard(): someone else's play (the computer's, or another view's). A
//   FLIP-style clone flies from the stock slot to the centre pile in an
//   absolutely positioned layer that ignores the pointer, so input is never
//   blocked.

import { createCard } from "./cards.js";

export const FLIGHT_MS = 200;

/** True when the user asked the system for reduced motion. @param {import("./types.js").Win | null | undefined} win */
export function reducedMotion(win) {
  try {
    return !!(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
  } catch {
    return false;
  }
}

/**
 * Run ``fn`` in the element's next animation frame (at once where there is none).
 * @param {Element} el @param {() => void} fn
 */
export function nextFrame(el, fn) {
  const win = el.ownerDocument && el.ownerDocument.defaultView;
  if (win && win.requestAnimationFrame) win.requestAnimationFrame(fn);
  else fn();
}

/** Remove and re-add a class so its CSS animation plays again; the class
 *  goes when its animation ends (so a later change of animation on the same
 *  element cannot replay it). The class comes back in the next frame rather
 *  than after a forced style flush: a flush inside JupyterLab re-lays out the
 *  whole page, milliseconds on every state update.
 * @param {Element} el @param {string} cls */
export function restartClass(el, cls) {
  el.classList.remove(cls);
  nextFrame(el, () => {
    stopListening(el, cls); // a restart cancels the last run: its "animationend" never comes
    el.classList.add(cls);
    /** @param {Event} e */
    const done = (e) => {
      if (e.target !== el) return;
      stopListening(el, cls);
      el.classList.remove(cls);
    };
    listening(el).set(cls, done);
    el.addEventListener("animationend", done);
    el.addEventListener("animationcancel", done);
  });
}

/** The "animationend" listener each element has waiting, by class: at most one,
 *  so a class restarted faster than its animation runs leaves no listener behind.
 * @type {WeakMap<Element, Map<string, (e: Event) => void>>} */
const waiting = new WeakMap();

/** @param {Element} el */
function listening(el) {
  let found = waiting.get(el);
  if (!found) waiting.set(el, (found = new Map()));
  return found;
}

/** @param {Element} el @param {string} cls */
function stopListening(el, cls) {
  const done = listening(el).get(cls);
  if (!done) return;
  el.removeEventListener("animationend", done);
  el.removeEventListener("animationcancel", done);
  listening(el).delete(cls);
}

/** Drop an in-flight transform at once (no transition back to the slot): the
 *  transition is switched off for one frame instead of forcing a layout.
 * @param {Element} el */
export function snapHome(el) {
  el.classList.add("spit-snap");
  el.classList.remove("spit-in-flight");
  nextFrame(el, () => el.classList.remove("spit-snap"));
}

/** @param {DOMRect} rect */
function mid(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/**
 * Lift `el` and start it travelling toward `target`; `fraction` of the way
 * (1 = onto the pile, less for a card the kernel will probably refuse). A
 * dragged card (`from`: its drag offset) travels on from where it was let go.
 */
/**
 * @param {HTMLElement} el
 * @param {Element | null} target
 * @param {number} [fraction]
 * @param {{x: number, y: number} | null} [from]
 */
export function launch(el, target, fraction = 1, from = null) {
  let dx = 0;
  let dy = 0;
  if (target) {
    const a = mid(el.getBoundingClientRect());
    if (from && el.classList.contains("spit-dragging")) {
      // The rect is where the card was dragged to; its place is `from` back.
      a.x -= from.x;
      a.y -= from.y;
    }
    const b = mid(target.getBoundingClientRect());
    dx = (b.x - a.x) * fraction;
    dy = (b.y - a.y) * fraction;
  }
  el.style.setProperty("--spit-dx", `${Math.round(dx)}px`);
  el.style.setProperty("--spit-dy", `${Math.round(dy)}px`);
  el.style.setProperty("--spit-rot", `${dx >= 0 ? 4 : -4}deg`);
  el.classList.add("spit-in-flight");
}

/**
 * Fly a clone of `code` from element `from` to element `to` inside `layer`.
 * Calls onDone exactly once (at the end, at once when animation is
 * unavailable, or when the returned cancel function is called).
 * @param {{layer: HTMLElement, from: Element, to: Element, code: string, fourColour?: boolean,
 *   duration?: number, onDone?: () => void}} flight
 * @returns {() => void} cancel
 */
export function flyCard({ layer, from, to, code, fourColour = false, duration = FLIGHT_MS, onDone }) {
  let finished = false;
  /** @type {HTMLElement | null} */
  let clone = null;
  const finish = () => {
    if (finished) return;
    finished = true;
    if (clone) clone.remove();
    if (onDone) onDone();
  };
  const L = layer.getBoundingClientRect();
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  if (!a.width || !b.width) {
    finish();
    return finish;
  }
  const card = createCard(layer.ownerDocument, code, { fourColour });
  clone = card;
  card.classList.add("spit-flying");
  Object.assign(card.style, {
    left: `${a.left - L.left}px`,
    top: `${a.top - L.top}px`,
    width: `${a.width}px`,
    height: `${a.height}px`,
  });
  layer.append(card);
  if (typeof card.animate !== "function") {
    finish();
    return finish;
  }
  const dx = b.left - a.left + (b.width - a.width) / 2;
  const dy = b.top - a.top + (b.height - a.height) / 2;
  const s = b.width / a.width;
  const anim = card.animate(
    [
      { transform: "translate(0px, 0px) scale(1) rotate(0deg)" },
      { transform: `translate(${dx * 0.55}px, ${dy * 0.55}px) scale(${1.08 * s}) rotate(-5deg)`, offset: 0.55 },
      { transform: `translate(${dx}px, ${dy}px) scale(${s}) rotate(0deg)` },
    ],
    { duration, easing: "cubic-bezier(.25,.7,.3,1)", fill: "forwards" },
  );
  anim.onfinish = finish;
  anim.oncancel = finish;
  return () => {
    try {
      anim.cancel();
    } catch {
      /* already gone */
    }
    finish();
  };
}
