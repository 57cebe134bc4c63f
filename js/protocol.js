// The page protocol, declared once on this side: the state the kernel
// publishes, the messages each side sends, and the move log the page keeps.
// spit_widget/widget/protocol.py declares the same shapes for the kernel, and
// tests/widget/test_protocol.py holds the two lists of kinds together.
//
// The log arrives as it grows: each state carries only its new events
// (`log_new`, appended here), so a play sends one small update, not the whole
// log again. A page whose log does not end where `state.log_seq` says asks for
// the whole log (`sync`); a new page finds it in the full state (`log`).

/** @import { AnyModel } from "@anywidget/types" */

/**
 * @typedef {{name: string, label: string}} PaceOption
 * @typedef {{top: string | null, count: number}} StockSlot
 * @typedef {{name: string, stock: StockSlot[], spit_count: number, cards_left: number,
 *   stuck: boolean}} Player
 * @typedef {{top: string | null, count: number, needs: string, owner: number | null}} CentrePile
 * @typedef {{plays: [string, number][], moves: [string, number][], can_stuck: boolean,
 *   can_spit: boolean, spit_label: string, slap: number[]}} You
 * @typedef {"deal" | "spit" | "play" | "flip" | "stuck" | "move" | "slap" | "take"
 *   | "round_end" | "game_end" | "refused"} LogKind  ("refused": the page's own line, never
 *   the kernel's: a refusal this view heard, kept in its log by refusal.js)
 * @typedef {{seq: number, kind: LogKind, player: number | null, text: string,
 *   card?: string | null, centre?: number | null, pile?: number | null}} LogEvent
 * @typedef {{termination: string, winner: number | null, cards_left: number[], text: string,
 *   title: string}} Outcome
 * @typedef {"refused" | "hint" | "info" | "error"} NoticeKind
 * @typedef {{id: number | null, seq: number, text: string, kind: NoticeKind,
 *   card?: string | null, centre?: number | null, view?: string | null,
 *   seat?: number | null, rule?: RuleRef | null}} Notice
 * @typedef {{id: string, name: string}} RuleRef  the rule a course's refusal or hint
 *   names (its id in learn.RULES, its name), for the page's link to read it
 * @typedef {{games?: number, wins?: number, losses?: number, draws?: number,
 *   win_rate?: number}} StatsSummary
 */

/**
 * The `state` trait (see docs/protocol.md).
 * @typedef {object} State
 * @property {"duel" | "classic"} variant
 * @property {"playing" | "round_over" | "game_over"} status
 * @property {number} round
 * @property {boolean} paused
 * @property {string} pace
 * @property {PaceOption[]} paces
 * @property {boolean} four_colour
 * @property {Player[]} players
 * @property {CentrePile[]} centre
 * @property {You} you
 * @property {string} status_text
 * @property {LogEvent[]} log_new  the events since the previous update
 * @property {boolean} log_whole   log_new is the whole log: replace, do not append
 * @property {number} log_seq   seq of the newest event of the game's log (-1: none)
 * @property {number} log_game  which game the log belongs to
 * @property {Outcome | null} outcome
 * @property {StatsSummary | null} stats
 * @property {Notice | null} message
 * @property {string | null} error
 * @property {string | null} opponent
 * @property {boolean} readonly
 */

/**
 * A two-person table (opponent="human"): the state adds who sits where
 * (SeatedState in protocol.py).
 * @typedef {"free" | "taken" | "away"} SeatStatus
 * @typedef {{seat: number, name: string, status: SeatStatus, view: string | null,
 *   stats?: object | null, spit_pressed?: boolean}} PublicSeat
 * @typedef {Outcome & {names?: string[]}} SeatedOutcome  the end dialog names both players
 * @typedef {State & {mode?: "human", table?: string, hot_seat?: boolean, seats?: PublicSeat[],
 *   spectators?: number, actions?: You[], watching_text?: string,
 *   outcome: SeatedOutcome | null}} SeatedState
 */

