import { afterEach, describe, expect, it } from "vitest";
import widget from "../../js/widget.js";
import { REVIEW_KEYS, normaliseMoment, normalisePanel } from "../../js/review.js";
import { duelState, fakeModel } from "./fixtures.js";

const { render } = widget;

let cleanups = [];

const MARKS = [
  { t: 0, waited: 2.1, kind: "missed", label: "0.0 s: 7♠ on 6♥ waited 2.1 s" },
  { t: 3.5, waited: 2.6, kind: "late_stuck", label: "3.5 s: Stuck waited 2.6 s" },
  { t: 20, waited: 3, kind: "missed", label: "20.0 s: <b>Q♣</b> on J♦ waited 3.0 s" },
];
const LEGEND = [{ kind: "missed", label: "missed play: a card of yours fitted, and waited" },
  { kind: "late_stuck", label: "late Stuck: no card fitted, and Stuck came late" }];
const PANEL = { offer: true, open: true, summary: "Your game: 7 plays, 3 moments to review.", note: null,
  duration: 40, marks: MARKS, legend: LEGEND };

function moment(over = {}) {
  return { chosen: 0, mode: "moment", lit: [["7S", 0]], stuck: false, can_try: true, has_next: true,
    result: null, said: { seq: 1, text: "Moment 1 of 3, at 0.0 s: a card of yours fitted." }, ...over };
}

/** The fake model, with the review's two traits the kernel sets (and their change events). */
function mount(state, traits = {}) {
  const model = fakeModel(state);
  const extra = { review_panel: {}, review_moment: {}, ...traits };
  const handlers = new Map();
  const get = model.get.bind(model);
  const on = model.on.bind(model);
  const off = model.off.bind(model);
  model.get = (name) => (name in extra ? extra[name] : get(name));
  model.on = (name, cb) => (name.startsWith("change:review") ? (handlers.get(name) || handlers.set(name, new Set()).get(name)).add(cb) : on(name, cb));
  model.off = (name, cb) => (name.startsWith("change:review") ? handlers.get(name)?.delete(cb) : off(name, cb));
  model.review = (next) => {
    Object.assign(extra, next);
    for (const name of Object.keys(next)) for (const cb of [...(handlers.get(`change:${name}`) || [])]) cb();
  };
  model.reviewListeners = () => [...handlers.values()].reduce((n, s) => n + s.size, 0);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = render({ model, el });
  cleanups.push(cleanup);
  const root = el.querySelector(".spit-root");
  const q = (sel) => root.querySelector(sel);
  const key = (k, target = root) => {
    const ev = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    target.dispatchEvent(ev);
    return ev;
  };
  return { model, root, q, key, cleanup };
}

const over = () => duelState({
  status: "game_over",
  outcome: { termination: "stock_emptied", winner: 1, cards_left: [5, 0], text: "The computer cleared its piles.", title: "The computer wins" },
});

afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
});

describe("the review's traits, normalised", () => {
  it("never throws and fills every field", () => {
    expect(normalisePanel(null)).toEqual({ offer: false, open: false, summary: "", note: null, duration: 0, marks: [], legend: [] });
    expect(normalisePanel({ legend: [null, { kind: "missed" }, { kind: "missed", label: "a" }] }).legend)
      .toEqual([{ kind: "missed", label: "a" }]);
    expect(normaliseMoment("x").said).toEqual({ seq: 0, text: "" });
    expect(normaliseMoment({ chosen: 1.5, mode: "dance" })).toMatchObject({ chosen: null, mode: null });
    expect(normalisePanel({ marks: [null, { t: "a" }, MARKS[0]] }).marks).toEqual([MARKS[0]]);
  });
});

describe("the offer", () => {
  it("shows no Review anywhere while there is no finished game to review", () => {
    const { q, key, model } = mount(over(), { review_panel: { offer: false } });
    expect(q(".spit-dialog").hidden).toBe(false);
    expect(q(".spit-dialog-review").hidden).toBe(true);
    expect(q(".spit-header-review").hidden).toBe(true);
    expect(q(".spit-review").hidden).toBe(true);
    key("v");
    expect(model.sent).toEqual([]);
  });

  it("puts Review in the end dialog and the header once the game is over; a click or V opens it", () => {
    const { q, key, model } = mount(over(), { review_panel: { offer: true } });
    const button = q(".spit-dialog-review");
    expect(button.hidden).toBe(false);
    expect(button.textContent).toContain("Review");
    expect(button.getAttribute("aria-keyshortcuts")).toBe("V");
    expect(q(".spit-header-review").hidden).toBe(false);
    button.click();
    expect(model.sent.at(-1)).toEqual({ kind: "review", do: "open" });
    const ev = key("V");
    expect(ev.defaultPrevented).toBe(true);
    expect(model.sent).toHaveLength(2);
  });

  it("offers nothing while a game is being played", () => {
    const { q, key, model } = mount(duelState(), { review_panel: { offer: true } });
    expect(q(".spit-header-review").hidden).toBe(true);
    key("v");
    expect(model.sent).toEqual([]);
  });
});

