// The page's own records, declared once for the type checker (JSDoc only:
// nothing here runs, and esbuild bundles nothing of it). A view (widget.js)
// owns its elements (build.js), its UI state, its seats (seatview.js) and the
// controller its input makes (input.js); the modules that take a part of the
// view name these shapes instead of restating them. The wire's shapes (the
// state, the messages) are protocol.js's.

/**
 * @import { LogBook, LogEvent, Model, PageMessage, SeatedState, You } from "./protocol.js"
 * @import { NoticeUi } from "./notice.js"
 * @import { LoggedRefusal } from "./refusal.js"
 */

/**
 * @typedef {number} Timer  a handle from the window's setTimeout
 * @typedef {Window | typeof globalThis} Win  a view's window: its document's, else the global one
 */

/**
 * One stock slot's elements. `card` is a <button> in your row, an image
 * <span> in the other; `key` is the digit under your own piles.
 * @typedef {object} StockRef
 * @property {HTMLDivElement} el
 * @property {HTMLDivElement} backs
 * @property {HTMLDivElement} anchor
 * @property {HTMLButtonElement | HTMLSpanElement} card
 * @property {HTMLSpanElement} count
 * @property {HTMLElement | null} key
 * @property {number} shownBacks  how many card edges are drawn under the top (-1: none yet)
 */

/**
 * @typedef {{el: HTMLDivElement, back: HTMLElement, num: HTMLSpanElement, label: HTMLDivElement}} SpitPileRef
 * @typedef {{el: HTMLDivElement, btn: HTMLButtonElement, anchor: HTMLSpanElement,
 *   face: HTMLSpanElement, count: HTMLSpanElement, needs: HTMLDivElement}} CentreRef
 */

/**
 * Every element of one view's table (buildTable, build.js), and what the
 * patching (table.js) remembers of what it drew.
 * @typedef {object} Refs
 * @property {Document} doc
 * @property {HTMLDivElement} root
 * @property {StockRef[][]} stocks  by player (0: the bottom row), then slot
 * @property {CentreRef[]} centres
 * @property {HTMLSpanElement[]} names
 * @property {HTMLSpanElement[]} stuckChips
 * @property {number[]} logSeqs  the seqs of the log lines shown
 * @property {number | undefined} logGame  the game those lines belong to
 * @property {string} pacesKey  the paces the <select> was filled with
 * @property {boolean} logStick  follow the newest log line (the reader has not scrolled up)
 * @property {boolean} [logScrollPending]
 * @property {Interlude | null} [interludeShown]
 * @property {HTMLDivElement} header
 * @property {HTMLSpanElement} variant
 * @property {HTMLDivElement} stats
 * @property {HTMLSelectElement} pace
 * @property {HTMLSpanElement} paceNote  "adjusted for your 180 ms connection", while it is
 * @property {HTMLButtonElement} pause
 * @property {HTMLButtonElement} hint
 * @property {HTMLButtonElement} newGame
 * @property {HTMLDivElement} table
 * @property {HTMLDivElement} middle
 * @property {SpitPileRef[]} spitPiles
 * @property {HTMLDivElement} centreRow
 * @property {HTMLDivElement} interlude
 * @property {HTMLDivElement} interludeTitle
 * @property {HTMLUListElement} interludeLines
 * @property {HTMLDivElement} interludeCards
 * @property {HTMLButtonElement} stuck
 * @property {HTMLButtonElement} spit
 * @property {HTMLDivElement} status
 * @property {HTMLDivElement} message
 * @property {HTMLButtonElement} messageRule  the link to read the rule the message names
 * @property {HTMLDivElement} callout  a refusal by the card it refused (refusal.js)
 * @property {HTMLSpanElement} calloutText
 * @property {HTMLButtonElement} calloutRule
 * @property {HTMLDivElement} prompt
 * @property {HTMLDivElement} cardsLeft
 * @property {HTMLOListElement} log
 * @property {HTMLDetailsElement} error
 * @property {HTMLPreElement} errorPre
 * @property {HTMLDivElement} dialog
 * @property {HTMLHeadingElement} dialogTitle
 * @property {HTMLParagraphElement} dialogText
 * @property {HTMLParagraphElement} dialogCards
 * @property {HTMLButtonElement} dialogNew
 * @property {HTMLButtonElement} dialogClose
 * @property {HTMLDivElement} fx  the layer other players' cards fly in
 * @property {HTMLDivElement} live  the screen reader's live region
 * @property {HTMLDivElement} link  says the kernel is silent (link.js; made by widget.js)
 */

/**
 * @typedef {{card: string, slot: number}} Selected  the card picked up, and its pile
 * @typedef {{kind: "play", card: string, slot: number, centre: number, timer: Timer, seq?: number,
 *   queued?: boolean, overdue?: boolean}} PendingPlay
 *   a play sent and not yet confirmed or refused (by its message id); `seq`, its action's
 *   number (outbox.js); `queued`, made while the link was down (it waits, unflown)
 * @typedef {{round: number | undefined, lines: string[], cards: string}} Interlude
 *   how the last round ended (the round as the state says, which it always does)
 */

