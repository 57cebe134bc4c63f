import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget, * as widgetModule from "../../js/widget.js";
import { PENDING_MS } from "../../js/input.js";
import { classicState, duelState, evolve, fakeModel } from "./fixtures.js";

const { render } = widget;

let cleanups = [];

describe("the module anywidget loads", () => {
  it("exports render only inside its default export (a direct export is deprecated:"
    + " anywidget warns in every page's console)", () => {
    expect(typeof widget.render).toBe("function");
    expect("render" in widgetModule).toBe(false);
  });
});

function mount(state) {
  const model = fakeModel(state);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = render({ model, el });
  cleanups.push(cleanup);
  const root = el.querySelector(".spit-root");
  const q = (sel) => root.querySelector(sel);
  const card = (code) => q(`.spit-card[data-card="${code}"]`);
  const key = (k, target = root) => {
    const ev = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    target.dispatchEvent(ev);
    return ev;
  };
  return { model, el, root, q, card, key, cleanup };
}

beforeEach(() => {
  cleanups = [];
});

afterEach(() => {
  for (const c of cleanups) c();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("render", () => {
  it("is the default export's render and returns a cleanup function", () => {
    expect(widget.render).toBe(render);
    const { root, cleanup } = mount(duelState());
    expect(root.isConnected).toBe(true);
    expect(typeof cleanup).toBe("function");
  });
});

describe("clicking cards", () => {
  it("a card that fits one pile is played at once and lifts into flight", () => {
    const { model, card } = mount(duelState());
    card("7S").click();
    expect(model.sent).toHaveLength(1);
    const msg = model.last();
    expect(msg).toMatchObject({ kind: "play", card: "7S", centre: 0 });
    expect(Number.isInteger(msg.id)).toBe(true);
    expect(card("7S").classList.contains("spit-in-flight")).toBe(true);
    // ids increase per click
    card("QC").click();
    expect(model.last()).toMatchObject({ kind: "play", card: "QC", centre: 1 });
    expect(model.last().id).toBe(msg.id + 1);
  });

  it("clicking a card already in flight sends nothing more", () => {
    const { model, card } = mount(duelState());
    card("7S").click();
    card("7S").click();
    expect(model.sent).toHaveLength(1);
  });

  it("a card that fits both piles is picked up, then the pile click plays it", () => {
    const { model, card, q } = mount(duelState());
    card("KD").click();
    expect(model.sent).toHaveLength(0);
    expect(card("KD").classList.contains("spit-selected")).toBe(true);
    expect(card("KD").getAttribute("aria-label")).toContain("picked up");
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-fits")).toBe(true);
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-fits")).toBe(true);
    expect(q(".spit-prompt").hidden).toBe(false);
    q('.spit-centre[data-centre="1"] .spit-centre-btn').click();
    expect(model.sent).toHaveLength(1);
    expect(model.last()).toMatchObject({ kind: "play", card: "KD", centre: 1 });
    expect(card("KD").classList.contains("spit-selected")).toBe(false);
    expect(card("KD").classList.contains("spit-in-flight")).toBe(true);
  });

  it("clicking a picked-up card again drops it", () => {
    const { model, card } = mount(duelState());
    card("KD").click();
    card("KD").click();
    expect(card("KD").classList.contains("spit-selected")).toBe(false);
    expect(model.sent).toHaveLength(0);
  });

  it("a card not in you.plays is sent to the left pile so the kernel can say why", () => {
    const { model, card } = mount(duelState());
    card("2H").click();
    expect(model.last()).toMatchObject({ kind: "play", card: "2H", centre: 0 });
  });

  it("clicking a centre pile with nothing picked up sends nothing", () => {
    const { model, q } = mount(duelState());
    q('.spit-centre[data-centre="0"]').click();
    expect(model.sent).toHaveLength(0);
  });
});

describe("the kernel answers", () => {
  it("a refusal with the same id brings the card back and shows the reason", async () => {
    const { model, card, q, root } = mount(duelState());
    card("2H").click();
    const { id } = model.last();
    expect(card("2H").classList.contains("spit-in-flight")).toBe(true);
    const text = "2♥ does not fit on the left pile: it needs 5 or 7.";
    model.publish(duelState({ message: { id, kind: "refused", text } }));
    expect(card("2H").classList.contains("spit-in-flight")).toBe(false);
    await new Promise((done) => requestAnimationFrame(done)); // the flash starts next frame
    expect(card("2H").classList.contains("spit-refused")).toBe(true);
    expect(q(".spit-message").textContent).toBe(text);
    expect(q(".spit-message").dataset.kind).toBe("refused");
    expect(root.querySelector(".spit-live").textContent).toContain(text);
  });

  it("a refusal of your card shows by that card, names its rule, and goes into the move log", () => {
    const { model, card, q, root } = mount(duelState());
    card("2H").click();
    const { id } = model.last();
    const text = "Adjacency: 2♥ is not one rank from 6♥ or J♦ (the left pile needs 5 or 7, the right pile needs 10 or Q).";
    model.publish(duelState({ message: { id, seq: 4, kind: "refused", text, rule: { id: "adjacency", name: "Adjacency" } } }));
    const callout = q(".spit-callout");
    expect(callout.hidden).toBe(false);
    expect(callout.dataset.slot).toBe("1"); // 2♥'s pile
    expect(q(".spit-callout-text").textContent).toBe(text);
    expect(card("2H").classList.contains("spit-refused-held")).toBe(true);
    const link = q(".spit-callout .spit-rule-link");
    expect(link.hidden).toBe(false);
    expect(link.dataset.rule).toBe("adjacency");
    expect(link.textContent).toBe("Read the rule: Adjacency");
    expect(q(".spit-statusbox > .spit-rule-link").hidden).toBe(true); // one link, by the card
    const lines = [...root.querySelectorAll(".spit-log li")];
    expect(lines.at(-1).dataset.kind).toBe("refused");
    expect(lines.at(-1).textContent).toBe(text);
    // the computer's next play lands after it: the refusal keeps its place in the log
    model.publish(evolve(duelState(), (s) => {
      s.log.push({ seq: 4, player: 1, kind: "play", text: "The computer plays 5♥ on the left pile.", card: "5H", centre: 0, pile: 0 });
    }));
    const after = [...root.querySelectorAll(".spit-log li")].map((li) => li.textContent);
    expect(after.slice(-2)).toEqual([text, "The computer plays 5♥ on the left pile."]);
  });

  it("a refusal of no card of yours stays in the message line, with its rule link there", () => {
    const { model, q } = mount(duelState());
    q(".spit-btn-stuck").click();
    const { id } = model.last();
    model.publish(duelState({ message: { id, seq: 2, kind: "refused", text: "Stuck: You're not stuck.", rule: { id: "stuck", name: "Stuck" } } }));
    expect(q(".spit-callout").hidden).toBe(true);
    const link = q(".spit-statusbox > .spit-rule-link");
    expect(link.hidden).toBe(false);
    expect(link.dataset.rule).toBe("stuck");
  });

  it("a hint that names your card shows by it; a table's refusals name no rule and show no link", () => {
    const { model, q, card } = mount(duelState());
    model.publish(duelState({ message: { id: null, seq: 3, kind: "hint", text: "Play Q♣ on the right pile.", card: "QC", centre: 1 } }));
    expect(q(".spit-callout").hidden).toBe(false);
    expect(q(".spit-callout").dataset.kind).toBe("hint");
    expect(q(".spit-callout").dataset.slot).toBe("3");
    expect(card("QC").classList.contains("spit-refused-held")).toBe(false);
    expect([...q(".spit-table").querySelectorAll(".spit-rule-link")].every((l) => l.hidden)).toBe(true);
    expect(q(".spit-statusbox > .spit-rule-link").hidden).toBe(true);
  });

  it("a refusal of some other id leaves the travelling card alone", () => {
    const { model, card } = mount(duelState());
    card("7S").click();
    const { id } = model.last();
    model.publish(duelState({ message: { id: id + 1000, kind: "refused", text: "no" } }));
    expect(card("7S").classList.contains("spit-in-flight")).toBe(true);
  });

  it("an unanswered card waits, is sent again, then goes back with a sentence", () => {
    vi.useFakeTimers();
    const { card, q } = mount(duelState());
    card("7S").click();
    vi.advanceTimersByTime(PENDING_MS + 10);
    expect(card("7S").classList.contains("spit-in-flight")).toBe(true); // still waiting for its answer
    vi.advanceTimersByTime(PENDING_MS + 10);
    expect(card("7S").classList.contains("spit-in-flight")).toBe(false);
    expect(q(".spit-message").textContent).toContain("7\u2660 did not reach the table; play it again");
  });

  it("when the card reaches the pile the normal render takes over", () => {
    const { model, card, q } = mount(duelState());
    card("7S").click();
    const next = evolve(duelState(), (s) => {
      s.players[0].stock[0] = { top: null, count: 0 };
      s.centre[0] = { top: "7S", count: 4, needs: "needs 6 or 8", owner: 0 };
      s.you.plays = [["QC", 1]];
      s.log.push({ seq: 4, player: 0, kind: "play", text: "You play 7♠ on the left pile.", card: "7S", centre: 0, pile: 0 });
    });
    model.publish(next);
    const slot = q('.spit-stock[data-player="0"][data-slot="0"]');
    expect(slot.querySelector(".spit-card")).toBeNull();
    expect(slot.querySelector(".spit-in-flight")).toBeNull();
    expect(q('.spit-centre[data-centre="0"]').dataset.top).toBe("7S");
    expect(q('.spit-centre[data-centre="0"] .spit-card[data-card="7S"]')).not.toBeNull();
    expect(q('.spit-centre[data-centre="0"] .spit-needs').textContent).toBe("needs 6 or 8");
  });

  it("a state published while the card travels keeps it in flight", () => {
    const { model, card } = mount(duelState());
    card("7S").click();
    model.publish(duelState({ status_text: "Computer plays" }));
    expect(card("7S").classList.contains("spit-in-flight")).toBe(true);
  });

  it("hints show as info and are announced", () => {
    const { model, q, root } = mount(duelState());
    q(".spit-btn-hint").click();
    const { id } = model.last();
    expect(model.last().kind).toBe("hint");
    model.publish(duelState({ message: { id, kind: "hint", text: "Play 7♠ on the left pile." } }));
    expect(q(".spit-message").dataset.kind).toBe("hint");
    expect(root.querySelector(".spit-live").textContent).toContain("Play 7♠");
  });

  it("new computer events are announced in the live region; old ones are not", () => {
    const { model, root } = mount(duelState());
    const live = root.querySelector(".spit-live");
    expect(live.getAttribute("aria-live")).toBe("polite");
    expect(live.textContent).toBe("");
    model.publish(evolve(duelState(), (s) => {
      s.log.push({ seq: 4, player: 0, kind: "play", text: "You play 7♠.", card: "7S", centre: 0, pile: 0 });
      s.log.push({ seq: 5, player: 1, kind: "play", text: "The computer plays 10♦ on the right pile.", card: "TD", centre: 1, pile: 2 });
    }));
    expect(live.textContent).toBe("The computer plays 10♦ on the right pile.");
  });
});

describe("keyboard", () => {
  it("keys 1-5 act on your piles, and are kept from JupyterLab", () => {
    const { model, root, key, card } = mount(duelState());
    const outside = vi.fn();
    document.body.addEventListener("keydown", outside);
    const ev = key("1");
    expect(model.last()).toMatchObject({ kind: "play", card: "7S", centre: 0 });
    expect(ev.defaultPrevented).toBe(true);
    key("4");
    expect(model.last()).toMatchObject({ kind: "play", card: "QC", centre: 1 });
    key("5"); // KD fits both: picked up, nothing sent
    expect(model.sent).toHaveLength(2);
    expect(card("KD").classList.contains("spit-selected")).toBe(true);
    expect(outside).not.toHaveBeenCalled();
    document.body.removeEventListener("keydown", outside);
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
  });

  it("arrows choose the pile for a picked-up card and Enter confirms", () => {
    const { model, key, q } = mount(duelState());
    key("5");
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-chosen")).toBe(true);
    key("ArrowRight");
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-chosen")).toBe(true);
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-chosen")).toBe(false);
    key("Enter");
    expect(model.last()).toMatchObject({ kind: "play", card: "KD", centre: 1 });
    key("5"); // still travelling: nothing happens
    expect(model.sent).toHaveLength(1);
    model.publish(duelState({ message: { id: model.last().id, kind: "refused", text: "Too late." } }));
    key("5");
    key("ArrowRight");
    key("ArrowLeft");
    key("Enter");
    expect(model.last()).toMatchObject({ kind: "play", card: "KD", centre: 0 });
  });

  it("Escape drops the selection; with nothing to drop it is left to JupyterLab", () => {
    const { model, key, card } = mount(duelState());
    key("5");
    const ev = key("Escape");
    expect(ev.defaultPrevented).toBe(true);
    expect(card("KD").classList.contains("spit-selected")).toBe(false);
    const outside = vi.fn();
    document.body.addEventListener("keydown", outside);
    key("Escape");
    expect(outside).toHaveBeenCalledTimes(1);
    document.body.removeEventListener("keydown", outside);
    expect(model.sent).toHaveLength(0);
  });

  it("Space declares stuck in duel, only while the button is enabled", () => {
    const { model, key } = mount(duelState());
    const ev = key(" ");
    expect(model.last()).toMatchObject({ kind: "stuck" });
    expect(ev.defaultPrevented).toBe(true);
    model.publish(duelState({ you: { ...duelState().you, can_stuck: false } }));
    key(" ");
    expect(model.sent).toHaveLength(1);
  });

  it("Enter and Space on a focused control button keep their native meaning", () => {
    const { model, key, q } = mount(duelState());
    const ev = key("Enter", q(".spit-btn-hint"));
    expect(ev.defaultPrevented).toBe(false);
    key(" ", q(".spit-btn-pause"));
    expect(model.sent).toHaveLength(0); // the browser's own click would send, not the key handler
  });

  it("Space on a focused card still means Stuck, not a click on the card", () => {
    const { model, key, card } = mount(duelState());
    const ev = key(" ", card("7S"));
    expect(ev.defaultPrevented).toBe(true);
    expect(model.last()).toMatchObject({ kind: "stuck" });
    const up = new KeyboardEvent("keyup", { key: " ", bubbles: true, cancelable: true });
    card("7S").dispatchEvent(up);
    expect(up.defaultPrevented).toBe(true);
  });

  it("Space spits in classic", () => {
    const { model, key } = mount(classicState());
    key(" ");
    expect(model.last()).toMatchObject({ kind: "spit" });
  });

  it("P toggles pause and resume from the state", () => {
    const { model, key } = mount(duelState());
    key("p");
    expect(model.last()).toEqual({ kind: "pause" });
    model.publish(duelState({ paused: true }));
    key("P");
    expect(model.last()).toEqual({ kind: "resume" });
  });

  it("a held-down key plays once, not again on auto-repeat", () => {
    const { model, root } = mount(duelState());
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true, cancelable: true }));
    const rep = new KeyboardEvent("keydown", { key: "4", repeat: true, bubbles: true, cancelable: true });
    root.dispatchEvent(rep);
    expect(model.sent).toHaveLength(1);
    expect(rep.defaultPrevented).toBe(true);
  });

  it("keys typed into the pace select are not treated as game keys", () => {
    const { model, key, q } = mount(duelState());
    key("1", q(".spit-pace"));
    expect(model.sent).toHaveLength(0);
  });

  it("modifier chords are left alone", () => {
    const { model, root } = mount(duelState());
    const ev = new KeyboardEvent("keydown", { key: "1", ctrlKey: true, bubbles: true, cancelable: true });
    root.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(false);
    expect(model.sent).toHaveLength(0);
  });
});

