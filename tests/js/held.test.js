import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { HOLD_LAPSES_MS, MAX_HOLD_MS, createHeld, holdOf } from "../../js/held.js";
import { duelState, evolve, fakeModel } from "./fixtures.js";

const { render } = widget;
/** @type {(() => void)[]} */
let cleanups = [];

afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the hold a ping gives", () => {
  it("is this view's own, in ms, at most MAX_HOLD_MS, and none for nonsense", () => {
    expect(holdOf({ holds: { me: 150, other: 40 } }, "me")).toBe(150);
    expect(holdOf({ holds: { other: 40 } }, "me")).toBe(0);
    expect(holdOf({}, "me")).toBe(0);
    expect(holdOf({ holds: { me: 9000 } }, "me")).toBe(MAX_HOLD_MS);
    for (const junk of ["150", -5, NaN, null]) expect(holdOf({ holds: { me: junk } }, "me")).toBe(0);
    expect(holdOf({ holds: "me" }, "me")).toBe(0);
  });
});

describe("the states a view draws", () => {
  function clocked() {
    let now = 0;
    /** @type {{at: number, fn: () => void}[]} */
    const timers = [];
    return {
      now: () => now,
      setTimer: (/** @type {() => void} */ fn, /** @type {number} */ ms) => timers.push({ at: now + ms, fn }),
      advance(/** @type {number} */ ms) {
        now += ms;
        for (let t = timers.find((x) => x.at <= now); t; t = timers.find((x) => x.at <= now)) {
          timers.splice(timers.indexOf(t), 1);
          t.fn();
        }
      },
      /** Time passes and no timer runs: a page busy with the kernel's messages runs them first. */
      starve(/** @type {number} */ ms) {
        now += ms;
      },
    };
  }

  it("are shown at once once the pings that set the hold have stopped (no game on: nothing to race)", () => {
    const clock = clocked();
    const shown = [];
    const held = createHeld("a", clock, () => shown.push(held.shown()));
    held.setHold(300);
    held.arrive("b"); // a ping just set the hold: held
    expect(shown).toEqual([]);
    clock.advance(300);
    expect(shown).toEqual(["b"]);
    clock.starve(HOLD_LAPSES_MS + 1); // no ping since: the game is paused or over
    held.arrive("renamed");
    expect(shown).toEqual(["b", "renamed"]);
    expect(held.hold()).toBe(0);
    held.setHold(300); // the next ping renews it
    held.arrive("c");
    expect(shown).toEqual(["b", "renamed"]);
  });

  it("go on showing when drawing one throws", () => {
    const clock = clocked();
    const shown = [];
    const held = createHeld("a", clock, () => {
      shown.push(held.shown());
      if (held.shown() === "bad") throw new Error("draw failed");
    });
    held.setHold(100);
    held.arrive("bad");
    held.arrive("good");
    expect(() => clock.advance(100)).toThrow("draw failed");
    clock.advance(1); // the next timer was set all the same
    expect(shown).toEqual(["bad", "good"]);
  });

  it("are shown at once without a hold, and each `hold` ms after it came with one", () => {
    const clock = clocked();
    const shown = [];
    const held = createHeld("a", clock, () => shown.push(held.shown()));
    held.arrive("b");
    expect(shown).toEqual(["b"]);
    held.setHold(150);
    held.arrive("c");
    clock.advance(100);
    held.arrive("d");
    expect(held.shown()).toBe("b");
    clock.advance(49);
    expect(shown).toEqual(["b"]);
    clock.advance(1);
    expect(shown).toEqual(["b", "c"]);
    clock.advance(100);
    expect(shown).toEqual(["b", "c", "d"]);
    expect(held.waiting()).toBe(0);
  });

  it("keep their order when the hold shrinks, and a shorter hold never lets one overtake", () => {
    const clock = clocked();
    const shown = [];
    const held = createHeld("a", clock, () => shown.push(held.shown()));
    held.setHold(400);
    held.arrive("b");
    held.setHold(0);
    held.arrive("c");
    expect(shown).toEqual([]);
    clock.advance(400);
    expect(shown).toEqual(["b", "c"]);
    held.arrive("d");
    expect(shown).toEqual(["b", "c", "d"]);
  });

  it("are shown at the next state or ping once due, however late the timer runs", () => {
    const clock = clocked();
    const shown = [];
    const held = createHeld("a", clock, () => shown.push(held.shown()));
    held.setHold(150);
    held.arrive("b");
    clock.starve(400); // b is due, its timer has not run
    held.arrive("c"); // the next state shows b first, and waits its own hold
    expect(shown).toEqual(["b"]);
    clock.starve(100);
    held.release(); // a ping: c is not due yet
    expect(shown).toEqual(["b"]);
    clock.starve(50);
    held.release(); // the next ping: c is
    expect(shown).toEqual(["b", "c"]);
    expect(held.waiting()).toBe(0);
    clock.advance(0); // the late timers run at last: nothing shown twice
    expect(shown).toEqual(["b", "c"]);
    held.arrive("d");
    clock.advance(150);
    expect(shown).toEqual(["b", "c", "d"]);
  });
});