/**
 * A view's own UI state (freshUi, widget.js): what the player has picked up
 * or chosen, the plays on their way, and what the message line holds.
 * @typedef {object} UiFields
 * @property {Selected | null} selected
 * @property {number | null} slotTarget  classic: the empty pile chosen to move a card into
 * @property {number | null} chosen  the centre pile chosen with the arrow keys
 * @property {string | (() => string)} prompt  a function: said again at each refresh (a new language)
 * @property {Map<number, PendingPlay>} pending
 * @property {Set<string>} inFlight  cards travelling to a pile
 * @property {Set<string>} [queued]  cards played while the link is down, waiting unflown (link.js)
 * @property {Set<number>} hold  centres whose face waits for a flying card to land
 * @property {boolean} dialogDismissed
 * @property {boolean} rendered
 * @property {Interlude | null} interlude
 * @property {number} nextId  the id of this view's next message
 * @property {number | null} [playableAt]  page clock (ms) since a card of yours showed playable (echo.js)
 * @property {LoggedRefusal[]} refusals  the refusals this view heard, for its move log
 * @property {boolean} [quietFits]  mark no card as fitting (the review's try: review.js)
 * @typedef {UiFields & NoticeUi} Ui
 */

/**
 * The state a view draws: the kernel's snapshot, normalised (state.js), with
 * the model's move log and, at a two-person table, this view's side of it
 * (seats.js: `seat` "0", "1", "both" or "watching"; `topYou`, the top row's
 * actions in hot seat). normalise() vouches for every field but the few
 * passed through unchecked (`Unchecked`), which may be missing.
 * @typedef {"round" | "pace" | "log_new" | "log_whole" | "log_seq" | "log_game"} Unchecked
 * @typedef {Omit<SeatedState, Unchecked> & Partial<Pick<SeatedState, Unchecked>>
 *   & {log: LogEvent[], seat?: string, topYou?: You | null, pace_note?: string}} ViewState
 */

/**
 * What a view's seats do (attachSeats, seatview.js): at a computer's table,
 * pass everything through.
 * @typedef {object} Seats
 * @property {() => ViewState} read  the snapshot this view draws
 * @property {(msg: PageMessage) => void} send
 * @property {(state: ViewState) => void} onRefresh
 * @property {() => void} dispose
 * @property {string} [id]  a two-person table's view id (the echo answers with it)
 */

/**
 * The actions of actions.js bound to one view's controls (their first
 * argument, `ctx`, taken away).
 * @typedef {typeof import("./actions.js")} Actions
 * @typedef {{[K in keyof Actions as Actions[K] extends (...args: any[]) => unknown ? K : never]:
 *   Actions[K] extends (ctx: any, ...args: infer A) => infer R ? (...args: A) => R : never}} BoundActions
 */

/**
 * The DOM handlers a controller hands its view (input.js, drag.js).
 * @typedef {object} Handlers
 * @property {(e: MouseEvent) => void} onClick
 * @property {(e: KeyboardEvent) => void} onKeyDown
 * @property {(e: KeyboardEvent) => void} onKeyUp
 * @property {(e: Event) => void} onChange
 * @property {(e: PointerEvent) => void} onPointerDown
 * @property {(e: PointerEvent) => void} onPointerMove
 * @property {(e: PointerEvent) => void} onPointerUp
 * @property {(e: PointerEvent) => void} onPointerCancel
 * @property {() => boolean} swallowClick  true for the click a browser fires after a drag
 * @typedef {BoundActions & Handlers} Controller
 */

/**
 * One rendered view of a table (render, widget.js).
 * @typedef {object} View
 * @property {Model} model
 * @property {HTMLElement} el
 * @property {Document} doc
 * @property {Win} win
 * @property {Refs} refs
 * @property {Ui} ui
 * @property {ViewState} state
 * @property {{book: () => LogBook, check: () => void}} log  the model's move log (protocol.js)
 * @property {import("./held.js").Held<import("./protocol.js").State>} held  the model's states as this view draws them
 * @property {number} lastSeq  the newest log event read
 * @property {string} lastMessage  the key of the kernel's message last read
 * @property {string} lastOutcome  the key of the outcome last read
 * @property {Set<Timer>} timers
 * @property {Map<number, () => void>} flights  by centre: cancels a card flying there
 * @property {boolean} disposed
 * @property {number | null} raf
 * @property {(fn: () => void, ms: number) => Timer} setTimer
 * @property {(t: Timer) => void} clearTimer
 * @property {() => void} refresh
 * @property {(raw: unknown) => ViewState} normalise  the state with the model's log
 * @property {Seats} seats
 * @property {string} id  this view's id (a seat's, or one of its own): its actions and echoes carry it
 * @property {ReturnType<typeof import("./outbox.js").createOutbox>} outbox  actions until acknowledged
 * @property {ReturnType<typeof import("./link.js").createLink>} link  whether the kernel answers
 * @property {() => void} endInterlude
 * @property {Controller} ctrl
 * @property {{restore: () => void, dispose: () => void}} [focus]
 * @property {boolean} [dealt]  the last state dealt anew
 * @property {Timer | null} [interludeTimer]
 * @property {() => void} [unreveal]
 * @property {() => void} [unfit]
 * @property {{refresh: () => void, dispose: () => void}} [review]  the review panel (review.js)
 */

export {};