describe("buttons", () => {
  it("send stuck, pause/resume, hint, new game and pace", () => {
    const { model, q } = mount(duelState());
    q(".spit-btn-stuck").click();
    expect(model.last()).toMatchObject({ kind: "stuck" });
    q(".spit-btn-pause").click();
    expect(model.last()).toEqual({ kind: "pause" });
    q(".spit-btn-hint").click();
    expect(model.last()).toMatchObject({ kind: "hint" });
    q(".spit-btn-new").click();
    expect(model.last()).toEqual({ kind: "new_game" });
    const sel = q(".spit-pace");
    sel.value = "fast";
    sel.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.last()).toEqual({ kind: "pace", pace: "fast" });
  });

  it("a disabled Stuck button sends nothing", () => {
    const { model, q } = mount(duelState({ you: { ...duelState().you, can_stuck: false } }));
    q(".spit-btn-stuck").click();
    expect(model.sent).toHaveLength(0);
  });

  it("Spit! in classic sends spit", () => {
    const { model, q } = mount(classicState());
    q(".spit-btn-spit").click();
    expect(model.last()).toMatchObject({ kind: "spit" });
  });

  it("the end dialog's Play Again starts a new game; See the table hides it", () => {
    const outcome = { termination: "stock_emptied", winner: 0, title: "You win!", text: "Well played.", cards_left: [0, 9] };
    const { model, q } = mount(duelState({ status: "game_over", outcome }));
    expect(q(".spit-dialog").hidden).toBe(false);
    q(".spit-dialog-close").click();
    expect(q(".spit-dialog").hidden).toBe(true);
    model.publish(duelState({ status: "game_over", outcome }));
    expect(q(".spit-dialog").hidden).toBe(true);
    model.publish(duelState({ status: "game_over", outcome: { ...outcome, cards_left: [0, 4] } }));
    expect(q(".spit-dialog").hidden).toBe(false);
    q(".spit-dialog-new").click();
    expect(model.last()).toEqual({ kind: "new_game" });
  });
});

