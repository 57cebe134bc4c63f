import { afterEach, describe, expect, it } from "vitest";
import course, { COURSE_KEYS } from "../../js/course.js";
import { normaliseCourse, starsText } from "../../js/course_update.js";
import { duelState, fakeModel } from "./fixtures.js";

const SECTIONS = [
  {
    id: "duel-goal", title: "The goal of a duel", track: "course",
    levels: [
      { id: "goal-1", n: 1, goal: "Play the Ace on the King", variant: "duel", stars: 3 },
      { id: "goal-2", n: 2, goal: "Empty your first pile", variant: "duel", stars: 0 },
    ],
  },
  {
    id: "puzzles-duel", title: "Puzzles: duel", track: "puzzles-duel",
    levels: [{ id: "p-1", n: 1, goal: "Three plays in a row", variant: "duel", stars: 1 }],
  },
];

function courseState(over = {}) {
  return {
    screen: "level", sections: SECTIONS, resume: "goal-2",
    current: { id: "goal-2", goal: "Empty your first pile", variant: "duel", section: "The goal of a duel",
      n: 2, count: 2, par: 2, par_words: "in 2 moves: 3 stars", moves: 0, has_next: false },
    result: null, hint: null, daily: null, said: { seq: 1, text: "The goal of a duel, level 2 of 2." },
    ...over,
  };
}

/** The table's fake model, with the course trait beside its state. */
function courseModel(c) {
  const model = fakeModel(duelState());
  let value = c;
  const get = model.get.bind(model);
  model.get = (name) => (name === "course" ? value : get(name));
  model.setCourse = (next) => {
    value = next;
    for (const cb of model.handlersOf("change:course")) cb();
  };
  const on = model.on.bind(model);
  const handlers = new Map();
  model.on = (name, cb) => {
    if (!handlers.has(name)) handlers.set(name, new Set());
    handlers.get(name).add(cb);
    on(name, cb);
  };
  const off = model.off.bind(model);
  model.off = (name, cb) => {
    if (handlers.has(name)) handlers.get(name).delete(cb);
    off(name, cb);
  };
  model.handlersOf = (name) => [...(handlers.get(name) || [])];
  return model;
}

let cleanups = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  document.body.replaceChildren();
});

function mount(c = courseState()) {
  const model = courseModel(c);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = course.render({ model, el });
  cleanups.push(cleanup);
  const root = el.querySelector(".spit-course");
  const q = (sel) => root.querySelector(sel);
  const key = (k, target = root) => {
    const ev = new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true });
    target.dispatchEvent(ev);
    return ev;
  };
  return { model, el, root, q, key, cleanup };
}

const visible = (el) => !!el && !el.closest("[hidden]");

describe("the course's snapshot", () => {
  it("stars read as filled and empty stars", () => {
    expect(starsText(2)).toBe("\u2605\u2605\u2606");
    expect(starsText(9)).toBe("\u2605\u2605\u2605");
    expect(starsText("x")).toBe("\u2606\u2606\u2606");
  });

  it("a missing or broken snapshot draws as the map, never throws", () => {
    const c = normaliseCourse({ screen: "nonsense", sections: 3, said: null });
    expect(c.screen).toBe("map");
    expect(c.sections).toEqual([]);
    expect(c.said).toEqual({ seq: 0, text: "" });
    expect(() => mount(undefined)).not.toThrow();
  });
});

