import { afterEach, describe, expect, it } from "vitest";
import { LOG_LENGTH, PAGE_KINDS, inStep, receive } from "../../js/protocol.js";
import widget from "../../js/widget.js";
import { duelState, evolve, fakeModel } from "./fixtures.js";

const { render } = widget;

const ev = (seq, text = `event ${seq}`) => ({ seq, player: 1, kind: "flip", text });
const book = (game, seqs) => ({ game, events: seqs.map((s) => ev(s)) });

let cleanups = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
});

function mount(model) {
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(render({ model, el }));
  return el;
}

const logTexts = (el) => [...el.querySelectorAll(".spit-log li")].map((li) => li.textContent);

describe("the kinds", () => {
  it("are listed once on this side, in protocol.py's order", () => {
    expect(PAGE_KINDS).toContain("play");
    expect(new Set(PAGE_KINDS).size).toBe(PAGE_KINDS.length);
  });
});

const news = (game, events, whole = false) => ({ log_game: game, log_new: events, log_whole: whole });

describe("receive: the log as each state brings it", () => {
  it("appends new events and keeps the newest sixty", () => {
    let b = book(1, [1, 2, 3]);
    b = receive(b, news(1, [ev(4), ev(5)]));
    expect(b.events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    const many = Array.from({ length: 70 }, (_, i) => ev(6 + i));
    b = receive(b, news(1, many));
    expect(b.events).toHaveLength(LOG_LENGTH);
    expect(b.events[b.events.length - 1].seq).toBe(75);
  });

  it("ignores events it already has (a state read twice)", () => {
    const b = receive(book(1, [1, 2, 3]), news(1, [ev(3), ev(4)]));
    expect(b.events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(receive(b, news(1, [ev(3), ev(4)]))).toBe(b);
  });

  it("replaces the log with a whole one, or with another game's", () => {
    const whole = receive(book(1, [1, 2, 3]), news(1, [ev(0), ev(1)], true));
    expect(whole.events.map((e) => e.seq)).toEqual([0, 1]);
    const next = receive(book(1, [1, 2, 3]), news(2, [ev(0)]));
    expect(next).toEqual({ game: 2, events: [ev(0)] });
  });

  it("leaves the book alone for anything else", () => {
    const b = book(1, [1]);
    for (const junk of [null, {}, { log_game: 1 }, { log_game: "1", log_new: [] },
      { log_game: 1, log_new: "no" }, news(1, [null, { seq: "x" }])]) {
      expect(receive(b, junk)).toBe(b);
    }
  });

  it("inStep: the book ends where the state says", () => {
    expect(inStep(book(1, [1, 2]), { log_seq: 2, log_game: 1 })).toBe(true);
    expect(inStep(book(1, [1, 2]), { log_seq: 3, log_game: 1 })).toBe(false);
    expect(inStep(book(1, [1, 2]), { log_seq: 2, log_game: 2 })).toBe(false);
    expect(inStep(book(1, []), { log_seq: -1, log_game: 1 })).toBe(true);
  });
});

describe("a view and the kernel's log messages", () => {
  const withPlay = (s, seq, text) => evolve(s, (x) => {
    x.log.push({ seq, player: 1, kind: "play", text, card: "TD", centre: 1, pile: 2 });
  });

  it("a view shows the events each state appends, and sends no sync while in step", () => {
    const model = fakeModel(duelState());
    const el = mount(model);
    model.publish(withPlay(duelState(), 4, "The computer plays 10♦ on the right pile."));
    expect(logTexts(el).at(-1)).toBe("The computer plays 10♦ on the right pile.");
    expect(logTexts(el)).toHaveLength(4);
    expect(model.sent.filter((m) => m.kind === "sync")).toEqual([]);
  });

  it("a second view opened later shows the whole log too", () => {
    const model = fakeModel(duelState());
    const first = mount(model);
    let s = duelState();
    for (let seq = 4; seq < 10; seq += 1) {
      s = withPlay(s, seq, `play ${seq}`);
      model.publish(s);
    }
    const second = mount(model);
    expect(logTexts(second)).toEqual(logTexts(first));
    expect(logTexts(second).at(-1)).toBe("play 9");
    expect(model.sent.filter((m) => m.kind === "sync")).toEqual([]);
  });

  it("a page that missed events asks for the whole log once and shows it", () => {
    const model = fakeModel(duelState());
    const el = mount(model);
    const s = withPlay(withPlay(duelState(), 4, "play 4"), 5, "play 5");
    model.publish(s, { lost: true }); // its news missed (the view was not listening yet)
    model.publish(duelState({ ...s, status_text: "again" }), { lost: true });
    expect(model.sent.filter((m) => m.kind === "sync")).toEqual([{ kind: "sync" }]);
    expect(logTexts(el)).not.toContain("play 5");
    model.publish(duelState({ ...s, status_text: "again" }), { whole: true }); // the answer
    expect(logTexts(el).slice(-2)).toEqual(["play 4", "play 5"]);
    expect(model.sent.filter((m) => m.kind === "sync")).toHaveLength(1);
  });

  it("a new game's whole log replaces the old one", () => {
    const model = fakeModel(withPlay(duelState(), 4, "old game"));
    const el = mount(model);
    model.publish(duelState({ log: [{ seq: 0, player: null, kind: "deal", text: "Cards dealt: 26 each." }] }));
    expect(logTexts(el)).toEqual(["Cards dealt: 26 each."]);
  });
});
