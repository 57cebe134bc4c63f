// Read-only helpers over the kernel's `state` snapshot (see docs/protocol.md).
// The front end knows no rules: everything here only looks things up in the
// lists the kernel publishes (you.plays, you.moves, you.slap, ...).

/**
 * @import { Player, You } from "./protocol.js"
 * @import { ViewState } from "./types.js"
 */

// spit_label is the kernel's word, said in the page's language where shown (labels.js).
const EMPTY_YOU = Object.freeze({
  plays: [], moves: [], can_stuck: false, can_spit: false, spit_label: "Spit!", slap: [],
});

/**
 * A finite number (Number.isFinite, which the type checker does not read as a test).
 * @param {unknown} x
 * @returns {x is number}
 */
export function isFiniteNumber(x) {
  return Number.isFinite(x);
}

/**
 * The state with every field the renderer touches present (never throws).
 * @param {unknown} state  the kernel's snapshot with the model's log
 * @returns {ViewState}
 */
export function normalise(state) {
  /** @type {Record<string, any>} the snapshot as it came: any field may be anything until checked */
  const s = state && typeof state === "object" ? state : {};
  const players = Array.isArray(s.players) ? s.players : [];
  /** @param {number} i @returns {Player} */
  const player = (i) => {
    /** @type {Record<string, any>} one player's part, unchecked like the rest */
    const p = players[i] && typeof players[i] === "object" ? players[i] : {};
    const stock = Array.isArray(p.stock) ? p.stock.slice(0, 5) : [];
    while (stock.length < 5) stock.push({ top: null, count: 0 });
    return {
      // The kernel's names at a computer's table, said in the page's language where shown (labels.js).
      name: typeof p.name === "string" ? p.name : i === 0 ? "You" : "Computer",
      stock: stock.map((/** @type {any} a slot as it came */ x) => ({
        top: x && typeof x.top === "string" ? x.top : null,
        count: x && Number.isFinite(x.count) ? x.count : x && x.top ? 1 : 0,
      })),
      spit_count: Number.isFinite(p.spit_count) ? p.spit_count : 0,
      cards_left: Number.isFinite(p.cards_left) ? p.cards_left : 0,
      stuck: !!p.stuck,
    };
  };
  /** @type {You} */
  const you = { ...EMPTY_YOU, ...(s.you && typeof s.you === "object" ? s.you : {}) };
  if (!Array.isArray(you.plays)) you.plays = [];
  if (!Array.isArray(you.moves)) you.moves = [];
  if (!Array.isArray(you.slap)) you.slap = [];
  return {
    ...s,
    variant: s.variant === "classic" ? "classic" : "duel",
    // Any other word passes through as it came (the root's data-status shows it).
    status: typeof s.status === "string" ? /** @type {ViewState["status"]} */ (s.status) : "playing",
    paused: !!s.paused,
    four_colour: !!s.four_colour,
    paces: Array.isArray(s.paces) ? s.paces : [],
    players: [player(0), player(1)],
    centre: Array.isArray(s.centre) ? s.centre.slice(0, 2) : [],
    you,
    log: Array.isArray(s.log) ? s.log : [],
    outcome: s.outcome && typeof s.outcome === "object" ? s.outcome : null,
    stats: s.stats && typeof s.stats === "object" ? s.stats : null,
    message: s.message && typeof s.message === "object" ? s.message : null,
    error: s.error == null || s.error === "" ? null : String(s.error),
    status_text: s.status_text == null ? "" : String(s.status_text),
    readonly: !!s.readonly,
    opponent: typeof s.opponent === "string" ? s.opponent : null,
  };
}

/**
 * Centre piles the card may go on, per you.plays (sorted, unique).
 * @param {{you: You}} state @param {string} card
 * @returns {number[]}
 */
export function fitsFor(state, card) {
  /** @type {Set<number>} */
  const out = new Set();
  for (const p of state.you.plays) if (Array.isArray(p) && p[0] === card) out.add(p[1]);
  return [...out].sort((a, b) => a - b);
}

/**
 * Empty slots the card may move into, per you.moves (classic).
 * @param {{you: You}} state @param {string} card
 * @returns {number[]}
 */
export function movesFor(state, card) {
  /** @type {Set<number>} */
  const out = new Set();
  for (const m of state.you.moves) if (Array.isArray(m) && m[0] === card) out.add(m[1]);
  return [...out].sort((a, b) => a - b);
}

/**
 * Your stock slot holding `card` on top, or -1.
 * @param {{players: Player[]}} state @param {string} card
 */
export function slotOf(state, card) {
  return state.players[0].stock.findIndex((x) => x.top === card);
}