describe("the map", () => {
  it("shows every stage's levels with their stars, and Continue at the first unsolved", () => {
    const { q, root } = mount(courseState({ screen: "map", current: null }));
    expect(root.dataset.screen).toBe("map");
    expect(visible(q(".spit-course-map"))).toBe(true);
    expect(visible(q(".spit-course-table"))).toBe(false);
    const levels = [...root.querySelectorAll(".spit-course-level")];
    expect(levels.map((b) => b.dataset.level)).toEqual(["goal-1", "goal-2", "p-1"]);
    expect(levels[0].getAttribute("aria-label")).toBe("Level 1: Play the Ace on the King. 3 of 3 stars");
    expect(levels[1].getAttribute("aria-label")).toContain("not done yet");
    expect(levels[0].textContent).toContain("\u2605\u2605\u2605");
    expect(q(".spit-course-section-title").textContent).toBe("The goal of a duel \u00b7 3/6 \u2605");
    expect(q(".spit-course-summary").textContent).toBe("1 of 2 levels done, 1 of 1 puzzles");
    expect(q(".spit-course-continue").textContent).toBe("Continue");
  });

  it("clicking a level or Continue asks the kernel to open it", () => {
    const { q, model, root } = mount(courseState({ screen: "map", current: null }));
    root.querySelectorAll(".spit-course-level")[2].click();
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "open", level: "p-1" });
    q(".spit-course-continue").click();
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "open", level: "goal-2" });
    q(".spit-course-daily").click();
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "daily" });
  });

  it("a teacher's course that leaves out the daily deal and whole games shows neither", () => {
    const { q, model, key } = mount(courseState({
      screen: "map", current: null, offers: { daily: false, play_game: false } }));
    expect(visible(q(".spit-course-daily"))).toBe(false);
    expect(visible(q(".spit-course-game"))).toBe(false);
    const before = model.sent.length;
    key("d");
    key("g");
    expect(model.sent.length).toBe(before);
    const { q: q2 } = mount(courseState({ screen: "map", current: null }));
    expect(visible(q2(".spit-course-daily")) && visible(q2(".spit-course-game"))).toBe(true);
  });

  it("a learner with no stars yet is offered Start", () => {
    const none = SECTIONS.map((s) => ({ ...s, levels: s.levels.map((l) => ({ ...l, stars: 0 })) }));
    const { q } = mount(courseState({ screen: "map", sections: none, resume: "goal-1" }));
    expect(q(".spit-course-continue").textContent).toBe("Start");
  });
});

const RULES = {
  adjacency: { name: "Adjacency", text: "A card goes on a centre pile when its rank is one above or below." },
  wrap: { name: "Ace-King wrap", text: "The ranks go round in a circle." },
  uncover: { name: "Uncovering", text: "The card under turns face up." },
};
const NAMED = [
  {
    id: "duel-general", title: "Playing a card", track: "course",
    levels: [
      { id: "up", n: 1, title: "One rank up", goal: "Play 8 on the 7", stars: 2, rules: ["adjacency"] },
      { id: "ace", n: 2, title: "Ace on a King", goal: "Play the Ace", stars: 0, rules: ["wrap", "adjacency"] },
    ],
  },
  {
    id: "puzzles-duel", title: "Puzzles: duel", track: "puzzles-duel",
    levels: [1, 2, 3].map((n) => ({ id: `run-${n}`, n, title: "Longest run", goal: "Play on", stars: 0, rules: ["uncover"] }))
      .concat([{ id: "race-4", n: 4, title: "Race the computer", goal: "Race", stars: 1, rules: ["uncover"] }]),
  },
];

