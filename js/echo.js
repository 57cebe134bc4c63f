// The kernel's ping, echoed at once: the kernel times each view's round trip
// with it (widget/network.py) and compensates the computer for the person's
// network, and a page that stops echoing has gone (a dropped connection).
// Nothing is drawn for a ping: the echo is one small message back.

/** @import { Model } from "./protocol.js" */

/**
 * Echo every ping of `model` as view `viewId`, then hand it to `onPing` (the
 * hold it carries, held.js); returns the function that stops.
 * @param {Pick<Model, "on" | "off" | "send">} model @param {string} viewId
 * @param {(ping: {holds?: unknown}) => void} [onPing]
 */
export function echoPings(model, viewId, onPing) {
  /** @param {{kind?: unknown, n?: unknown, holds?: unknown} | null} msg  any custom message: checked here */
  const onMessage = (msg) => {
    if (!msg || msg.kind !== "ping" || !Number.isInteger(msg.n)) return;
    try {
      model.send({ kind: "echo", n: /** @type {number} */ (msg.n), view: viewId });
    } catch {
      // the model is gone (widget closed): nothing to echo
    }
    if (onPing) onPing(msg);
  };
  model.on("msg:custom", onMessage);
  return () => model.off("msg:custom", onMessage);
}

/**
 * The page's clock for Match me: from a card showing playable to the click,
 * so a network's round trip is no part of the reaction. `seen(state, ui, now)`
 * after each drawn state; `take(ui, now)` at a play, the milliseconds waited
 * (undefined when the clock was not running).
 * @param {{status: string, paused: boolean, you: {plays: unknown[]}}} state
 * @param {{pending: Map<number, {kind: string}>, playableAt?: number | null}} ui
 * @param {number} now
 */
export function seenPlayable(state, ui, now) {
  for (const p of ui.pending.values()) if (p.kind === "play") return; // your card is on its way
  const can = state.status === "playing" && !state.paused && state.you.plays.length > 0;
  if (!can) ui.playableAt = null;
  else if (ui.playableAt == null) ui.playableAt = now;
}

/** @param {{playableAt?: number | null}} ui @param {number} now @returns {number | undefined} */
export function takeWaited(ui, now) {
  const since = ui.playableAt;
  ui.playableAt = null;
  return since == null ? undefined : Math.max(0, Math.round(now - since));
}
