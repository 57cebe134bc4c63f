// Exactly once across a bad link (widget/delivery.py is the kernel's half).
//
// Every action this view sends gets a number (`seq`, increasing; it starts
// from the clock so that a reloaded page never reuses one) and `base`, the
// lowest number it still holds. The outbox keeps each action until the
// kernel's `ack` says it was handled; the kernel applies each number at most
// once and answers a repeat without applying it. So an action is sent again,
// safely, whenever its fate is unknown: when the link comes back after a
// silence (link.js), and at a ping when it has waited RESEND_MS unanswered.
// While the link is down nothing is sent: the actions wait here, in order.

/** @import { PageMessage } from "./protocol.js" */

/** An action unanswered this long is sent again at the next ping. */
export const RESEND_MS = 3000;

/**
 * @typedef {{seq: number, msg: object, sentAt: number, tries: number}} Held
 *   an action on its way: its number, the message, when it last went, how often
 * @typedef {{kind?: unknown, view?: unknown, seq?: unknown, upto?: unknown, refused?: unknown}} Ack
 */

/**
 * The kernel's last 64 answers by action number: its refusal, or null (handled).
 */
function lastAnswers() {
  /** @type {Map<number, string | null>} */
  const answers = new Map();
  return {
    /** @param {number} seq @param {string | null} refused */
    set(seq, refused) {
      answers.set(seq, refused);
      for (const old of answers.keys()) {
        if (answers.size <= 64) break;
        answers.delete(old);
      }
    },
    /** @param {number} seq */
    get: (seq) => answers.get(seq),
  };
}

/**
 * The kernel's answer `ack`: true when it was for `view` (what it settles leaves `held`).
 * @param {string} view @param {Map<number, Held>} held @param {ReturnType<typeof lastAnswers>} answers
 * @param {Ack | null} ack
 */
function settle(view, held, answers, ack) {
  if (!ack || ack.kind !== "ack" || ack.view !== view) return false;
  const upto = Number.isInteger(ack.upto) ? /** @type {number} */ (ack.upto) : -Infinity;
  for (const seq of [...held.keys()]) {
    if (seq !== ack.seq && seq > upto) continue;
    held.delete(seq);
    if (seq !== ack.seq) answers.set(seq, null);
  }
  if (Number.isInteger(ack.seq)) {
    answers.set(/** @type {number} */ (ack.seq), typeof ack.refused === "string" ? ack.refused : null);
  }
  return true;
}

/**
 * @param {{view: string, transmit: (msg: object) => void, now: () => number, first?: number}} options
 *   `transmit` puts a message on the wire; `first`: the first number (the clock's by default)
 */
export function createOutbox({ view, transmit, now, first }) {
  let next = first ?? Date.now() * 1000;
  let up = true;
  let resent = 0;
  /** @type {Map<number, Held>} */
  const held = new Map();
  const answers = lastAnswers();

  const base = () => {
    for (const seq of held.keys()) return seq; // a Map keeps insertion order: the lowest
    return next;
  };
  /** @param {Held} h */
  const send = (h) => {
    h.sentAt = now();
    h.tries += 1;
    if (h.tries > 1) resent += 1;
    try {
      transmit({ ...h.msg, view, seq: h.seq, base: base() });
    } catch {
      // the model is gone (widget closed): nothing more to send
    }
  };

  return {
    /**
     * Send an action (now, or when the link is back); returns its number.
     * @param {object} msg
     */
    post(msg) {
      const h = { seq: next++, msg, sentAt: now(), tries: 0 };
      held.set(h.seq, h);
      if (up) send(h);
      return h.seq;
    },
    /**
     * The kernel's answer: true when it was for this view (what it settles is dropped).
     * @param {Ack | null} ack
     */
    ack(ack) {
      return settle(view, held, answers, ack);
    },
    /** The link is down: hold everything until it is back. */
    down() {
      up = false;
    },
    /** The kernel answers again: send what is unanswered, in order. */
    up() {
      up = true;
      for (const h of [...held.values()]) send(h);
    },
    /** A ping came: send again what has waited RESEND_MS unanswered. */
    ping() {
      if (!up) return;
      const t = now();
      for (const h of [...held.values()]) if (t - h.sentAt >= RESEND_MS) send(h);
    },
    /**
     * Give up on action `seq` (the page tells its person); the next message's
     * `base` tells the kernel never to apply it. True if it was still held.
     * @param {number} seq
     */
    abandon(seq) {
      return held.delete(seq);
    },
    /** @param {number} seq */
    holds(seq) {
      return held.has(seq);
    },
    /**
     * How the kernel answered action `seq`: its refusal, null (handled: applied,
     * or its answer known only as settled), undefined (no answer yet).
     * @param {number} seq
     */
    answer(seq) {
      return answers.get(seq);
    },
    /** Whether the link is up (false: actions wait here). */
    isUp: () => up,
    /** How many actions wait for an answer. */
    size: () => held.size,
    /** How many times an action was sent again (for tests and the curious: data-resent). */
    resent: () => resent,
  };
}
