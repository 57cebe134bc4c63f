// The course and the review panel in the learner's language: every label the
// page makes is a catalogue message (words.js); the French here is the
// committed catalogue's, as the kernel sends it (words.fr.json, scripts/page_words.py).
import { afterEach, describe, expect, it } from "vitest";
import course from "../../js/course.js";
import widget from "../../js/widget.js";
import { useWords } from "../../js/words.js";
import { duelState, fakeModel } from "./fixtures.js";
import FRENCH from "./words.fr.json";

const ENGLISH = { language: "en", plural: [], messages: {} };

// What the kernel sends, already in French (its goals, titles and rules are its own).
const SECTIONS = [
  { id: "duel-goal", title: "Le but d'un duel", track: "course", levels: [
    { id: "goal-1", n: 1, title: "As et Roi", goal: "Pose l'As sur le Roi", stars: 3, rules: ["wrap"] },
    { id: "goal-2", n: 2, goal: "Vide ta première pile", stars: 0, rules: ["wrap"] },
  ] },
  { id: "puzzles-duel", title: "Énigmes : duel", track: "puzzles-duel", levels: [
    { id: "p-1", n: 1, title: "Plus longue série", goal: "Trois coups de suite", stars: 1 },
    { id: "p-2", n: 2, title: "Plus longue série", goal: "Quatre coups de suite", stars: 0 },
  ] },
];
const RULES = { wrap: { name: "As et Roi", text: "Un As va sur un Roi, et un Roi sur un As." } };
const FROM_GAMES = [{ rule: "wrap", name: "As et Roi", text: "Un As va sur un Roi.", level: "goal-1", goal: "Pose l'As sur le Roi" }];

function courseTrait(over = {}) {
  return {
    screen: "map", sections: SECTIONS, resume: "goal-2", current: null, result: null, hint: null, daily: null,
    said: { seq: 1, text: "Le plan du cours." }, rules: RULES, from_games: FROM_GAMES, ...over,
  };
}

const LEVEL = {
  screen: "level", current: { id: "goal-2", section: "Le but d'un duel", n: 2, count: 2, moves: 1, par: 2,
    par_words: "en 2 coups : 3 étoiles", goal: "Vide ta première pile", timed: true },
  result: { kind: "solved", stars: 2, why: "Tu as vidé ta pile.", moves: 3, par: 2, par_words: "en 2 coups : 3 étoiles" },
};

/** The table's fake model with the course trait beside it, speaking `words` from the start. */
function mountCourse(trait, words) {
  const model = fakeModel(duelState());
  if (words) model.speak(words);
  let value = trait;
  const get = model.get.bind(model);
  model.get = (name) => (name === "course" ? value : get(name));
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(course.render({ model, el }));
  const root = el.querySelector(".spit-course");
  return { model, root, q: (sel) => root.querySelector(sel), set: (next) => { value = next; } };
}

/** Every word the course's own DOM shows or says (text, aria-label, title), the table it hosts left out. */
function courseWords(root) {
  const copy = root.cloneNode(true);
  copy.querySelector(".spit-course-table").remove();
  return wordsOf(copy);
}

/** @param {Element[] | Element} els */
function wordsOf(els) {
  const all = [];
  for (const el of [els].flat()) {
    for (const e of [el, ...el.querySelectorAll("*")]) {
      for (const a of ["aria-label", "title"]) if (e.getAttribute(a)) all.push(e.getAttribute(a));
    }
    all.push(el.textContent);
  }
  return all.join("\n");
}

const ENGLISH_COURSE = ["Course map", "Learn Spit", "Practise", "From your games", "Rules:", "levels done",
  "puzzles", "Start", "Continue", "Daily deal", "Play a game", "Hint", "Retry", "Map", "Copy", "Share line",
  "of 3 stars", "not done yet", "Level ", "Solved!", "Goal:", "Close", "Learn it in", "The rule", "moves",
  "Spit course", "computer"];