describe("the map's names and rules", () => {
  const mapState = (over = {}) => courseState({ screen: "map", current: null, sections: NAMED, rules: RULES, ...over });

  it("each level shows its short name and its stars, filled and empty apart", () => {
    const { q } = mount(mapState());
    const up = q('.spit-course-level[data-level="up"]');
    expect(up.querySelector(".spit-course-level-name").textContent).toBe("One rank up");
    expect(up.querySelector(".spit-course-star-got").textContent).toBe("\u2605\u2605");
    expect(up.querySelector(".spit-course-star-not").textContent).toBe("\u2606");
    expect(up.getAttribute("aria-label")).toBe("Level 1, One rank up: Play 8 on the 7. 2 of 3 stars");
  });

  it("a track of puzzles is folded, its puzzles grouped by kind, and stays open once opened", () => {
    const { q, model } = mount(mapState());
    const fold = q('.spit-course-fold[data-section="puzzles-duel"]');
    expect(fold.tagName).toBe("DETAILS");
    expect(fold.open).toBe(false);
    expect(fold.querySelector("summary").textContent).toBe("Puzzles: duel \u00b7 1/12 \u2605 \u00b7 4 puzzles");
    const groups = [...fold.querySelectorAll(".spit-course-group-title")].map((g) => g.textContent);
    expect(groups).toEqual(["Longest run"]); // a run of one kind is grouped; a lone puzzle keeps its name
    expect(fold.querySelector('[data-level="race-4"] .spit-course-level-name').textContent).toBe("Race the computer");
    fold.open = true;
    fold.dispatchEvent(new Event("toggle"));
    const starred = NAMED.map((sec) => ({ ...sec, levels: sec.levels.map((l) => ({ ...l, stars: 3 })) }));
    model.setCourse(mapState({ sections: starred })); // a star changed: the map is drawn again
    expect(q('.spit-course-fold[data-section="puzzles-duel"]').open).toBe(true);
  });

  it("a stage lists the rules it teaches; a click on one shows its text, Escape closes it", () => {
    const { q, root, key } = mount(mapState());
    const links = [...root.querySelectorAll('.spit-course-section[data-section="duel-general"] .spit-rule-link')];
    expect(links.map((l) => l.textContent)).toEqual(["Adjacency", "Ace-King wrap"]);
    links[1].click();
    const card = q(".spit-course-rule");
    expect(visible(card)).toBe(true);
    expect(card.querySelector(".spit-course-rule-name").textContent).toBe("Ace-King wrap");
    expect(card.querySelector(".spit-course-rule-text").textContent).toBe(RULES.wrap.text);
    const teaches = [...card.querySelectorAll(".spit-course-rule-level")];
    expect(teaches.map((b) => [b.textContent, b.dataset.level])).toEqual([["Ace on a King", "ace"]]);
    expect(document.activeElement).toBe(card.querySelector(".spit-course-rule-close"));
    key("Escape", document.activeElement);
    expect(visible(card)).toBe(false);
    expect(document.activeElement).toBe(links[1]);
  });

  it("the table's link by a refusal opens the rule too, and opening a level closes it", () => {
    const { q, model } = mount(courseState({ sections: NAMED, rules: RULES }));
    const link = q(".spit-callout .spit-rule-link");
    link.dataset.rule = "adjacency"; // as the table draws it for a refusal naming the rule
    link.hidden = false;
    link.click();
    expect(visible(q(".spit-course-rule"))).toBe(true);
    expect(q(".spit-course-rule-name").textContent).toBe("Adjacency");
    model.setCourse(courseState({ sections: NAMED, rules: RULES, current: { ...courseState().current, id: "up" } }));
    expect(visible(q(".spit-course-rule"))).toBe(false);
  });
});