describe("the open panel", () => {
  it("draws the summary and a mark per moment across the timeline, text as text", () => {
    const { q, root } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    expect(root.dataset.review).toBe("open");
    expect(q(".spit-review").hidden).toBe(false);
    expect(q(".spit-review-summary").textContent).toBe(PANEL.summary);
    const marks = root.querySelectorAll(".spit-review-mark");
    expect(marks).toHaveLength(3);
    expect(marks[2].style.getPropertyValue("--at")).toBe("50%");
    expect(marks[1].dataset.kind).toBe("late_stuck");
    expect(marks[2].getAttribute("aria-label")).toBe("Moment 3 of 3: 20.0 s: <b>Q♣</b> on J♦ waited 3.0 s");
    expect(marks[2].querySelector("b")).toBeNull();
    expect(marks[0].getAttribute("aria-pressed")).toBe("true");
    expect([...marks].map((m) => m.tabIndex)).toEqual([0, -1, -1]);
    expect(q(".spit-review-end").textContent).toBe("40.0 s");
  });

  it("says the moment in a live region beside the table, once per new sentence", () => {
    const { q, model } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    const said = q(".spit-review-said");
    expect(said.getAttribute("aria-live")).toBe("polite");
    expect(said.closest(".spit-panel")).not.toBeNull();
    expect(said.textContent).toBe("Moment 1 of 3, at 0.0 s: a card of yours fitted.");
    said.textContent = "read";
    model.review({ review_moment: moment({ lit: [] }) }); // the same seq: not said again
    expect(said.textContent).toBe("read");
    model.review({ review_moment: moment({ said: { seq: 2, text: "Again." } }) });
    expect(said.textContent).toBe("Again.");
  });

  it("lights the moment's plays on your cards and their piles, and Stuck for a late Stuck", () => {
    const { q, model, root } = mount(duelState({ you: { plays: [], moves: [], can_stuck: false, can_spit: false, spit_label: "Spit!", slap: [] } }),
      { review_panel: PANEL, review_moment: moment({ lit: [["7S", 0], ["QC", 1]] }) });
    const lit = [...root.querySelectorAll(".spit-review-lit")].map((c) => c.dataset.card).sort();
    expect(lit).toEqual(["7S", "QC"]);
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-review-target")).toBe(true);
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-review-target")).toBe(true);
    model.review({ review_moment: moment({ chosen: 1, lit: [], stuck: true }) });
    expect(root.querySelectorAll(".spit-slotbtn.spit-review-lit")).toHaveLength(0);
    expect(q(".spit-btn-stuck").classList.contains("spit-review-lit")).toBe(true);
    model.review({ review_panel: { offer: true }, review_moment: {} });
    expect(root.querySelectorAll(".spit-review-lit, .spit-review-target")).toHaveLength(0);
    expect(root.dataset.review).toBe("");
  });

  it("numbers each mark as the sentences count the moments, and names the colours in a legend", () => {
    const { root } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    expect([...root.querySelectorAll(".spit-review-mark")].map((m) => m.textContent)).toEqual(["1", "2", "3"]);
    const keys = [...root.querySelectorAll(".spit-review-legend .spit-review-key")];
    expect(keys.map((k) => [k.dataset.kind, k.textContent])).toEqual(LEGEND.map((l) => [l.kind, l.label]));
    expect(keys[1].querySelector(".spit-review-swatch").dataset.kind).toBe("late_stuck");
  });

  it("marks no card as fitting while a moment is tried, and the cards still play", () => {
    const { q, model, root } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    const card = q('.spit-stock[data-player="0"] .spit-slotbtn[data-card="7S"]');
    expect(card.classList.contains("spit-playable")).toBe(true); // (the kernel shows a moment without)
    model.review({ review_moment: moment({ mode: "level", lit: [] }) });
    expect(root.querySelectorAll(".spit-playable, .spit-fits-both")).toHaveLength(0);
    expect(card.getAttribute("aria-label")).not.toContain("playable");
    card.click();
    expect(model.last()).toMatchObject({ kind: "play", card: "7S", centre: 0 });
    model.review({ review_panel: { offer: true }, review_moment: {} });
    expect(card.classList.contains("spit-playable")).toBe(true);
  });

  it("offers Try it on a shown moment, and Retry and Hint while it is tried", () => {
    const { q, model } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    const shown = (a) => !q(`[data-review="${a}"]`).hidden;
    expect(["try", "retry", "hint", "next", "play_again"].map(shown)).toEqual([true, false, false, true, true]);
    model.review({ review_moment: moment({ mode: "level", lit: [] }) });
    expect(["try", "retry", "hint", "next", "play_again"].map(shown)).toEqual([false, true, true, true, true]);
    model.review({ review_moment: moment({ chosen: 2, has_next: false }) });
    expect(q('[data-review="next"]').disabled).toBe(true);
  });
});

