// Two people at one table (SpitWidget(opponent="human")): this view's seat.
//
// Each view makes up a view id (kept in sessionStorage per table, so a
// reloaded page gets its seat back) and sends "sit"; the kernel answers with a
// "seat" custom message: the view's token and the seats it holds (none: it
// watches). Every message then carries {view, token, seat}. The view's echo of
// the kernel's pings tells the kernel it is still there (a closed tab sends
// nothing; the kernel frees its seat after a grace period, and seats it again
// on its first echo if it comes back after that), and its disposer sends
// "leave". See docs/protocol.md.
//
// perspective() turns the kernel's snapshot into the one this view draws: its
// own seat at the bottom (players swapped for seat 2), its own actions as
// `you`, only the messages meant for it. Hot seat: one view holds both seats;
// seat 1 is at the bottom and seat 2 plays the top row with its own keys.

/**
 * The seat messages and state are declared in protocol.js (and protocol.py).
 * @typedef {import("./protocol.js").SeatMessage} SeatMessage
 * @typedef {import("./protocol.js").PublicSeat} PublicSeat
 * @typedef {import("./protocol.js").SeatedState} SeatedState
 * @typedef {import("./protocol.js").You} You
 * @typedef {import("./types.js").ViewState} ViewState
 * @typedef {import("./types.js").Win} Win
 */

// spit_label is the kernel's word, said in the page's language where shown (labels.js).
const NO_ACTIONS = Object.freeze({
  plays: [], moves: [], can_stuck: false, can_spit: false, spit_label: "Spit!", slap: [],
});
const NAME_KEY = "spit-widget-name";
/** @type {Map<string, Set<number>>} table -> the view indices in use on this page */
const liveIndices = new Map();

/** A fresh id for a view (a two-person table keeps its own; any view echoes pings with one). */
export function randomId() {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `v${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
}

/**
 * @param {Win} win @param {"sessionStorage" | "localStorage"} kind
 * @returns {Storage | null}
 */
function storage(win, kind) {
  try {
    return win[kind] || null;
  } catch {
    return null; // storage blocked (privacy settings, sandboxed frames)
  }
}

/**
 * This view's id: the n-th view of a table on this page keeps the same id
 * across a reload (sessionStorage is per tab). Returns {id, release()}.
 * @param {Win} win @param {unknown} table  the table's id (state.table)
 * @returns {{id: string, release: () => void}}
 */
export function viewIdentity(win, table) {
  const key = typeof table === "string" && table ? table : "";
  const used = liveIndices.get(key) || new Set();
  liveIndices.set(key, used);
  let n = 0;
  while (used.has(n)) n++;
  used.add(n);
  const store = key ? storage(win, "sessionStorage") : null;
  const slot = `spit-widget-view:${key}:${n}`;
  /** @type {string | null} */
  let id = null;
  try {
    id = store ? store.getItem(slot) : null;
    if (!id) {
      id = randomId();
      if (store) store.setItem(slot, id);
    }
  } catch {
    id = id || randomId();
  }
  return { id, release: () => used.delete(n) };
}

/** The name this browser last sat down with (shared by its tabs), or "". @param {Win} win */
export function savedName(win) {
  try {
    const s = storage(win, "localStorage");
    return (s && s.getItem(NAME_KEY)) || "";
  } catch {
    return "";
  }
}

/** @param {Win} win @param {string} name */
export function saveName(win, name) {
  try {
    const s = storage(win, "localStorage");
    if (s) s.setItem(NAME_KEY, name);
  } catch {
    // not kept: the kernel still has it for this table
  }
}

/**
 * The seats the view holds per the snapshot (state.seats[i].view).
 * @param {{seats?: PublicSeat[]}} state
 * @param {string} viewId
 * @returns {number[]}
 */
export function heldSeats(state, viewId) {
  const seats = Array.isArray(state.seats) ? state.seats : [];
  return seats.filter((s) => s && s.view === viewId && (s.seat === 0 || s.seat === 1)).map((s) => s.seat);
}

/** @param {ViewState} state @param {number} seat @returns {You} */
function actionsOf(state, seat) {
  const a = Array.isArray(state.actions) && state.actions[seat] && typeof state.actions[seat] === "object"
    ? state.actions[seat] : {};
  /** @type {You} */
  const you = { ...NO_ACTIONS, ...a };
  if (!Array.isArray(you.plays)) you.plays = [];
  if (!Array.isArray(you.moves)) you.moves = [];
  if (!Array.isArray(you.slap)) you.slap = [];
  return you;
}

/**
 * The other seat (anything else as it is).
 * @template T
 * @param {T} p
 */
const other = (p) => (p === 0 ? 1 : p === 1 ? 0 : p);

/** @param {ViewState} s @returns {ViewState} */
function swapSides(s) {
  /** @template T @param {T[]} x */
  const swapPair = (x) => (Array.isArray(x) && x.length === 2 ? [x[1], x[0]] : x);
  return {
    ...s,
    players: [s.players[1], s.players[0]],
    log: s.log.map((e) => (e && typeof e === "object" ? { ...e, player: other(e.player) } : e)),
    centre: s.centre.map((c) => (c && typeof c === "object" ? { ...c, owner: other(c.owner) } : c)),
    outcome: s.outcome ? {
      ...s.outcome, winner: other(s.outcome.winner), cards_left: swapPair(s.outcome.cards_left),
    } : null,
  };
}

/**
 * The snapshot as this view draws it. `seats`: the seats it holds (from the
 * kernel); `viewId`: its id. A computer game passes through untouched.
 * @param {ViewState} state
 * @param {number[]} seats
 * @param {string} viewId
 * @returns {ViewState} the state with this view's seat at the bottom (and its own `you`)
 */
export function perspective(state, seats, viewId) {
  if (state.mode !== "human") return state;
  const held = seats.filter((x) => x === 0 || x === 1);
  const bottom = held.length === 1 ? held[0] : 0;
  const m = state.message;
  /** @type {ViewState} */
  let s = {
    ...state,
    you: held.length ? actionsOf(state, bottom) : { ...NO_ACTIONS },
    topYou: held.length === 2 ? actionsOf(state, 1) : null,
    seat: held.length === 2 ? "both" : held.length ? String(bottom) : "watching",
    opponent: null,
    paces: [],
    message: m && m.view && m.view !== viewId ? null : m,
  };
  // A spectator, who cannot play, reads who is playing (the kernel's words).
  if (!held.length && typeof state.watching_text === "string") s.status_text = state.watching_text;
  const own = Array.isArray(state.seats) && state.seats[bottom] ? state.seats[bottom].stats : null;
  if (own && typeof own === "object") s.stats = own;
  if (bottom === 1) s = swapSides(s);
  return s;
}

/**
 * The seat a message from the bottom row acts for (hot seat: seat 1).
 * @param {number[]} seats
 * @returns {number | null}
 */
export function bottomSeat(seats) {
  return seats.length === 1 ? seats[0] : seats.length === 2 ? 0 : null;
}