describe("a level", () => {
  it("shows where it is, the goal, and the buttons with their keys", () => {
    const { q, root } = mount();
    expect(visible(q(".spit-course-table .spit-root"))).toBe(true);
    expect(q(".spit-course-where").textContent).toBe("The goal of a duel \u00b7 level 2 of 2 \u00b7 moves 0 \u00b7 in 2 moves: 3 stars");
    expect(q(".spit-course-goal").textContent).toBe("Goal: Empty your first pile");
    const bar = [...root.querySelectorAll(".spit-course-bar .spit-course-btn")];
    expect(bar.map((b) => b.textContent)).toEqual(["Hint H", "Retry R", "Next N", "Map M"]);
    expect(bar.map((b) => b.getAttribute("aria-keyshortcuts"))).toEqual(["H", "R", "N", "M"]);
    expect(q('.spit-course-bar [data-course="next"]').disabled).toBe(true);
    expect(visible(q(".spit-course-pause"))).toBe(false); // nothing runs on its own here
  });

  it("a level on a clock can be paused from the bar", () => {
    const c = courseState();
    const { q, model } = mount({ ...c, current: { ...c.current, timed: true } });
    expect(visible(q(".spit-course-pause"))).toBe(true);
    q(".spit-course-pause").click();
    expect(model.sent.at(-1)).toEqual({ kind: "pause" });
  });

  it("announces what the kernel says, in the course's live region, each time anew", () => {
    const { q, model } = mount();
    const live = q(".spit-course-live");
    expect(live.getAttribute("aria-live")).toBe("polite");
    expect(live.textContent).toBe("The goal of a duel, level 2 of 2.");
    model.setCourse(courseState({ said: { seq: 2, text: "Not this time: the pile was covered." } }));
    expect(live.textContent).toBe("Not this time: the pile was covered.");
  });

  it("keys R, M and H send Retry, Map and Hint; N waits until the level is solved", () => {
    const { model, key } = mount();
    key("r");
    key("M");
    key("h");
    key("n");
    expect(model.sent.map((m) => m.do)).toEqual(["retry", "map", "hint"]);
    expect(Object.keys(COURSE_KEYS).sort()).toEqual(["d", "g", "h", "m", "n", "r"]);
  });

  it("the table's own keys stay the table's (a digit plays, H asks the table once)", () => {
    const { model, key, q } = mount();
    const table = q(".spit-root");
    key("1", table);
    key("h", table);
    expect(model.sent.map((m) => m.kind)).toEqual(["play", "hint"]);
  });

  it("on success shows the stars, the why and Next, and moves the keyboard to Next", () => {
    const { q, model, key } = mount();
    q(".spit-root").focus();
    model.setCourse(courseState({
      result: { kind: "solved", stars: 2, moves: 3, par: 2, par_words: "in 2 moves: 3 stars", why: "Any rank next to the top fits." },
      said: { seq: 2, text: "Solved in 3 moves." },
    }));
    const panel = q(".spit-course-result");
    expect(visible(panel)).toBe(true);
    expect(q(".spit-course-result-title").textContent).toBe("Solved!");
    expect(panel.getAttribute("aria-label")).toBe("Solved!");
    expect(q(".spit-course-stars").textContent).toBe("\u2605\u2605\u2606");
    expect(q(".spit-course-stars").getAttribute("aria-label")).toBe("2 of 3 stars");
    expect(q(".spit-course-result-text").textContent).toBe("Any rank next to the top fits. (3 moves; in 2 moves: 3 stars)");
    const next = panel.querySelector('[data-course="next"]');
    expect(document.activeElement).toBe(next);
    key("n");
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "next" });
  });

  it("the keyboard stays where it is when the learner has left the course", () => {
    const { q, model } = mount();
    const outside = document.createElement("button");
    document.body.append(outside);
    q('.spit-course-bar [data-course="hint"]').click(); // asked, and answered
    model.setCourse(courseState({ hint: { text: "8 fits.", card: "8H", pile: 0 } }));
    outside.focus();
    model.setCourse(courseState({ result: { kind: "failed", text: "Too slow." } }));
    expect(document.activeElement).toBe(outside);
  });

  it("on failure says why and offers Retry and Hint, not Next", () => {
    const { q, model } = mount();
    model.setCourse(courseState({ result: { kind: "failed", text: "The computer emptied the pile first." } }));
    const panel = q(".spit-course-result");
    expect(q(".spit-course-result-text").textContent).toBe("The computer emptied the pile first.");
    expect(visible(panel.querySelector('[data-course="next"]'))).toBe(false);
    expect(visible(panel.querySelector('[data-course="retry"]'))).toBe(true);
    expect(visible(panel.querySelector('[data-course="hint"]'))).toBe(true);
  });

  it("a hint that names a pile and no card lights that pile while the table shows the hint", () => {
    const { q, model } = mount();
    model.setCourse(courseState({ hint: { text: "Slap the smaller pile.", card: null, pile: 1 } }));
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-course-lit")).toBe(false);
    model.set("state", { ...model.get("state"), message: { kind: "hint", text: "Slap the smaller pile.", seq: 3 } });
    model.setCourse(courseState({ hint: { text: "Slap the smaller pile.", card: null, pile: 1 } }));
    expect(q('.spit-centre[data-centre="1"]').classList.contains("spit-course-lit")).toBe(true);
    expect(q('.spit-centre[data-centre="0"]').classList.contains("spit-course-lit")).toBe(false);
  });
});