describe("classic", () => {
  it("empty pile first, then the card: moves it", () => {
    const { model, q, card } = mount(classicState());
    const empty = q('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn');
    empty.click();
    expect(model.sent).toHaveLength(0);
    expect(q('.spit-stock[data-player="0"][data-slot="0"]').classList.contains("spit-slot-chosen")).toBe(true);
    card("8H").click(); // 8H would play on a single click otherwise
    expect(model.last()).toMatchObject({ kind: "move", card: "8H", slot: 0 });
  });

  it("a card that can only move is picked up, then the empty pile takes it", () => {
    const { model, q, card } = mount(classicState());
    card("2C").click();
    expect(model.sent).toHaveLength(0);
    expect(card("2C").classList.contains("spit-selected")).toBe(true);
    expect(q('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn').classList.contains("spit-move-target")).toBe(true);
    q('.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn').click();
    expect(model.last()).toMatchObject({ kind: "move", card: "2C", slot: 0 });
  });

  it("keys: the empty pile's number then the card's number moves", () => {
    const { model, key } = mount(classicState());
    key("1");
    key("2");
    expect(model.last()).toMatchObject({ kind: "move", card: "8H", slot: 0 });
  });

  it("clicking your own spit pile is Spit!", () => {
    const { model, q } = mount(classicState());
    q('.spit-spitpile[data-player="0"]').click();
    expect(model.last()).toMatchObject({ kind: "spit" });
    q('.spit-spitpile[data-player="1"]').click();
    expect(model.sent).toHaveLength(1);
  });

  it("a card that fits one pile still plays on a single click", () => {
    const { model, card } = mount(classicState());
    card("8H").click();
    expect(model.last()).toMatchObject({ kind: "play", card: "8H", centre: 0 });
  });

  it("round over: clicking a centre pile slaps it, listed or not", () => {
    const s = classicState({ status: "round_over", you: { ...classicState().you, plays: [], moves: [], can_spit: false, slap: [1] } });
    const { model, q, key } = mount(s);
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-slappable")).toBe(true);
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-chosen")).toBe(true);
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-slappable")).toBe(false);
    key("ArrowLeft");
    key("Enter");
    expect(model.last()).toMatchObject({ kind: "slap", centre: 0 });
    q('.spit-centre[data-centre="1"]').click();
    expect(model.last()).toMatchObject({ kind: "slap", centre: 1 });
    q('.spit-centre[data-centre="0"]').click();
    expect(model.last()).toMatchObject({ kind: "slap", centre: 0 });
  });
});

