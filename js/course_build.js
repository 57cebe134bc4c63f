// The course's DOM, made once per view: the bar over the table (where you are,
// the goal, Hint / Retry / Next / Map), the map of stages and levels, the result
// panel over the felt, and the course's live region. course_update.js patches it
// from each `course` snapshot. Text goes in through textContent only.

import { h, keyedButton } from "./build.js";
import { buildRuleCard } from "./course_rule.js";

/**
 * @typedef {"hint" | "retry" | "next" | "map" | "daily" | "play_game"} CourseAction
 * @typedef {Record<string, HTMLButtonElement>} Buttons  by CourseAction
 * @import { RuleCard } from "./course_rule.js"
 */

/**
 * Every element of the course's view (buildCourse).
 * @typedef {object} CourseRefs
 * @property {Document} doc
 * @property {HTMLDivElement} root
 * @property {HTMLDivElement} tableHost  the table (widget.js) is rendered in here
 * @property {HTMLDivElement} live  the course's live region
 * @property {HTMLDivElement} stage
 * @property {HTMLDivElement} bar
 * @property {HTMLDivElement} where
 * @property {HTMLDivElement} goal
 * @property {HTMLButtonElement} pause
 * @property {Buttons} barButtons
 * @property {HTMLElement} map
 * @property {HTMLButtonElement} continue
 * @property {HTMLButtonElement} mapDaily
 * @property {HTMLButtonElement} mapGame
 * @property {HTMLDivElement} summary
 * @property {HTMLDivElement} sections
 * @property {string} sectionKey  the stars the map was drawn with
 * @property {HTMLDivElement} result
 * @property {HTMLHeadingElement} resultTitle
 * @property {HTMLDivElement} resultStars
 * @property {HTMLParagraphElement} resultText
 * @property {HTMLInputElement} share
 * @property {HTMLButtonElement} copy
 * @property {HTMLDivElement} shareRow
 * @property {Buttons} resultButtons
 * @property {RuleCard} ruleCard  a rule read where its name appears (course_rule.js)
 * @property {Set<string>} openSections  the folded sections (puzzles) the learner opened
 */

/**
 * The course's buttons: what each asks of the kernel, its key, and its words.
 * @type {Record<CourseAction, {key: string, text: string, title: string}>}
 */
export const COURSE_BUTTONS = {
  hint: { key: "H", text: "Hint", title: "Light the card or pile to play (H)" },
  retry: { key: "R", text: "Retry", title: "Start this level again (R)" },
  next: { key: "N", text: "Next", title: "The next level (N)" },
  map: { key: "M", text: "Map", title: "The course map (M)" },
  daily: { key: "D", text: "Daily deal", title: "Today's deal against the computer (D)" },
  play_game: { key: "G", text: "Play a game", title: "A whole duel against the computer at Slow (G)" },
};

/**
 * A course button: its words, then its key in a <kbd> (shown, and in aria-keyshortcuts).
 * @param {Document} doc @param {CourseAction} action @param {string} [cls]
 */
export function courseButton(doc, action, cls = "") {
  return keyedButton(doc, "course", action, COURSE_BUTTONS[action], cls);
}

/** @param {Document} doc @param {CourseRefs} refs */
function buildBar(doc, refs) {
  const bar = h(doc, "div", "spit-course-bar");
  const text = h(doc, "div", "spit-course-text");
  refs.where = h(doc, "div", "spit-course-where");
  refs.goal = h(doc, "div", "spit-course-goal");
  text.append(refs.where, refs.goal);
  const buttons = h(doc, "div", "spit-course-buttons");
  refs.pause = h(doc, "button", "spit-btn spit-course-pause", {
    type: "button", text: "Pause", title: "Pause or resume (P)", "aria-keyshortcuts": "P",
  });
  refs.barButtons = {};
  for (const action of /** @type {const} */ (["hint", "retry", "next", "map"])) {
    refs.barButtons[action] = courseButton(doc, action);
    buttons.append(refs.barButtons[action]);
  }
  buttons.prepend(refs.pause);
  bar.append(text, buttons);
  refs.bar = bar;
  return bar;
}

/** @param {Document} doc @param {CourseRefs} refs */
function buildMap(doc, refs) {
  const map = h(doc, "section", "spit-course-map", { "aria-label": "Course map" });
  const head = h(doc, "div", "spit-course-maphead");
  const title = h(doc, "h2", "spit-course-title", { text: "Learn Spit" });
  refs.continue = h(doc, "button", "spit-btn spit-btn-primary spit-course-continue", {
    type: "button", "data-course": "continue",
  });
  refs.mapDaily = courseButton(doc, "daily", "spit-course-daily");
  refs.mapGame = courseButton(doc, "play_game", "spit-course-game");
  refs.summary = h(doc, "div", "spit-course-summary");
  head.append(title, refs.summary, refs.continue, refs.mapGame, refs.mapDaily);
  refs.sections = h(doc, "div", "spit-course-sections");
  map.append(head, refs.sections);
  refs.map = map;
  refs.sectionKey = "";
  return map;
}

/** @param {Document} doc @param {CourseRefs} refs */
function buildResult(doc, refs) {
  const panel = h(doc, "div", "spit-course-result", { role: "dialog", "aria-modal": "false" });
  refs.resultTitle = h(doc, "h2", "spit-course-result-title");
  refs.resultStars = h(doc, "div", "spit-course-stars");
  refs.resultText = h(doc, "p", "spit-course-result-text");
  refs.share = h(doc, "input", "spit-course-share", { type: "text", readonly: "", "aria-label": "Share line" });
  refs.copy = h(doc, "button", "spit-btn spit-course-copy", { type: "button", text: "Copy", "data-course": "copy" });
  const shareRow = h(doc, "div", "spit-course-sharerow");
  shareRow.append(refs.share, refs.copy);
  refs.shareRow = shareRow;
  const buttons = h(doc, "div", "spit-course-result-buttons");
  refs.resultButtons = {};
  for (const action of /** @type {const} */ (["next", "retry", "hint", "map"])) {
    refs.resultButtons[action] = courseButton(doc, action, action === "next" ? "spit-btn-primary" : "");
    buttons.append(refs.resultButtons[action]);
  }
  panel.append(refs.resultTitle, refs.resultStars, refs.resultText, shareRow, buttons);
  panel.hidden = true;
  refs.result = panel;
  return panel;
}

/**
 * The course's skeleton; the table is rendered into refs.tableHost by course.js.
 * @param {Document} doc
 * @returns {CourseRefs}
 */
export function buildCourse(doc) {
  /** @type {Partial<CourseRefs>} */
  const start = {
    doc,
    root: h(doc, "div", "spit-course", {
      role: "region", "aria-label": "Spit course", "data-screen": "", "data-lm-suppress-shortcuts": "true",
    }),
  };
  const refs = /** @type {CourseRefs} */ (start); // the build functions below fill in the rest
  refs.tableHost = h(doc, "div", "spit-course-table");
  refs.live = h(doc, "div", "spit-course-live spit-sr-only", { "aria-live": "polite", "aria-atomic": "true" });
  const stage = h(doc, "div", "spit-course-stage");
  refs.stage = stage;
  stage.append(refs.tableHost, buildResult(doc, refs));
  refs.ruleCard = buildRuleCard(doc);
  refs.openSections = new Set();
  refs.root.append(buildBar(doc, refs), buildMap(doc, refs), stage, refs.ruleCard.el, refs.live);
  return refs;
}
