// What a newcomer met, in the page (issue 24): the message line over time (js/notice.js),
// the keyboard kept after a click (js/focus.js), what the other
// side's cards and a spectator's labels say: through render(), as a player sees them.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { HOLD_MS, NEWS_MS } from "../../js/notice.js";
import { duelState, evolve, fakeModel } from "./fixtures.js";

let cleanups = [];

function mount(state) {
  const model = fakeModel(state);
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  const root = el.querySelector(".spit-root");
  const q = (sel) => root.querySelector(sel);
  const line = () => (q(".spit-message").hidden ? "" : q(".spit-message").textContent);
  return { model, root, q, line };
}

afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
  vi.useRealTimers();
});

const REFUSAL = "7♠ doesn't fit on 9♣: the left pile needs 8 or 10.";
/** The computer's play after the refusal: the kernel drops its message (notices.py). */
const computerPlays = (s) => evolve(s, (x) => {
  x.message = null;
  x.log.push({ seq: 4, player: 1, kind: "play", text: "The computer plays 5♥ on the left pile.",
    card: "5H", centre: 0, pile: 0 });
  x.centre[0].top = "5H";
});

describe("a refusal stays for the player to read", () => {
  it("outlives the computer's next play, marked stale, and goes after HOLD_MS", () => {
    vi.useFakeTimers();
    const refused = duelState({ message: { id: 5, seq: 1, kind: "refused", text: REFUSAL } });
    const { model, q, line } = mount(duelState());
    model.publish(refused);
    expect(line()).toBe(REFUSAL);
    model.publish(computerPlays(refused));
    expect(line()).toBe(REFUSAL);
    expect(q(".spit-message").dataset.stale).toBe("true");
    vi.advanceTimersByTime(HOLD_MS - 100);
    expect(line()).toBe(REFUSAL);
    vi.advanceTimersByTime(200);
    expect(line()).toBe("");
  });

  it("goes at the player's own next action", () => {
    const refused = duelState({ message: { id: 5, seq: 1, kind: "refused", text: REFUSAL } });
    const { model, q, line } = mount(duelState());
    model.publish(refused);
    model.publish(computerPlays(refused));
    expect(line()).toBe(REFUSAL);
    q('.spit-card[data-card="QC"]').click(); // a play: read, and acted on
    expect(line()).toBe("");
  });

  it("goes with a new deal: it was about the last deal's table", () => {
    const refused = duelState({ message: { id: 5, seq: 1, kind: "refused", text: REFUSAL } });
    const { model, line } = mount(duelState());
    model.publish(refused);
    model.publish(evolve(refused, (x) => {
      x.message = null;
      x.log.push({ seq: 4, player: null, kind: "deal", text: "Round 2: the cards are dealt." });
    }));
    expect(line()).toBe("");
  });

  it("gives way at once to anything newer the kernel says", () => {
    const refused = duelState({ message: { id: 5, seq: 1, kind: "refused", text: REFUSAL } });
    const { model, q, line } = mount(duelState());
    model.publish(refused);
    model.publish(computerPlays(refused));
    model.publish(duelState({ paused: true, message: { seq: 2, kind: "info", text: "Paused." } }));
    expect(line()).toBe("Paused.");
    expect(q(".spit-message").dataset.stale).toBe("false");
  });
});

describe("a passing notice", () => {
  it("shows NEWS_MS while the game runs; a pause's reason stays while paused", () => {
    vi.useFakeTimers();
    const { model, line } = mount(duelState());
    model.publish(duelState({ message: { seq: 3, kind: "info", text: "Bob sits down at seat 2." } }));
    expect(line()).toBe("Bob sits down at seat 2.");
    vi.advanceTimersByTime(NEWS_MS + 10);
    expect(line()).toBe("");
    model.publish(duelState({ paused: true, message: { seq: 4, kind: "info", text: "Paused while the tab was hidden." } }));
    vi.advanceTimersByTime(NEWS_MS * 3);
    expect(line()).toBe("Paused while the tab was hidden.");
  });
});

describe("the other side's cards", () => {
  it("a click on one nudges it and asks the kernel, which says whose card it is", async () => {
    const { model, q } = mount(duelState());
    q('.spit-stock[data-player="1"][data-slot="1"] .spit-slotcard').click();
    const card = q('.spit-stock[data-player="1"][data-slot="1"] .spit-slotcard');
    await vi.waitFor(() => expect(card.classList.contains("spit-refused")).toBe(true));
    expect(model.last()).toMatchObject({ kind: "play", card: "9C", centre: 0 });
  });

  it("a play carries the piles as the view shows them", () => {
    const { model, q } = mount(duelState());
    q('.spit-card[data-card="7S"]').click();
    expect(model.last()).toMatchObject({ kind: "play", card: "7S", centre: 0, seen: ["6H", "JD"] });
  });
});

describe("a spectator at a two-person table", () => {
  const table = (over) => duelState({
    mode: "human", table: "t1", seats: [
      { seat: 0, name: "Ann", status: "taken", view: "view-aaaaaaaa" },
      { seat: 1, name: "Bob", status: "taken", view: "view-bbbbbbbb" },
    ], actions: [{}, {}], spectators: 1, status_text: "Play!",
    watching_text: "Watching Ann and Bob play", // the kernel's words for a spectator
    players: duelState().players.map((p, i) => ({ ...p, name: ["Ann", "Bob"][i] })), ...over,
  });

  it("reads both players' names, never 'Your spit' or 'Play!'", () => {
    const { q, root } = mount(table());
    expect(q('.spit-spitpile[data-player="0"] .spit-spitlabel').textContent)
      .toContain("Ann's spit");
    expect(root.textContent).not.toContain("Your spit");
    expect(q(".spit-status").textContent).toBe("Watching Ann and Bob play");
  });
});

describe("the keyboard stays with the table", () => {
  it("a clicked button that disables itself hands the focus to the table, not the page", () => {
    const { model, root, q } = mount(duelState());
    const stuck = q(".spit-btn-stuck");
    stuck.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    stuck.focus();
    expect(document.activeElement).toBe(stuck);
    model.publish(duelState({ you: { ...duelState().you, plays: [], can_stuck: false } }));
    expect(stuck.disabled).toBe(true);
    expect(document.activeElement).toBe(root);
  });

  it("lets go once the player pressed somewhere else in the page", () => {
    const { model, q } = mount(duelState());
    const other = document.createElement("input");
    document.body.append(other);
    const stuck = q(".spit-btn-stuck");
    stuck.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    stuck.focus();
    other.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    other.focus();
    model.publish(duelState({ you: { ...duelState().you, plays: [], can_stuck: false } }));
    expect(document.activeElement).toBe(other);
  });
});
