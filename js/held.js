// The nearer page's hold at a table of two people (widget/holds.py): this
// page shows every state the kernel sends `hold` ms after it arrived, so a
// change reaches both people's eyes at moments that put their clicks at the
// kernel equally late. Only what is drawn waits: the page's clicks go out at
// once, the echo answers at once, and the move log is read as each state
// arrives (a held state shows the log up to its own log_seq, protocol.js).
// The kernel names the view and its hold in the ping; no hold, no wait.
//
// A held state is shown by a timer, and also by the next message from the
// kernel (a state, a ping) that finds it due. A timer alone is not enough:
// a browser runs the messages waiting for a busy page (a slow machine, a
// background tab) before its timers, so a page kept busy by the kernel's
// messages can run a timer seconds late, and every state behind the first
// would wait with it. Messages keep coming once a second while a game is on
// (the ping), and once they stop the page is idle and the timer runs: either
// way a state is shown at most about a second after it is due.

/** The longest hold a page obeys (the kernel's MAX_HOLD_S). */
export const MAX_HOLD_MS = 500;
/**
 * A hold lapses when no ping has renewed it for this long. Pings come once a
 * second while a game is on; without them (paused, between games, seats
 * changing) there is no race to even, and a change such as a new name shows
 * at once rather than waiting on a timer a busy page may run late.
 */
export const HOLD_LAPSES_MS = 2500;

/**
 * The hold a ping gives view `viewId`, in ms (0: none, or nonsense).
 * @param {{holds?: unknown} | null} ping @param {string} viewId
 */
export function holdOf(ping, viewId) {
  const holds = ping && ping.holds;
  if (!holds || typeof holds !== "object") return 0;
  const ms = /** @type {Record<string, unknown>} */ (holds)[viewId];
  return typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_HOLD_MS) : 0;
}

/**
 * @template T
 * @typedef {object} Held
 * @property {() => T} shown  the state to draw now
 * @property {(state: T) => void} arrive  a state came from the kernel
 * @property {() => void} release  any other message came (a ping): show what is due
 * @property {(ms: number) => void} setHold
 * @property {() => number} hold  the hold now (ms)
 * @property {() => number} waiting  states that arrived and are not shown yet
 */

/**
 * The states a view draws, each `hold` ms after it came, in the order they
 * came (a shorter hold never lets a state overtake one already waiting).
 * `show()` is called each time the state to draw changes. Due states are
 * shown by the timer or by the next `arrive`/`release`, whichever runs first.
 * @template T
 * @param {T} first  the state shown at the start
 * @param {{now: () => number, setTimer: (fn: () => void, ms: number) => unknown}} clock
 * @param {() => void} show
 * @returns {Held<T>}
 */
export function createHeld(first, clock, show) {
  let shown = first;
  let hold = 0;
  let renewed = -Infinity; // when a ping last set the hold
  const holdNow = () => (clock.now() - renewed <= HOLD_LAPSES_MS ? hold : 0);
  /** @type {{state: T, due: number}[]} */
  const queue = [];
  let timed = false; // a timer is set (it may run late: see above)
  const showDue = () => {
    const now = clock.now();
    while (queue.length && queue[0].due <= now) {
      shown = /** @type {{state: T}} */ (queue.shift()).state;
      show();
    }
  };
  const wait = () => {
    // One timer at a time: the states come in order of their due times, and a
    // timer that finds nothing due (a message showed it first) sets the next.
    if (timed || !queue.length) return;
    timed = true;
    clock.setTimer(() => {
      timed = false;
      try {
        showDue();
      } finally {
        wait(); // a draw that throws must not leave the states behind it waiting
      }
    }, Math.max(0, queue[0].due - clock.now()));
  };
  return {
    shown: () => shown,
    arrive(state) {
      showDue(); // those due before it first, even if their timer is late
      const ms = holdNow();
      if (ms <= 0 && !queue.length) {
        shown = state;
        show();
        return;
      }
      const last = queue.length ? queue[queue.length - 1].due : -Infinity;
      queue.push({ state, due: Math.max(clock.now() + ms, last) });
      wait();
    },
    release() {
      showDue();
      wait();
    },
    setHold(ms) {
      hold = Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_HOLD_MS) : 0;
      renewed = clock.now();
    },
    hold: holdNow,
    waiting: () => queue.length,
  };
}
