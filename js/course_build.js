// The course's DOM, made once per view: the bar over the table (where you are,
// the goal, Hint / Retry / Next / Map), the map of stages and levels, the result
// panel over the felt, and the course's live region. course_update.js patches it
// from each `course` snapshot. Text goes in through textContent only; every
// label is a message of the catalogue (words.js), said again by `sayCourse`
// when the language changes.

import { h, keyedButton } from "./build.js";
import { buildRuleCard, sayRuleCard } from "./course_rule.js";
import { _ } from "./words.js";

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
 * @property {HTMLHeadingElement} mapTitle
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
 * @property {HTMLDivElement} handIn  the map's row for handing the work in (a name, a download)
 * @property {HTMLInputElement} handInName
 * @property {HTMLButtonElement} download
 */

/**
 * The course's buttons: what each asks of the kernel, its key, and its words
 * in the page's language now (made as the buttons are built, and again when
 * the language changes: never once at load).
 * @returns {Record<CourseAction, {key: string, text: string, title: string}>}
 */
export function courseButtons() {
  return {
    hint: { key: "H", text: _("Hint"), title: _("Light the card or pile to play (H)") },
    retry: { key: "R", text: _("Retry"), title: _("Start this level again (R)") },
    next: { key: "N", text: _("Next"), title: _("The next level (N)") },
    map: { key: "M", text: _("Map"), title: _("The course map (M)") },
    daily: { key: "D", text: _("Daily deal"), title: _("Today's deal against the computer (D)") },
    play_game: { key: "G", text: _("Play a game"), title: _("A whole duel against the computer at Slow (G)") },
  };
}

/**
 * A course button: its words, then its key in a <kbd> (shown, and in aria-keyshortcuts).
 * @param {Document} doc @param {CourseAction} action @param {string} [cls]
 */
export function courseButton(doc, action, cls = "") {
  return keyedButton(doc, "course", action, courseButtons()[action], cls);
}

/**
 * A keyed button's words said again (its <kbd> kept).
 * @param {HTMLElement} btn @param {{text: string, title?: string}} spec
 */
export function sayKeyed(btn, spec) {
  const first = btn.firstChild;
  if (first && first.nodeType === 3) first.textContent = `${spec.text} `;
  else btn.prepend(btn.ownerDocument.createTextNode(`${spec.text} `));
  if (spec.title != null) btn.setAttribute("title", spec.title);
}

/**
 * Every label the course's DOM was built with, said in the page's language now
 * (at build, and when the kernel sends new words). What each update writes
 * (the bar, the map, the result) is made again by the update itself.
 * @param {CourseRefs} refs
 */
export function sayCourse(refs) {
  refs.root.setAttribute("aria-label", _("Spit course"));
  refs.pause.setAttribute("title", _("Pause or resume (P)"));
  refs.map.setAttribute("aria-label", _("Course map"));
  refs.mapTitle.textContent = _("Learn Spit");
  refs.share.setAttribute("aria-label", _("Share line"));
  refs.copy.textContent = _("Copy");
  const words = courseButtons();
  for (const buttons of [refs.barButtons, refs.resultButtons]) {
    for (const [action, btn] of Object.entries(buttons)) sayKeyed(btn, words[/** @type {CourseAction} */ (action)]);
  }
  sayKeyed(refs.mapDaily, words.daily);
  sayKeyed(refs.mapGame, words.play_game);
  refs.handInName.setAttribute("aria-label", _("Your name, for your teacher"));
  refs.handInName.setAttribute("placeholder", _("Your name"));
  refs.download.textContent = _("Download my work");
  refs.download.setAttribute("title", _("Your solved levels and your games' summaries, in a file "
    + "to hand in to your teacher (spit-record.json)"));
  sayRuleCard(refs.ruleCard);
}

/** @param {Document} doc @param {CourseRefs} refs */
function buildBar(doc, refs) {
  const bar = h(doc, "div", "spit-course-bar");
  const text = h(doc, "div", "spit-course-text");
  refs.where = h(doc, "div", "spit-course-where");
  refs.goal = h(doc, "div", "spit-course-goal");
  text.append(refs.where, refs.goal);
  const buttons = h(doc, "div", "spit-course-buttons");
  refs.pause = h(doc, "button", "spit-btn spit-course-pause", { type: "button", "aria-keyshortcuts": "P" });
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
  const map = h(doc, "section", "spit-course-map");
  const head = h(doc, "div", "spit-course-maphead");
  const title = h(doc, "h2", "spit-course-title");
  refs.mapTitle = title;
  refs.continue = h(doc, "button", "spit-btn spit-btn-primary spit-course-continue", {
    type: "button", "data-course": "continue",
  });
  refs.mapDaily = courseButton(doc, "daily", "spit-course-daily");
  refs.mapGame = courseButton(doc, "play_game", "spit-course-game");
  refs.summary = h(doc, "div", "spit-course-summary");
  head.append(title, refs.summary, refs.continue, refs.mapGame, refs.mapDaily);
  refs.sections = h(doc, "div", "spit-course-sections");
  // Handing the work in where there is no folder beside a notebook (the static site):
  // the kernel makes the record for the typed name, the page saves it (course.js).
  refs.handIn = h(doc, "div", "spit-course-handin");
  refs.handInName = h(doc, "input", "spit-course-handin-name", {
    type: "text", maxlength: 100, autocomplete: "name",
  });
  refs.download = h(doc, "button", "spit-btn spit-course-download", { type: "button", "data-course": "download" });
  refs.handIn.append(refs.handInName, refs.download);
  refs.handIn.hidden = true;
  map.append(head, refs.sections, refs.handIn);
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
  refs.share = h(doc, "input", "spit-course-share", { type: "text", readonly: "" });
  refs.copy = h(doc, "button", "spit-btn spit-course-copy", { type: "button", "data-course": "copy" });
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
      role: "region", "data-screen": "", "data-lm-suppress-shortcuts": "true",
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
  sayCourse(refs);
  return refs;
}
