import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { duelState, evolve, fakeModel } from "./fixtures.js";

const { render } = widget;
/** @type {(() => void)[]} */
let cleanups = [];

function mount(model) {
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(render({ model, el }));
  const root = el.querySelector(".spit-root");
  return { root, q: (sel) => root.querySelector(sel), card: (c) => root.querySelector(`.spit-card[data-card="${c}"]`) };
}

afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("the kernel's ping", () => {
  it("is echoed at once by every view, each with its own id, and draws nothing", async () => {
    const model = fakeModel(duelState());
    const one = mount(model);
    mount(model);
    await Promise.resolve();
    const seen = new globalThis.MutationObserver(() => {});
    seen.observe(one.root, { subtree: true, attributes: true, childList: true, characterData: true });
    model.emitCustom({ kind: "ping", n: 41 });
    await Promise.resolve();
    expect(seen.takeRecords()).toEqual([]);
    const echoes = model.sent.filter((m) => m.kind === "echo");
    expect(echoes.map((m) => m.n)).toEqual([41, 41]);
    expect(new Set(echoes.map((m) => m.view)).size).toBe(2);
    expect(echoes.every((m) => typeof m.view === "string" && m.view.length >= 8)).toBe(true);
  });

  it("is not echoed when it is not a ping, nor after the view is gone", () => {
    const model = fakeModel(duelState());
    mount(model);
    model.emitCustom({ kind: "ping", n: "7" });
    model.emitCustom({ kind: "seat", view: null });
    expect(model.sent.filter((m) => m.kind === "echo")).toEqual([]);
    for (const c of cleanups) c();
    cleanups = [];
    model.emitCustom({ kind: "ping", n: 1 });
    expect(model.sent.filter((m) => m.kind === "echo")).toEqual([]);
  });
});

describe("the reaction Match me measures", () => {
  it("is timed on the page's clock, from the card showing playable to the click", () => {
    let now = 1000;
    vi.spyOn(globalThis.performance, "now").mockImplementation(() => now);
    const model = fakeModel(duelState());
    const { card } = mount(model);
    now = 1730;
    card("7S").click();
    expect(model.sent.at(-1)).toMatchObject({ kind: "play", card: "7S", waited: 730 });
    // The next card's clock starts when the first has landed and a play shows.
    now = 2000;
    model.publish(evolve(duelState(), (s) => {
      s.players[0].stock[0].top = null;
      s.you.plays = s.you.plays.filter((p) => p[0] !== "7S");
    }));
    now = 2450;
    card("QC").click();
    expect(model.sent.at(-1)).toMatchObject({ kind: "play", card: "QC", waited: 450 });
  });
});

describe("the pace menu's note", () => {
  it("says when the computer is adjusted for the connection, and is hidden otherwise", () => {
    const model = fakeModel(duelState());
    const { q } = mount(model);
    expect(q(".spit-pace-note").hidden).toBe(true);
    model.publish({ ...duelState(), pace_note: "adjusted for your 180 ms connection" });
    expect(q(".spit-pace-note").hidden).toBe(false);
    expect(q(".spit-pace-note").textContent).toBe("adjusted for your 180 ms connection");
  });
});