/** None of `english` said as a word of its own ("Continuer" is French, not "Continue"). */
function expectNone(words, english) {
  for (const phrase of english) {
    const alone = new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?!\\p{L})`, "u");
    expect(words, phrase).not.toMatch(alone);
  }
}

let cleanups = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  useWords(null);
  document.body.replaceChildren();
});

describe("the course in French", () => {
  it("the map says every word of its own in French", () => {
    const { root, q } = mountCourse(courseTrait(), FRENCH);
    const words = courseWords(root);
    expectNone(words, ENGLISH_COURSE);
    expect(q(".spit-course-map").getAttribute("aria-label")).toBe("Plan du cours");
    expect(q(".spit-course-title").textContent).toBe("Apprendre le Spit");
    expect(q(".spit-course-summary").textContent).toBe("Niveaux réussis : 1 sur 2, énigmes résolues : 1 sur 2");
    expect(q(".spit-course-continue").textContent).toBe("Continuer");
    expect(q(".spit-course-level").getAttribute("aria-label"))
      .toBe("Niveau 1, As et Roi : Pose l'As sur le Roi. 3 étoiles sur 3");
    expect(q(".spit-course-fold-count").textContent).toBe(" \u00b7 2 énigmes");
    expect(q(".spit-course-games-level").textContent).toBe("S'entraîner");
    expect(q(".spit-course-daily").firstChild.textContent).toBe("Donne du jour ");
    expect(q(".spit-course-daily kbd").textContent).toBe("D"); // the key stays the key
  });

  it("a level, its result and a rule's card are in French", () => {
    const { root, q } = mountCourse(courseTrait(LEVEL), FRENCH);
    expect(q(".spit-course-where").textContent)
      .toBe("Le but d'un duel \u00b7 niveau 2 sur 2 \u00b7 coups 1 \u00b7 en 2 coups : 3 étoiles");
    expect(q(".spit-course-goal").textContent).toBe("Objectif : Vide ta première pile");
    expect(q(".spit-course-result-title").textContent).toBe("Réussi !");
    expect(q(".spit-course-stars").getAttribute("aria-label")).toBe("2 étoiles sur 3");
    expect(q(".spit-course-result-text").textContent).toBe("Tu as vidé ta pile. (3 coups ; en 2 coups : 3 étoiles)");
    expect(q(".spit-course-pause").textContent).toBe("Pause");
    expect(q('.spit-course-bar [data-course="retry"]').getAttribute("title")).toBe("Recommencer ce niveau (R)");
    const words = courseWords(root);
    expectNone(words, ENGLISH_COURSE);
  });

  it("a rule read from the map says its own words in French", () => {
    const { q } = mountCourse(courseTrait(), FRENCH);
    q('.spit-course-rule-link[data-rule="wrap"]').click();
    const card = q(".spit-course-rule");
    expect(card.hidden).toBe(false);
    expect(card.getAttribute("aria-label")).toBe("La règle : As et Roi");
    expect(card.querySelector(".spit-course-rule-taught").textContent).toBe("Pour l'apprendre :");
    expect(card.querySelector(".spit-course-rule-close").firstChild.textContent).toBe("Fermer ");
  });

  it("a new language says the course again in place: the same elements, the keys kept", () => {
    const { root, q, model } = mountCourse(courseTrait(LEVEL));
    const retry = q('.spit-course-bar [data-course="retry"]');
    expect(retry.firstChild.textContent).toBe("Retry ");
    expect(q(".spit-course-map").getAttribute("aria-label")).toBe("Course map");
    expect(q(".spit-course-result-title").textContent).toBe("Solved!");
    model.speak(FRENCH);
    expect(root.isConnected).toBe(true);
    expect(q('.spit-course-bar [data-course="retry"]')).toBe(retry);
    expect(retry.firstChild.textContent).toBe("Recommencer ");
    expect(retry.querySelector("kbd").textContent).toBe("R");
    expect(q(".spit-course-map").getAttribute("aria-label")).toBe("Plan du cours");
    expect(q(".spit-course-title").textContent).toBe("Apprendre le Spit");
    expect(q(".spit-course-result-title").textContent).toBe("Réussi !");
    expect(q(".spit-course-level").getAttribute("aria-label")).toContain("Niveau 1");
    expectNone(courseWords(root), ENGLISH_COURSE);
    model.speak(ENGLISH);
    expect(retry.firstChild.textContent).toBe("Retry ");
    expect(q(".spit-course-title").textContent).toBe("Learn Spit");
    expect(q(".spit-course-level").getAttribute("aria-label")).toBe("Level 1, As et Roi: Pose l'As sur le Roi. 3 of 3 stars");
  });
});

// ------------------------------------------------------------ the review panel
const MARKS = [
  { t: 0, waited: 2.1, kind: "missed", label: "0,0 s : 7♠ sur 6♥ a attendu 2,1 s" },
  { t: 3.5, waited: 2.6, kind: "late_stuck", label: "3,5 s : Bloqué a attendu 2,6 s" },
];
const PANEL = { offer: true, open: true, summary: "Ta partie : 7 coups, 2 moments à revoir.", note: null,
  duration: 40, marks: MARKS, legend: [{ kind: "missed", label: "coup manqué" }] };

function mountTable(words, panel = PANEL) {
  const model = fakeModel(duelState({ status: "game_over", outcome: { termination: "stock_emptied", winner: 1,
    cards_left: [5, 0], text: "…", title: "…" } }));
  if (words) model.speak(words);
  const traits = { review_panel: panel, review_moment: { chosen: 0, mode: "moment", lit: [], can_try: true, has_next: true,
    said: { seq: 1, text: "Moment 1 sur 2." } } };
  const get = model.get.bind(model);
  model.get = (name) => (name in traits ? traits[name] : get(name));
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  const root = el.querySelector(".spit-root");
  return { model, root, q: (sel) => root.querySelector(sel) };
}

const ENGLISH_REVIEW = ["Try it", "Retry", "Hint", "Next moment", "Play again", "Review", "Moment 1 of",
  "Moments to review", "timeline", "this moment", "new game"];

/** The review's own elements: its strip, and its Review buttons (the end dialog's and the header's). */
const reviewParts = (root) => [root.querySelector(".spit-review"), root.querySelector(".spit-dialog-review"),
  root.querySelector(".spit-header-review")];

describe("the review panel in French", () => {
  it("says its buttons, timeline and marks in French", () => {
    const { root, q } = mountTable(FRENCH);
    const words = wordsOf(reviewParts(root));
    expectNone(words, ENGLISH_REVIEW);
    expect(q('.spit-review [data-review="try"]').firstChild.textContent).toBe("Essayer ");
    expect(q('.spit-review [data-review="try"] kbd').textContent).toBe("T");
    expect(q(".spit-review-mark").getAttribute("aria-label")).toBe("Moment 1 sur 2 : 0,0 s : 7♠ sur 6♥ a attendu 2,1 s");
    expect(q(".spit-review-end").textContent).toBe("40,0 s");
    expect(q(".spit-review-line").getAttribute("aria-label")).toBe("Moments à revoir, sur la frise de la partie");
  });

  it("a new language says the panel again in place", () => {
    const { root, q, model } = mountTable(null);
    const tryIt = q('.spit-review [data-review="try"]');
    expect(tryIt.firstChild.textContent).toBe("Try it ");
    expect(q(".spit-review-mark").getAttribute("aria-label")).toContain("Moment 1 of 2");
    model.speak(FRENCH);
    expect(q('.spit-review [data-review="try"]')).toBe(tryIt);
    expect(tryIt.firstChild.textContent).toBe("Essayer ");
    expect(tryIt.getAttribute("title")).toBe("Joue ce moment : trouve le coup (T)");
    expectNone(wordsOf(reviewParts(root)), ENGLISH_REVIEW);
  });
});
