// One section of the course map: its levels by their short names, the rules it
// teaches (each a link to read it, course_rule.js), and, for a track of
// puzzles, folded under its title until the learner opens it, its puzzles
// grouped by kind. course_update.js rebuilds the sections when a star changes.

import { h } from "./build.js";
import { _, ngettext } from "./words.js";

/**
 * @import { CourseRefs } from "./course_build.js"
 * @import { Teacher } from "./course_rule.js"
 * @typedef {{id: string, n: number, title?: string, goal: string, stars: number, rules?: string[]}} MapLevel
 * @typedef {{id: string, track: string, title: string, levels: MapLevel[]}} MapSection
 * @typedef {{name: string, text: string}} RuleText
 */

const STAR = "\u2605";
const NO_STAR = "\u2606";

/** "★★☆" for 2 of 3 stars. @param {unknown} n */
export function starsText(n) {
  const k = Math.max(0, Math.min(3, Number(n) || 0));
  return STAR.repeat(k) + NO_STAR.repeat(3 - k);
}

/**
 * How many of its three stars a level has, in words ("2 of 3 stars"; none: "not done yet").
 * @param {number} stars
 */
export function starWords(stars) {
  return stars ? ngettext("{n} of 3 stars", "{n} of 3 stars", stars) : _("not done yet");
}

/**
 * A level named for a screen reader: its number, its short name if it has one, its goal.
 * @param {MapLevel} level @param {string} title
 */
function levelWords(level, title) {
  const values = { level: level.n, title, goal: level.goal };
  return title ? _("Level {level}, {title}: {goal}.", values) : _("Level {level}: {goal}.", values);
}

/**
 * A level's button: its number, its short name (`named`), its stars.
 * @param {Document} doc @param {MapLevel} level @param {boolean} named
 */
function levelButton(doc, level, named) {
  const stars = Number(level.stars) || 0;
  const title = String(level.title || "");
  const btn = h(doc, "button", `spit-course-level${named ? " spit-course-level-named" : ""}`, {
    type: "button", "data-course": "open", "data-level": String(level.id), "data-stars": String(stars),
    title: String(level.goal || ""), "aria-label": `${levelWords(level, title)} ${starWords(stars)}`,
  });
  const starsEl = h(doc, "span", "spit-course-level-stars", { "aria-hidden": "true" });
  starsEl.append(h(doc, "span", "spit-course-star-got", { text: STAR.repeat(stars) }),
    h(doc, "span", "spit-course-star-not", { text: NO_STAR.repeat(3 - Math.min(3, stars)) }));
  btn.append(h(doc, "span", "spit-course-level-n", { text: String(level.n) }));
  if (named) {
    const words = h(doc, "span", "spit-course-level-words");
    words.append(h(doc, "span", "spit-course-level-name", { text: title }), starsEl);
    btn.append(words);
  } else {
    btn.append(starsEl);
  }
  return btn;
}

/**
 * The levels in runs of one short name: a run of one is a named button; a
 * longer run (a track's puzzles of one kind) is its name, then numbered buttons.
 * @param {Document} doc @param {MapLevel[]} levels
 */
function levelRows(doc, levels) {
  /** @type {MapLevel[][]} */
  const runs = [];
  for (const level of levels) {
    const last = runs[runs.length - 1];
    if (last && level.title && last[0].title === level.title) last.push(level);
    else runs.push([level]);
  }
  const row = h(doc, "div", "spit-course-levels");
  for (const run of runs) {
    if (run.length === 1) {
      row.append(levelButton(doc, run[0], !!run[0].title));
      continue;
    }
    const group = h(doc, "div", "spit-course-group", { role: "group", "aria-label": String(run[0].title) });
    const tiles = h(doc, "div", "spit-course-group-levels");
    tiles.append(...run.map((l) => levelButton(doc, l, false)));
    group.append(h(doc, "div", "spit-course-group-title", { text: String(run[0].title) }), tiles);
    row.append(group);
  }
  return row;
}

/**
 * The rules a section's levels teach, in the order first taught, each a link.
 * @param {Document} doc @param {MapLevel[]} levels @param {Record<string, RuleText>} rules
 */
function ruleLinks(doc, levels, rules) {
  const ids = [...new Set(levels.flatMap((l) => (Array.isArray(l.rules) ? l.rules : [])))].filter((id) => rules[id]);
  if (!ids.length) return null;
  const line = h(doc, "div", "spit-course-rules");
  line.append(h(doc, "span", "spit-course-rules-label", { text: _("Rules:") }));
  for (const id of ids) {
    line.append(h(doc, "button", "spit-rule-link spit-course-rule-link", {
      type: "button", "data-rule": id, text: String(rules[id].name),
    }));
  }
  return line;
}

/**
 * One section of the map. A course's stage shows its levels and rules; a track
 * of puzzles folds under its title (open as the learner left it).
 * @param {CourseRefs} refs @param {MapSection} s @param {Record<string, RuleText>} rules
 * @returns {HTMLElement}
 */
export function mapSection(refs, s, rules) {
  const { doc } = refs;
  const levels = Array.isArray(s.levels) ? s.levels : [];
  const got = levels.reduce((n, l) => n + (Number(l.stars) || 0), 0);
  const heading = `${s.title} \u00b7 ${got}/${3 * levels.length} ${STAR}`;
  const attrs = { "data-section": String(s.id), "data-track": String(s.track) };
  if (s.track === "course") {
    const el = h(doc, "section", "spit-course-section", attrs);
    el.append(h(doc, "h3", "spit-course-section-title", { text: heading }), levelRows(doc, levels));
    const links = ruleLinks(doc, levels, rules);
    if (links) el.append(links);
    return el;
  }
  const fold = h(doc, "details", "spit-course-section spit-course-fold", attrs);
  fold.open = refs.openSections.has(String(s.id));
  const summary = h(doc, "summary", "spit-course-section-title");
  const count = ngettext("{n} puzzle", "{n} puzzles", levels.length); // (Babel reads no call in a template literal)
  summary.append(doc.createTextNode(heading),
    h(doc, "span", "spit-course-fold-count", { text: ` \u00b7 ${count}` }));
  fold.append(summary, levelRows(doc, levels));
  fold.addEventListener("toggle", () => {
    if (fold.open) refs.openSections.add(String(s.id));
    else refs.openSections.delete(String(s.id));
  });
  return fold;
}

/**
 * The course's levels that teach `rule` (its own track, not the puzzles).
 * @param {MapSection[]} sections @param {string} rule
 * @returns {Teacher[]}
 */
export function teachersOf(sections, rule) {
  return sections.filter((s) => s.track === "course").flatMap((s) => (Array.isArray(s.levels) ? s.levels : [])
    .filter((l) => Array.isArray(l.rules) && l.rules.includes(rule))
    .map((l) => ({ id: String(l.id), title: String(l.title || l.goal), section: String(s.title) })));
}
