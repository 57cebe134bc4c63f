// Read-only helpers over the kernel's `state` snapshot (see docs/protocol.md).
// The front end knows no rules: everything here only looks things up in the
// lists the kernel publishes (you.plays, you.moves, you.slap, ...).

const EMPTY_YOU = Object.freeze({
  plays: [], moves: [], can_stuck: false, can_spit: false, spit_label: "Spit!", slap: [],
});

/** The state with every field the renderer touches present (never throws). */
export function normalise(state) {
  const s = state && typeof state === "object" ? state : {};
  const players = Array.isArray(s.players) ? s.players : [];
  const player = (i) => {
    const p = players[i] && typeof players[i] === "object" ? players[i] : {};
    const stock = Array.isArray(p.stock) ? p.stock.slice(0, 5) : [];
    while (stock.length < 5) stock.push({ top: null, count: 0 });
    return {
      name: typeof p.name === "string" ? p.name : i === 0 ? "You" : "Computer",
      stock: stock.map((x) => ({
        top: x && typeof x.top === "string" ? x.top : null,
        count: x && Number.isFinite(x.count) ? x.count : x && x.top ? 1 : 0,
      })),
      spit_count: Number.isFinite(p.spit_count) ? p.spit_count : 0,
      cards_left: Number.isFinite(p.cards_left) ? p.cards_left : 0,
      stuck: !!p.stuck,
    };
  };
  const you = { ...EMPTY_YOU, ...(s.you && typeof s.you === "object" ? s.you : {}) };
  for (const k of ["plays", "moves", "slap"]) if (!Array.isArray(you[k])) you[k] = [];
  return {
    ...s,
    variant: s.variant === "classic" ? "classic" : "duel",
    status: typeof s.status === "string" ? s.status : "playing",
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

/** Centre piles the card may go on, per you.plays (sorted, unique). */
export function fitsFor(state, card) {
  const out = new Set();
  for (const p of state.you.plays) if (Array.isArray(p) && p[0] === card) out.add(p[1]);
  return [...out].sort((a, b) => a - b);
}

/** Empty slots the card may move into, per you.moves (classic). */
export function movesFor(state, card) {
  const out = new Set();
  for (const m of state.you.moves) if (Array.isArray(m) && m[0] === card) out.add(m[1]);
  return [...out].sort((a, b) => a - b);
}

/** Your stock slot holding `card` on top, or -1. */
export function slotOf(state, card) {
  return state.players[0].stock.findIndex((x) => x.top === card);
}
