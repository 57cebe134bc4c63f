import { afterEach, describe, expect, it } from "vitest";
import widget from "../../js/widget.js";
import { heldSeats, perspective, viewIdentity } from "../../js/seats.js";
import { normalise } from "../../js/state.js";
import { duelState, fakeModel } from "./fixtures.js";

const { render } = widget;

/** A two-person snapshot: seat 0 held by `a`, seat 1 by `b` (null: free). */
function humanState(a, b, over = {}) {
  const s = duelState();
  return {
    ...s,
    mode: "human", opponent: "human", table: "tbl-1", heartbeat_ms: 2000, spectators: 1,
    players: [{ ...s.players[0], name: "Ann" }, { ...s.players[1], name: "Bob" }],
    seats: [
      { seat: 0, name: "Ann", status: a ? "taken" : "free", view: a, stats: { games: 3, wins: 2 } },
      { seat: 1, name: "Bob", status: b ? "taken" : "free", view: b, stats: { games: 3, wins: 1 } },
    ],
    actions: [s.you, { ...s.you, plays: [["AH", 0]], can_stuck: false }],
    log: [{ seq: 5, kind: "play", player: 1, card: "AH", centre: 0, pile: 0, text: "Bob plays" }],
    outcome: null,
    ...over,
  };
}

let cleanups = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
});

function mount(state) {
  const model = fakeModel(state);
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(render({ model, el }));
  return { model, root: el.querySelector(".spit-root") };
}

describe("perspective", () => {
  it("seat 2 sees its own cards at the bottom and its own actions", () => {
    const s = perspective(normalise(humanState("a", "b")), [1], "b");
    expect(s.players[0].name).toBe("Bob");
    expect(s.players[0].stock[0].top).toBe("AH");
    expect(s.you.plays).toEqual([["AH", 0]]);
    expect(s.log[0].player).toBe(0); // Bob's own play, from Bob's side
    expect(s.stats).toEqual({ games: 3, wins: 1 });
    expect(s.seat).toBe("1");
  });

  it("a spectator sees seat 1 at the bottom and may do nothing", () => {
    const s = perspective(normalise(humanState("a", "b")), [], "c");
    expect(s.players[0].name).toBe("Ann");
    expect(s.you.plays).toEqual([]);
    expect(s.you.can_stuck).toBe(false);
    expect(s.seat).toBe("watching");
  });

  it("a message meant for another view is not shown", () => {
    const msg = { id: 3, seq: 2, kind: "refused", text: "no", view: "a" };
    expect(perspective(normalise(humanState("a", "b", { message: msg })), [1], "b").message).toBeNull();
    expect(perspective(normalise(humanState("a", "b", { message: msg })), [0], "a").message).toEqual(msg);
  });

  it("hot seat: seat 1 at the bottom, seat 2's actions for the top row", () => {
    const s = perspective(normalise(humanState("a", "a")), [0, 1], "a");
    expect(s.seat).toBe("both");
    expect(s.topYou.plays).toEqual([["AH", 0]]);
    expect(heldSeats(humanState("a", "a"), "a")).toEqual([0, 1]);
  });

  it("a computer game passes through untouched", () => {
    const s = normalise(duelState());
    expect(perspective(s, [], "x")).toBe(s);
  });
});

describe("a view at a table of two", () => {
  it("sits with a view id, stamps every message with its seat and token, leaves on dispose", () => {
    const { model, root } = mount(humanState(null, null));
    const sit = model.sent[0];
    expect(sit.kind).toBe("sit");
    expect(sit.view.length).toBeGreaterThanOrEqual(8);
    model.emitCustom({ kind: "seat", view: sit.view, token: "tok", seats: [1] });
    model.publish(humanState("other-view", sit.view));
    expect(root.dataset.seat).toBe("1");
    expect(root.querySelector(".spit-seat-you").textContent).toBe("You are seat 2");
    root.querySelector('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn').click();
    const play = model.sent.at(-1);
    expect(play).toMatchObject({ kind: "play", card: "AH", centre: 0, view: sit.view, token: "tok", seat: 1 });
    cleanups.pop()();
    expect(model.sent.at(-1)).toMatchObject({ kind: "leave", view: sit.view });
  });

  it("Enter in the name box sends the name, though the browser fires no change", () => {
    const { model, root } = mount(humanState(null, null));
    const sit = model.sent[0];
    model.emitCustom({ kind: "seat", view: sit.view, token: "tok", seats: [1] });
    model.publish(humanState("other-view", sit.view));
    const box = root.querySelector('.spit-name-input[data-seat="1"]');
    box.value = "Bobby"; // typed while the box was hidden and shown again: no change event
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ kind: "name", name: "Bobby", seat: 1, token: "tok" });
    const sent = model.sent.length;
    box.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(model.sent.length).toBe(sent); // only Enter sends
  });

  it("a spectator is offered a free seat", () => {
    const { model, root } = mount(humanState("a", null));
    const view = model.sent[0].view;
    model.publish(humanState("a", null, { spectators: 1 }));
    const take = root.querySelector('.spit-btn-take[data-seat="1"]');
    expect(take.hidden).toBe(false);
    expect(root.dataset.seat).toBe("watching");
    take.click();
    expect(model.sent.at(-1)).toMatchObject({ kind: "take", seat: 1, view });
  });

  it("a seated player can stand up to watch; a watcher has no such button", () => {
    const { model, root } = mount(humanState(null, null));
    const view = model.sent[0].view;
    model.emitCustom({ kind: "seat", view, token: "tok", seats: [0] });
    model.publish(humanState(view, "b"));
    const stand = root.querySelector(".spit-btn-stand");
    expect(stand.hidden).toBe(false);
    expect(stand.textContent).toBe("Stand up");
    stand.click();
    expect(model.sent.at(-1)).toEqual({ kind: "stand", view, token: "tok" });
    model.emitCustom({ kind: "seat", view, token: "tok", seats: [] });
    model.publish(humanState(null, "b"));
    expect(root.dataset.seat).toBe("watching");
    expect(stand.hidden).toBe(true);
    expect(root.querySelector('.spit-btn-take[data-seat="0"]').hidden).toBe(false);
  });

  it("the same view of a table keeps its id across a reload of the page", () => {
    const one = viewIdentity(window, "tbl-9");
    const id = one.id;
    one.release();
    expect(viewIdentity(window, "tbl-9").id).toBe(id);
    expect(viewIdentity(window, "tbl-9").id).not.toBe(id); // a second live view: its own id
  });
});