/** A two-person snapshot: seat 1 held by `a`, seat 2 by `b`. */
function humanState(a, b, over = {}) {
  const s = duelState();
  return {
    ...s, mode: "human", opponent: "human", table: "tbl-held", heartbeat_ms: 2000, spectators: 0,
    players: [{ ...s.players[0], name: "Ann" }, { ...s.players[1], name: "Bob" }],
    seats: [{ seat: 0, name: "Ann", status: "taken", view: a }, { seat: 1, name: "Bob", status: "taken", view: b }],
    actions: [s.you, { ...s.you, plays: [["AH", 0]] }],
    ...over,
  };
}

/**
 * Ann's page at seat 1 of a two-person table (Bob's view at seat 2), on fake timers:
 * the page, its element, its view id and the first state it drew.
 * @param {(me: string) => object} [over]  changes to that first state
 */
function annsPage(over = () => ({})) {
  vi.useFakeTimers();
  vi.spyOn(globalThis.performance, "now").mockImplementation(() => Date.now());
  const model = fakeModel(humanState(null, "bob-view"));
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(render({ model, el }));
  const me = model.sent[0].view;
  model.emitCustom({ kind: "seat", view: me, token: "tok", seats: [0] });
  const first = humanState(me, "bob-view", over(me));
  model.publish(first);
  return { model, el, me, first };
}

describe("the nearer seat of two people", () => {
  it("draws each change its hold later, while its clicks and echoes go out at once", () => {
    const { model, el, me, first } = annsPage();
    const face = () => el.querySelector('.spit-centre[data-centre="0"] .spit-centre-card').dataset.card;
    const logLines = () => el.querySelectorAll(".spit-log li").length;
    expect(face()).toBe("6H");
    const lines = logLines();

    model.emitCustom({ kind: "ping", n: 3, holds: { [me]: 200, "bob-view": 0 } });
    expect(el.querySelector(".spit-root").dataset.hold).toBe("200");
    expect(model.sent.at(-1)).toMatchObject({ kind: "echo", n: 3, view: me });
    // Bob covers 6♥ with his A♥... as the kernel has it; Ann's page does not show it yet.
    const covered = evolve(first, (s) => {
      s.centre[0].top = "5C";
      s.log.push({ seq: 4, player: 1, kind: "play", text: "Bob plays 5♣ on the left pile.", card: "5C", centre: 0, pile: 0 });
    });
    model.publish(covered);
    vi.advanceTimersByTime(199);
    expect(face()).toBe("6H");
    expect(logLines()).toBe(lines);
    // Ann clicks what she sees: the click goes out now, saying which card she saw.
    el.querySelector('.spit-card[data-card="7S"]').click();
    expect(model.sent.at(-1)).toMatchObject({ kind: "play", card: "7S", centre: 0, seen: ["6H", "JD"] });
    vi.advanceTimersByTime(1);
    expect(logLines()).toBe(lines + 1);
    vi.advanceTimersByTime(400); // the flight lands
    expect(face()).toBe("5C");

    // A ping without a hold for this view: the next change is drawn at once.
    model.emitCustom({ kind: "ping", n: 4 });
    model.publish(evolve(covered, (s) => { s.centre[1].top = "QH"; }));
    expect(el.querySelector('.spit-centre[data-centre="1"] .spit-centre-card').dataset.card).toBe("QH");
  });

  it("draws a held state with the log as far as it had reached", () => {
    const { model, el, me, first } = annsPage();
    model.emitCustom({ kind: "ping", n: 3, holds: { [me]: 300 } });
    const texts = () => [...el.querySelectorAll(".spit-log li")].map((li) => li.textContent);
    const event = (seq, text) => ({ seq, player: null, kind: "note", text });
    const one = evolve(first, (s) => { s.log.push(event(4, "First news.")); });
    model.publish(one);
    vi.advanceTimersByTime(100);
    model.publish(evolve(one, (s) => { s.log.push(event(5, "Second news.")); }));
    vi.advanceTimersByTime(200);
    expect(texts().some((t) => t.includes("First news."))).toBe(true);
    expect(texts().some((t) => t.includes("Second news."))).toBe(false);
    vi.advanceTimersByTime(100);
    expect(texts().some((t) => t.includes("Second news."))).toBe(true);
  });

  it("draws a new name at the next ping when its timers run late (a busy page)", () => {
    const { model, el, me, first } = annsPage((me) => ({
      players: humanState(me, "bob-view").players.map((p, i) => ({ ...p, name: `Player ${i + 1}` })),
    }));
    const top = () => el.querySelector(".spit-name").textContent; // the other seat, at the top
    expect(top()).toBe("Player 2");
    model.emitCustom({ kind: "ping", n: 3, holds: { [me]: 300 } });
    model.publish(evolve(first, (s) => { s.players[1].name = "Bob"; }));
    // The page is busy with the kernel's messages: time passes, its timers do not run.
    vi.setSystemTime(Date.now() + 2000);
    expect(top()).toBe("Player 2");
    model.emitCustom({ kind: "ping", n: 4, holds: { [me]: 300 } });
    expect(top()).toBe("Bob");
  });

  it("a view that is not named in the holds (a spectator, the farther seat) draws at once", () => {
    const model = fakeModel(humanState("ann-view", "bob-view"));
    const el = document.createElement("div");
    document.body.append(el);
    cleanups.push(render({ model, el }));
    model.emitCustom({ kind: "ping", n: 3, holds: { "ann-view": 300 } });
    model.publish(evolve(humanState("ann-view", "bob-view"), (s) => { s.centre[0].top = "5C"; }));
    expect(el.querySelector('.spit-centre[data-centre="0"] .spit-centre-card').dataset.card).toBe("5C");
  });
});