/**
 * Page -> kernel. Every message may carry an `id`; a refusal echoes it.
 * @typedef {{kind: "play", card: string, centre: number, seen?: (string | null)[], waited?: number,
 *   id?: number}} PlayMessage
 * @typedef {{kind: "stuck", id?: number}} StuckMessage
 * @typedef {{kind: "spit", id?: number}} SpitMessage
 * @typedef {{kind: "move", card: string, slot: number, id?: number}} MoveMessage
 * @typedef {{kind: "slap", centre: number, id?: number}} SlapMessage
 * @typedef {{kind: "pause", id?: number}} PauseMessage
 * @typedef {{kind: "resume", id?: number}} ResumeMessage
 * @typedef {{kind: "pace", pace: string, id?: number}} PaceMessage
 * @typedef {{kind: "new_game", id?: number}} NewGameMessage
 * @typedef {{kind: "visibility", hidden: boolean, id?: number}} VisibilityMessage
 * @typedef {{kind: "hint", id?: number}} HintMessage
 * @typedef {{kind: "sync", id?: number}} SyncMessage
 * @typedef {{kind: "end_interlude", id?: number}} EndInterludeMessage
 * @typedef {PlayMessage | StuckMessage | SpitMessage | MoveMessage | SlapMessage | PauseMessage
 *   | ResumeMessage | PaceMessage | NewGameMessage | VisibilityMessage | HintMessage
 *   | SyncMessage | EndInterludeMessage} PageMessage
 *
 * A page at a two-person table also sends these, and every message of a
 * seated page carries `view`, `token` and, for a game message, `seat`.
 * @typedef {{kind: "sit", view?: string, token?: string | null,
 *   name?: string}} SitMessage
 * @typedef {{kind: "leave" | "take" | "stand" | "name", view?: string, token?: string | null,
 *   seat?: number, name?: string}} SeatControlMessage
 * @typedef {SitMessage | SeatControlMessage} SeatPageMessage
 *
 * At a table against the computer the review panel (review.js) also sends
 * this (its seats take it; ReviewMessage in protocol.py):
 * @typedef {{kind: "review", do: "open" | "choose" | "try" | "next" | "retry" | "play_again",
 *   moment?: number}} ReviewMessage
 *
 * Kernel -> page (a custom message to every view; the one named takes it):
 * this view's token and the seats it holds (none: it watches).
 * @typedef {{kind: "seat", view: string | null, token: string | null, seats: number[]}} SeatMessage
 *
 * Kernel -> page once a second while a game is on; every view echoes it at
 * once with its own id, drawing nothing (echo.js, widget/network.py).
 * `holds` (only while a view has one, held.js): by view id, the ms that view
 * shows each state later.
 * @typedef {{kind: "ping", n: number, holds?: Record<string, number>}} PingMessage
 * @typedef {{kind: "echo", n: number, view: string}} EchoMessage
 *
 * Page -> kernel once as a view is drawn: the language of the page around it
 * (JupyterLab's, else the browser's; words.js). Like the echo, handled before
 * everything else.
 * @typedef {{kind: "language", language: string}} LanguageMessage
 */

/**
 * What the input code (actions.js, input.js, drag.js) is handed by its view:
 * `send` takes only the declared messages.
 * @typedef {object} Controls
 * @property {(msg: PageMessage) => number | void} send  returns the action's number (outbox.js)
 * @property {() => import("./types.js").ViewState} getState
 * @property {import("./types.js").Refs} refs
 * @property {import("./types.js").Ui} ui
 * @property {() => void} refresh
 * @property {(fn: () => void, ms: number) => import("./types.js").Timer} setTimer
 * @property {(t: import("./types.js").Timer) => void} clearTimer
 * @property {() => void} [endInterlude]  a click or key during the round interlude
 * @property {() => boolean} [swallowClick]  set by createController (drag.js)
 * @property {() => boolean} [linkDown]  whether the kernel is silent (link.js): a play waits, unflown
 * @property {{holds: (seq: number) => boolean, abandon: (seq: number) => boolean, isUp: () => boolean,
 *   answer: (seq: number) => string | null | undefined}} [outbox]
 * @property {(text: string, card: string | null) => void} [said]  a sentence of the page's own
 */

/** Every kind of message the page may send, in protocol.py's order. */
export const PAGE_KINDS = Object.freeze([
  "play", "stuck", "spit", "move", "slap", "pause", "resume", "pace", "new_game",
  "visibility", "hint", "sync", "end_interlude",
]);

/** The kinds only a page at a two-person table sends, in protocol.py's order. */
export const SEAT_KINDS = Object.freeze(["sit", "leave", "take", "stand", "name"]);

/** How many events the log keeps (the kernel sends no more than these at once). */
export const LOG_LENGTH = 60;

/**
 * The move log as one model keeps it: which game, and its newest events.
 * @typedef {{game: number, events: LogEvent[]}} LogBook
 */