describe("keys and clicks", () => {
  it("lets go of the refusal it holds once the player asks the review for something", () => {
    const { q, model, key } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    const said = "This is a moment of your game, shown to look at: press Try it (T) to play it.";
    model.publish({ ...over(), message: { id: null, seq: 1, text: said, kind: "refused" } });
    model.publish({ ...over(), message: null }); // the kernel moved on; the page holds it a while
    expect(q(".spit-message").hidden).toBe(false);
    expect(q(".spit-message").textContent).toBe(said);
    key("t");
    expect(model.last()).toEqual({ kind: "review", do: "try" });
    expect(q(".spit-message").hidden).toBe(true);
    expect(q(".spit-callout").hidden).toBe(true);
  });

  it("sends what each key asks for, and only while its button is there", () => {
    const { key, model } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    key("t");
    key("n");
    key("r"); // no Retry on a shown moment
    key("g");
    expect(model.sent).toEqual([{ kind: "review", do: "try" }, { kind: "review", do: "next" },
      { kind: "review", do: "play_again" }]);
    model.review({ review_moment: moment({ mode: "level" }) });
    key("r");
    expect(model.sent.at(-1)).toEqual({ kind: "review", do: "retry" });
    expect(Object.values(REVIEW_KEYS).sort()).toEqual(["next", "open", "play_again", "retry", "try"]);
  });

  it("Hint while trying is the table's own hint", () => {
    const { q, model } = mount(over(), { review_panel: PANEL, review_moment: moment({ mode: "level" }) });
    q('[data-review="hint"]').click();
    expect(model.sent.at(-1)).toEqual({ kind: "hint" });
  });

  it("chooses a moment by a click, the arrows, Home and End on the timeline", () => {
    const { root, key, model } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    const marks = root.querySelectorAll(".spit-review-mark");
    marks[2].click();
    expect(model.sent.at(-1)).toEqual({ kind: "review", do: "choose", moment: 2 });
    marks[0].focus();
    const ev = key("ArrowRight", marks[0]);
    expect(ev.defaultPrevented).toBe(true);
    expect(model.sent.at(-1)).toEqual({ kind: "review", do: "choose", moment: 1 });
    expect(document.activeElement).toBe(marks[1]);
    key("End", marks[1]);
    expect(model.sent.at(-1)).toEqual({ kind: "review", do: "choose", moment: 2 });
    const before = model.sent.length;
    key("ArrowLeft", marks[0]); // the first: nowhere to go
    expect(model.sent).toHaveLength(before);
  });

  it("moves the keyboard on: the chosen mark, the table to play, Retry after a failure, Next after a find", () => {
    const { q, root, model } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    q(".spit-dialog-review").focus();
    model.review({ review_moment: moment({ chosen: 1, said: { seq: 2, text: "two" } }) });
    expect(document.activeElement).toBe(root.querySelectorAll(".spit-review-mark")[1]);
    q('[data-review="try"]').click();
    model.review({ review_moment: moment({ chosen: 1, mode: "level", said: { seq: 3, text: "try" } }) });
    expect(document.activeElement).toBe(root);
    model.review({ review_moment: moment({ chosen: 1, mode: "level", result: { kind: "failed", text: "no" } }) });
    expect(document.activeElement).toBe(q('[data-review="retry"]'));
    model.review({ review_moment: moment({ chosen: 1, mode: "level", result: { kind: "solved", text: "yes" } }) });
    expect(document.activeElement).toBe(q('[data-review="next"]'));
    expect(q(".spit-review-said").dataset.result).toBe("solved");
  });

  it("leaves the review's keys alone at a table that offers none (the course's)", () => {
    const { key, model } = mount(over());
    for (const k of ["v", "t", "n", "r", "g"]) expect(key(k).defaultPrevented).toBe(false);
    expect(model.sent).toEqual([]);
  });

  it("stops listening when the view is disposed", () => {
    const { model, cleanup } = mount(over(), { review_panel: PANEL, review_moment: moment() });
    expect(model.reviewListeners()).toBe(2);
    cleanup();
    expect(model.reviewListeners()).toBe(0);
  });
});