describe("lifecycle", () => {
  it("visibility changes are reported, and no longer after cleanup", () => {
    const { model, cleanup } = mount(duelState());
    let hidden = true;
    vi.spyOn(document, "hidden", "get").mockImplementation(() => hidden);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(model.last()).toEqual({ kind: "visibility", hidden: true });
    hidden = false;
    document.dispatchEvent(new Event("visibilitychange"));
    expect(model.last()).toEqual({ kind: "visibility", hidden: false });
    cleanup();
    const n = model.sent.length;
    document.dispatchEvent(new Event("visibilitychange"));
    expect(model.sent).toHaveLength(n);
  });

  it("cleanup removes the model listener, the DOM and pending timers", () => {
    vi.useFakeTimers();
    const { model, el, card, cleanup } = mount(duelState());
    expect(model.listenerCount("change:state")).toBe(1);
    vi.advanceTimersByTime(50); // let the first frame and jsdom's own tasks run
    expect(vi.getTimerCount()).toBe(0);
    card("7S").click();
    vi.advanceTimersByTime(50); // one-frame callbacks run and are gone
    expect(vi.getTimerCount()).toBeGreaterThan(0); // the unconfirmed card's return timer
    cleanup();
    expect(model.listenerCount("change:state")).toBe(0);
    expect(el.querySelector(".spit-root")).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("two views of one model work independently", () => {
    const model = fakeModel(duelState());
    const a = document.createElement("div");
    const b = document.createElement("div");
    document.body.append(a, b);
    cleanups.push(render({ model, el: a }), render({ model, el: b }));
    expect(model.listenerCount("change:state")).toBe(2);
    a.querySelector('.spit-card[data-card="KD"]').click();
    expect(a.querySelector('.spit-card[data-card="KD"]').classList.contains("spit-selected")).toBe(true);
    expect(b.querySelector('.spit-card[data-card="KD"]').classList.contains("spit-selected")).toBe(false);
    b.querySelector('.spit-card[data-card="7S"]').click();
    expect(b.querySelector('.spit-card[data-card="7S"]').classList.contains("spit-in-flight")).toBe(true);
    expect(a.querySelector('.spit-card[data-card="7S"]').classList.contains("spit-in-flight")).toBe(false);
    model.publish(duelState({ status_text: "Both views update" }));
    expect(a.querySelector(".spit-status").textContent).toBe("Both views update");
    expect(b.querySelector(".spit-status").textContent).toBe("Both views update");
    // a refusal meant for one view's card never returns the other's
    a.querySelector('.spit-card[data-card="QC"]').click();
    const idB = model.sent[0].id;
    const idA = model.last().id;
    expect(idA).not.toBe(idB);
    model.publish(duelState({ message: { id: idB, kind: "refused", text: "No." } }));
    expect(b.querySelector('.spit-card[data-card="7S"]').classList.contains("spit-in-flight")).toBe(false);
    expect(a.querySelector('.spit-card[data-card="QC"]').classList.contains("spit-in-flight")).toBe(true);
  });
});

describe("computer's plays animate", () => {
  function stubLayout() {
    let n = 0;
    vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function () {
      n += 1;
      return { left: 10 * n, top: 10 * n, width: 60, height: 84, right: 10 * n + 60, bottom: 10 * n + 84, x: 10 * n, y: 10 * n };
    });
    const anims = [];
    HTMLElement.prototype.animate = function (frames, opts) {
      const a = { frames, opts, onfinish: null, oncancel: null, cancel() { this.oncancel && this.oncancel(); } };
      anims.push(a);
      return a;
    };
    return anims;
  }

  afterEach(() => {
    delete HTMLElement.prototype.animate;
  });

  it("a new player-1 play flies a clone to the pile; the pile shows the card when it lands", () => {
    const anims = stubLayout();
    const { model, q, root } = mount(duelState());
    const next = evolve(duelState(), (s) => {
      s.players[1].stock[2] = { top: "8C", count: 2 };
      s.centre[1] = { top: "TD", count: 2, needs: "needs 9 or J", owner: 1 };
      s.log.push({ seq: 4, player: 1, kind: "play", text: "The computer plays 10♦ on the right pile.", card: "TD", centre: 1, pile: 2 });
    });
    model.publish(next);
    expect(anims).toHaveLength(1);
    expect(anims[0].opts.duration).toBeLessThanOrEqual(250);
    const clone = root.querySelector('.spit-fx .spit-card[data-card="TD"]');
    expect(clone).not.toBeNull();
    const centre = q('.spit-centre[data-centre="1"]');
    expect(centre.dataset.top).toBe("TD"); // data is current at once
    expect(centre.querySelector(".spit-card").dataset.card).toBe("JD"); // the face waits for the card
    anims[0].onfinish();
    expect(root.querySelector(".spit-fx .spit-card")).toBeNull();
    expect(centre.querySelector(".spit-card").dataset.card).toBe("TD");
    // input was never blocked: a click during the flight still plays
  });

  it("an old play (seq already seen) does not animate again", () => {
    const anims = stubLayout();
    const { model } = mount(duelState());
    model.publish(duelState({ status_text: "again" }));
    expect(anims).toHaveLength(0);
  });
});

describe("round interlude", () => {
  // The computer goes out, slaps, and round 2 is dealt, in one snapshot.
  const nextRound = (s) => evolve(s, (x) => {
    x.round = 3;
    x.players[0].cards_left = 30;
    x.players[1].cards_left = 22;
    x.log.push(
      { seq: 10, player: 1, kind: "round_end", text: "The computer went out." },
      { seq: 11, player: 1, kind: "slap", text: "The computer slaps the right pile (4 cards); you take the left (9)." },
      { seq: 12, player: null, kind: "deal", text: "Round 3: the cards are dealt." },
      { seq: 13, player: null, kind: "spit", text: "Spit! 4♦ and 9♣ start the centre piles." },
    );
  });

  it("shows who went out, who took what and the cards each has, for 2.5 s", () => {
    vi.useFakeTimers();
    const { model, root, q } = mount(classicState());
    expect(q(".spit-interlude").hidden).toBe(true);
    model.publish(nextRound(classicState()));
    const box = q(".spit-interlude");
    expect(box.hidden).toBe(false);
    expect(root.dataset.interlude).toBe("true");
    expect(q(".spit-interlude-title").textContent).toBe("Round 3");
    const lines = [...box.querySelectorAll("li")].map((li) => li.textContent);
    expect(lines).toEqual([
      "The computer went out.",
      "The computer slaps the right pile (4 cards); you take the left (9).",
      "Round 3: the cards are dealt.",
    ]);
    expect(q(".spit-interlude-cards").textContent).toBe("You: 30 cards \u00b7 Computer: 22 cards");
    vi.advanceTimersByTime(2400);
    expect(box.hidden).toBe(false);
    vi.advanceTimersByTime(200);
    expect(box.hidden).toBe(true);
    expect(root.dataset.interlude).toBe("false");
  });

  it("a click on the table ends it at once and plays nothing; the computer stops waiting too", () => {
    const { model, q, card } = mount(classicState());
    model.publish(nextRound(classicState()));
    card("8H").click();
    expect(q(".spit-interlude").hidden).toBe(true);
    expect(model.sent).toEqual([{ kind: "end_interlude" }]);
    model.sent.length = 0;
    card("8H").click(); // now the table is live again
    expect(model.last()).toMatchObject({ kind: "play", card: "8H" });
  });

  it("a key ends it too, and plays nothing", () => {
    const { model, q, key } = mount(classicState());
    model.publish(nextRound(classicState()));
    const ev = key("2");
    expect(ev.defaultPrevented).toBe(true);
    expect(q(".spit-interlude").hidden).toBe(true);
    expect(model.sent).toEqual([{ kind: "end_interlude" }]);
  });

  it("an interlude that runs its time tells the kernel nothing (the computer's wait ends alike)", () => {
    vi.useFakeTimers();
    const { model, q } = mount(classicState());
    model.publish(nextRound(classicState()));
    vi.advanceTimersByTime(2600);
    expect(q(".spit-interlude").hidden).toBe(true);
    expect(model.sent).toEqual([]);
  });

  it("a first deal (a new game) is no interlude", () => {
    const { model, q } = mount(classicState());
    model.publish(evolve(classicState(), (x) => {
      x.log = [{ seq: 1, player: null, kind: "deal", text: "Round 1: the cards are dealt." }];
    }));
    expect(q(".spit-interlude").hidden).toBe(true);
  });
});

describe("dragging a card onto a pile", () => {
  function pointer(target, type, x, y) {
    const ev = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 });
    Object.defineProperty(ev, "pointerId", { value: 1 });
    Object.defineProperty(ev, "pointerType", { value: "mouse" });
    target.dispatchEvent(ev);
    return ev;
  }
  function dragTo(m, code, under, { x = 120, y = -200 } = {}) {
    document.elementFromPoint = () => under; // jsdom lays nothing out: say what is under the pointer
    pointer(m.card(code), "pointerdown", 0, 0);
    pointer(document, "pointermove", x / 2, y / 2);
    const dragging = m.card(code).classList.contains("spit-dragging");
    const over = under ? under.closest(".spit-centre, .spit-stock") : null;
    const marked = over ? over.classList.contains("spit-drop-over") : false;
    pointer(document, "pointerup", x, y);
    return { dragging, marked };
  }
  afterEach(() => { delete document.elementFromPoint; });

  it("a drop on a pile the card fits plays it there", () => {
    const m = mount(duelState());
    const { dragging, marked } = dragTo(m, "7S", m.q('.spit-centre[data-centre="0"] .spit-centre-card'));
    expect(dragging).toBe(true);
    expect(marked).toBe(true);
    expect(m.model.sent).toHaveLength(1);
    expect(m.model.last()).toMatchObject({ kind: "play", card: "7S", centre: 0 });
    expect(m.card("7S").classList.contains("spit-dragging")).toBe(false);
    expect(m.card("7S").classList.contains("spit-in-flight")).toBe(true);
    expect(m.q(".spit-drop-over")).toBeNull();
    m.card("7S").click(); // the click a browser fires after the drag is not a second play
    expect(m.model.sent).toHaveLength(1);
  });

  it("a card that fits both piles goes where it is dropped, in one gesture", () => {
    const m = mount(duelState());
    dragTo(m, "KD", m.q('.spit-centre[data-centre="1"]'));
    expect(m.model.last()).toMatchObject({ kind: "play", card: "KD", centre: 1 });
  });

  it("a drop on a pile it does not fit is sent, so the kernel's refusal brings it home with the reason", () => {
    const m = mount(duelState());
    dragTo(m, "7S", m.q('.spit-centre[data-centre="1"]'));
    const msg = m.model.last();
    expect(msg).toMatchObject({ kind: "play", card: "7S", centre: 1 });
    m.model.publish(evolve(duelState(), (s) => {
      s.message = { id: msg.id, seq: 1, kind: "refused", text: "7♠ doesn't fit on J♦: the right pile needs 10 or Q." };
    }));
    expect(m.card("7S").classList.contains("spit-in-flight")).toBe(false);
    expect(m.q(".spit-message").textContent).toContain("doesn't fit");
  });

  it("a drop anywhere else sends nothing and the card goes home", () => {
    const m = mount(duelState());
    dragTo(m, "7S", m.q(".spit-bar"));
    expect(m.model.sent).toEqual([]);
    expect(m.card("7S").classList.contains("spit-dragging")).toBe(false);
    expect(m.card("7S").classList.contains("spit-in-flight")).toBe(false);
  });

  it("a press that barely moves is a tap: the click plays as usual", () => {
    const m = mount(duelState());
    document.elementFromPoint = () => null;
    pointer(m.card("7S"), "pointerdown", 0, 0);
    pointer(document, "pointermove", 3, 2);
    pointer(document, "pointerup", 3, 2);
    expect(m.card("7S").classList.contains("spit-dragging")).toBe(false);
    m.card("7S").click();
    expect(m.model.last()).toMatchObject({ kind: "play", card: "7S", centre: 0 });
  });

  it("classic: a drop on an empty pile of yours moves the card there", () => {
    const m = mount(classicState());
    dragTo(m, "2C", m.q('.spit-stock[data-player="0"][data-slot="0"] .spit-anchor'));
    expect(m.model.last()).toMatchObject({ kind: "move", card: "2C", slot: 0 });
  });
});