/**
 * The book after one state: its new events appended (only those not held
 * yet; the newest LOG_LENGTH kept), or, for another game or a whole log, in
 * place of the old. A state without log fields changes nothing.
 * @param {LogBook} book
 * @param {Partial<State>} state
 * @returns {LogBook}
 */
export function receive(book, state) {
  if (!state || !Number.isInteger(state.log_game) || !Array.isArray(state.log_new)) return book;
  const fresh = state.log_whole === true || state.log_game !== book.game;
  const kept = fresh ? [] : book.events;
  const newest = kept.length ? kept[kept.length - 1].seq : -Infinity;
  const events = state.log_new.filter((e) => e && Number.isFinite(e.seq) && e.seq > newest);
  if (!fresh && !events.length) return book;
  return { game: /** @type {number} */ (state.log_game), events: kept.concat(events).slice(-LOG_LENGTH) };
}

/**
 * Does the book end where the state says the game's log ends?
 * @param {LogBook} book
 * @param {{log_seq?: unknown, log_game?: unknown}} state
 */
export function inStep(book, state) {
  if (!Number.isInteger(state.log_seq) || !Number.isInteger(state.log_game)) return true;
  const events = book.events;
  const newest = events.length ? events[events.length - 1].seq : -1;
  return book.game === state.log_game && newest === state.log_seq;
}

/**
 * The model's synced traits as the page sees them (`log` only in the full state).
 * @typedef {{state: State, log?: LogEvent[], size?: string, review_panel?: object,
 *   review_moment?: object, words?: object}} Traits  (the review's two traits: review.js
 *   reads them; `words`, the labels in the table's language: words.js)
 * @typedef {Pick<AnyModel<Traits>, "get" | "on" | "off" | "send">} Model
 */

/**
 * The one way a message goes to the kernel: checked against PageMessage.
 * @param {Model} model
 * @returns {(msg: PageMessage) => void}
 */
export function sender(model) {
  return (msg) => model.send(msg);
}

/**
 * The state with the model's move log: what the rest of the page draws.
 * Reading it brings the log up to date with the model's state.
 * @param {unknown} state  the model's `state`
 * @param {{book: () => LogBook}} log  the model's log (modelLog)
 * @returns {State & {log: LogEvent[]}}
 */
export function withLog(state, log) {
  const s = state && typeof state === "object" ? /** @type {State} */ (state) : /** @type {State} */ ({});
  const book = log.book();
  let events = book.events;
  const newest = events.length ? events[events.length - 1].seq : -Infinity;
  // A held state (held.js) is drawn with the log as far as it had reached,
  // not with the events that came since (they are the next states' news).
  if (book.game === s.log_game && Number.isInteger(s.log_seq) && newest > s.log_seq) {
    events = events.filter((e) => e.seq <= s.log_seq);
  }
  return { ...s, log: events };
}

/** @type {WeakMap<object, {book: LogBook, state: unknown, asked: string}>} */
const BOOKS = new WeakMap();

/**
 * The model's log, shared by every view of it: started from the full state
 * (`log`, for the game `state.log_game`), then kept by each state's `log_new`.
 * `book()` applies the current state first (once per state, however many
 * views read it); `check()` asks for the whole log when the book has a gap.
 * @param {Model} model
 * @returns {{book: () => LogBook, check: () => void}}
 */
export function modelLog(model) {
  let entry = BOOKS.get(model);
  if (!entry) {
    const state = model.get("state") || /** @type {Partial<State>} */ ({});
    const log = model.get("log");
    const start = {
      game: Number.isInteger(state.log_game) ? state.log_game : 0,
      events: Array.isArray(log) ? log.slice(-LOG_LENGTH) : [],
    };
    entry = { book: start, state: null, asked: "" };
    BOOKS.set(model, entry);
  }
  const e = entry;
  const book = () => {
    const state = model.get("state");
    if (state !== e.state) {
      e.state = state;
      e.book = receive(e.book, state || {});
    }
    return e.book;
  };
  return {
    book,
    // A gap (a view that started late, an update it missed): ask for the whole
    // log, once for each place the kernel's log has reached.
    check: () => {
      const state = model.get("state") || /** @type {Partial<State>} */ ({});
      const at = `${state.log_game}:${state.log_seq}`;
      if (e.asked === at || inStep(book(), state)) return;
      e.asked = at;
      sender(model)({ kind: "sync" });
    },
  };
}
