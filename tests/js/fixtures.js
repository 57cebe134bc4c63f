// Shared test fixtures: snapshots shaped like docs/protocol.md and a fake
// anywidget model (get/set/on/off/send/save_changes).

export const PACES = [
  { name: "slow", label: "Slow" },
  { name: "normal", label: "Normal" },
  { name: "fast", label: "Fast" },
];

export function duelState(over = {}) {
  return {
    variant: "duel",
    status: "playing",
    round: 1,
    paused: false,
    pace: "normal",
    paces: PACES,
    four_colour: false,
    players: [
      {
        name: "You",
        stock: [
          { top: "7S", count: 1 },
          { top: "2H", count: 2 },
          { top: null, count: 0 },
          { top: "QC", count: 4 },
          { top: "KD", count: 5 },
        ],
        spit_count: 11, cards_left: 23, stuck: false,
      },
      {
        name: "Computer",
        stock: [
          { top: "AH", count: 1 },
          { top: "9C", count: 2 },
          { top: "TD", count: 3 },
          { top: "4S", count: 4 },
          { top: "3S", count: 5 },
        ],
        spit_count: 10, cards_left: 25, stuck: false,
      },
    ],
    centre: [
      { top: "6H", count: 3, needs: "needs 5 or 7", owner: 0 },
      { top: "JD", count: 1, needs: "needs 10 or Q", owner: 1 },
    ],
    // 7S fits the left pile only, QC the right only, KD fits both (test data,
    // the front end must not care whether that is "legal").
    you: {
      plays: [["7S", 0], ["QC", 1], ["KD", 0], ["KD", 1]],
      moves: [], can_stuck: true, can_spit: false, spit_label: "Spit!", slap: [],
    },
    status_text: "Computer is thinking",
    log: [
      { seq: 1, player: null, kind: "deal", text: "Cards dealt: 26 each." },
      { seq: 2, player: null, kind: "spit", text: "Spit! 5♥ and J♦ start the centre piles." },
      { seq: 3, player: 1, kind: "play", text: "The computer plays 6♥ on the left pile.", card: "6H", centre: 0, pile: 1 },
    ],
    outcome: null,
    stats: { games: 3, wins: 2, win_rate: 0.667 },
    message: null,
    error: null,
    ...over,
  };
}

export function classicState(over = {}) {
  const s = duelState();
  s.variant = "classic";
  s.round = 2;
  s.players[0].stock = [
    { top: null, count: 0 },
    { top: "8H", count: 2 },
    { top: "2C", count: 3 },
    { top: "5S", count: 1 },
    { top: "QD", count: 4 },
  ];
  s.centre = [
    { top: "9D", count: 7, needs: "needs 8 or 10", owner: 0 },
    { top: "KS", count: 2, needs: "needs Q or A", owner: 1 },
  ];
  s.you = {
    plays: [["8H", 0], ["QD", 1]],
    moves: [["8H", 0], ["2C", 0], ["QD", 0]],
    can_stuck: false, can_spit: true, spit_label: "Spit!", slap: [],
  };
  return { ...s, ...over };
}

/** Deep copy with changes applied by `fn(copy)`. */
export function evolve(state, fn) {
  const s = structuredClone(state);
  fn(s);
  return s;
}

/**
 * What the kernel publishes for a snapshot written with its log (as the
 * fixtures above are): the state with only the log's new events (`log_new`,
 * all of them when `whole`), and where the log ends.
 */
function split(snapshot, game, newest, whole) {
  const { log = [], ...rest } = snapshot;
  const seq = log.length ? log[log.length - 1].seq : -1;
  const fresh = whole ? log : log.filter((e) => e.seq > newest);
  const state = { log_new: fresh, log_whole: whole, log_seq: seq, log_game: game, ...rest };
  return { state, log };
}

/**
 * A fake anywidget model that speaks the protocol as the kernel does: the
 * full state (`state` and `log`) at first, then for each `publish(snapshot)`
 * a state carrying the new log events (the whole log for a new game: a lower
 * newest seq). `publish(s, {lost: true})` drops the events on the way.
 */
export function fakeModel(initial) {
  let game = 1;
  let { state, log } = split(initial, game, -Infinity, true);
  const handlers = new Map();
  const fire = (name, ...args) => {
    for (const cb of [...(handlers.get(name) || [])]) cb(...args);
  };
  let words = {};
  const model = {
    sent: [], // what the page sent, without the outbox's numbering (outbox.js)
    wire: [], // exactly as sent
    languages: [], // the language each view said as it was drawn (kept apart, as the kernel does)
    get(name) {
      if (name === "state") return state;
      if (name === "words") return words;
      return name === "log" ? log : undefined;
    },
    set(name, value) {
      if (name === "state") state = value;
    },
    /** What the kernel does when the table's language changes: new words. */
    speak(next) {
      words = next;
      fire("change:words");
    },
    save_changes() {},
    on(name, cb) {
      if (!handlers.has(name)) handlers.set(name, new Set());
      handlers.get(name).add(cb);
    },
    off(name, cb) {
      if (name == null) return handlers.clear();
      if (!handlers.has(name)) return;
      if (cb == null) handlers.delete(name);
      else handlers.get(name).delete(cb);
    },
    send(msg) {
      model.wire.push(structuredClone(msg));
      if (msg.kind === "language") return void model.languages.push(msg.language);
      const rest = { ...msg };
      delete rest.seq;
      delete rest.base;
      if (msg.seq != null && !("token" in rest)) delete rest.view; // the outbox's view id
      model.sent.push(structuredClone(rest));
    },
    listenerCount(name) {
      return handlers.has(name) ? handlers.get(name).size : 0;
    },
    /** What the kernel does: publish the next snapshot (its log as news). */
    publish(next, { lost = false, whole = false } = {}) {
      const newest = state.log_seq;
      const nextNewest = next.log && next.log.length ? next.log[next.log.length - 1].seq : -1;
      const newGame = nextNewest < newest;
      if (newGame) game += 1;
      const parts = split(next, game, newest, whole || newGame);
      log = parts.log;
      state = lost ? { ...parts.state, log_new: [], log_whole: false } : parts.state;
      fire("change:state");
    },
    last() {
      return model.sent[model.sent.length - 1];
    },
    /** What the kernel's widget.send() does: a custom message to every view. */
    emitCustom(msg) {
      for (const cb of [...(handlers.get("msg:custom") || [])]) cb(msg, []);
    },
  };
  return model;
}