describe("the daily deal", () => {
  it("offers the share line to copy when the game is over", () => {
    const { q, model } = mount(courseState({ screen: "daily", current: null, daily: { date: "2026-12-01" } }));
    expect(q(".spit-course-where").textContent).toBe("Daily deal \u00b7 2026-12-01");
    expect(visible(q(".spit-course-pause"))).toBe(true);
    model.setCourse(courseState({
      screen: "daily", current: null, daily: { date: "2026-12-01" },
      result: { kind: "daily", won: true, title: "You won today's deal!", text: "You cleared your stock.",
        share: "Spit daily 2026-12-01: won by 7 cards in 2:13" },
    }));
    expect(q(".spit-course-share").value).toBe("Spit daily 2026-12-01: won by 7 cards in 2:13");
    expect(visible(q(".spit-course-sharerow"))).toBe(true);
  });
});

describe("cleanup", () => {
  it("drops the course's listeners and the table's", () => {
    const { model, cleanup, el } = mount();
    cleanup();
    cleanups = [];
    expect(model.handlersOf("change:course")).toEqual([]);
    expect(el.querySelector(".spit-course")).toBe(null);
  });
});

describe("handing the work in from the map", () => {
  it("is offered only when the course keeps a record, and sends the name typed", () => {
    const { root, q, model } = mount(courseState({ screen: "map" }));
    expect(visible(q(".spit-course-map"))).toBe(true);
    expect(visible(q(".spit-course-download"))).toBe(false);
    const { q: q2, model: m2 } = mount(courseState({
      screen: "map", offers: { daily: true, play_game: true, download: true } }));
    const download = q2(".spit-course-download");
    expect(visible(download)).toBe(true);
    expect(download.textContent).toBe("Download my work");
    q2(".spit-course-handin-name").value = "Ada L.";
    download.click();
    expect(m2.sent.at(-1)).toMatchObject({ kind: "course", do: "download", name: "Ada L." });
    expect(model.sent.filter((m) => m.do === "download")).toEqual([]);
    expect(root).toBeTruthy();
  });

  it("saves the record the kernel sends as a file of that name, and ignores anything else", async () => {
    const { saveRecord } = await import("../../js/course.js");
    const made = [];
    const clicked = [];
    const URL_ = window.URL;
    window.URL.createObjectURL = (blob) => { made.push(blob); return "blob:record"; };
    window.URL.revokeObjectURL = () => {};
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function () { clicked.push([this.download, this.href]); };
    try {
      expect(saveRecord(document, { kind: "record", name: "spit-record.json", text: '{"name": "Ada"}' })).toBe(true);
      expect(clicked).toEqual([["spit-record.json", "blob:record"]]);
      expect(await made[0].text()).toBe('{"name": "Ada"}');
      expect(saveRecord(document, { kind: "ack", view: "v", seq: 1, upto: 1 })).toBe(false);
      expect(saveRecord(document, { kind: "record", name: 3, text: "x" })).toBe(false);
      expect(clicked).toHaveLength(1);
      expect(document.querySelector("a[download]")).toBeNull(); // the link is gone again
    } finally {
      HTMLAnchorElement.prototype.click = click;
      expect(window.URL).toBe(URL_);
    }
  });
});
