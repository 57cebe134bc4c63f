// Patching the course's DOM (course_build.js) from the kernel's `course`
// snapshot: which screen shows, the map and its stars, the bar, the result
// panel. The page knows no rules: every sentence comes from the kernel.

import { mapSection, starWords, starsText } from "./course_map.js";
import { _, language, ngettext } from "./words.js";

export { starsText };

/**
 * The `course` trait (spit_widget/widget/course/view.py), as far as the page reads it.
 * @import { MapSection, RuleText } from "./course_map.js"
 * @typedef {{id: string, section: string, n: number, count: number, moves: number, par: number,
 *   par_words: string, goal: string, timed: boolean}} Current  the level on the table
 *   (par_words: its par in words, "in 1 move: 3 stars")
 * @typedef {{kind: string, stars?: number, why?: string, moves?: number, par?: number,
 *   par_words?: string, text?: string, title?: string, share?: string | null}} Result
 *   how it ended: "solved" (stars, why, moves, par), "failed" (text), "daily" (title, text, share)
 * @typedef {{text: string, card: string | null, pile: number | null}} CourseHint
 * @typedef {object} Course
 * @property {"map" | "level" | "daily" | "game"} screen
 * @property {MapSection[]} sections
 * @property {string | null} resume  the level Continue opens
 * @property {Current | null} current
 * @property {Result | null} result
 * @property {CourseHint | null} hint
 * @property {{date: string} | null} daily
 * @property {{title: string, goal: string} | null} game
 * @property {{seq: number, text: string}} said  the sentence to announce (a new seq: say it)
 * @property {{daily: boolean, play_game: boolean, download: boolean}} offers  the map's Daily
 *   deal, Play a game and Download my work,
 *   each false when a teacher's course leaves it out
 * @property {Record<string, RuleText>} rules  every rule by id: its name and text, to read
 * @import { CourseRefs } from "./course_build.js"
 * @import { State } from "./protocol.js"
 */

/**
 * The course snapshot with every field the renderer reads present (never throws).
 * @param {unknown} raw  the `course` trait as it came
 * @returns {Course}
 */
export function normaliseCourse(raw) {
  /** @type {Record<string, any>} the trait before its fields are checked: any may be anything */
  const c = raw && typeof raw === "object" ? raw : {};
  /** @type {Course["screen"][]} */
  const screens = ["map", "level", "daily", "game"];
  return {
    screen: screens.includes(c.screen) ? c.screen : "map",
    sections: Array.isArray(c.sections) ? c.sections : [],
    resume: typeof c.resume === "string" ? c.resume : null,
    current: c.current && typeof c.current === "object" ? c.current : null,
    result: c.result && typeof c.result === "object" ? c.result : null,
    hint: c.hint && typeof c.hint === "object" ? c.hint : null,
    daily: c.daily && typeof c.daily === "object" ? c.daily : null,
    game: c.game && typeof c.game === "object" ? c.game : null,
    said: c.said && typeof c.said === "object" ? c.said : { seq: 0, text: "" },
    offers: {
      daily: !(c.offers && c.offers.daily === false),
      play_game: !(c.offers && c.offers.play_game === false),
      download: !!(c.offers && c.offers.download),
    },
    rules: c.rules && typeof c.rules === "object" ? c.rules : {},
  };
}

/** The map's sections: rebuilt only when a level, a star or the language changes. @param {CourseRefs} refs @param {Course} course */
function updateMap(refs, course) {
  const key = JSON.stringify([language(), Object.keys(course.rules).length,
    course.sections.map((s) => [s.id, (s.levels || []).map((l) => [l.id, l.stars])])]);
  if (key !== refs.sectionKey) {
    refs.sectionKey = key;
    refs.sections.replaceChildren(...course.sections.map((s) => mapSection(refs, s, course.rules)));
  }
  /** @param {boolean} puzzles */
  const count = (puzzles) => {
    const levels = course.sections.filter((s) => (s.track === "course") !== puzzles)
      .flatMap((s) => (Array.isArray(s.levels) ? s.levels : []));
    return [levels.filter((l) => Number(l.stars) > 0).length, levels.length];
  };
  const [done, all] = count(false);
  const [solved, puzzles] = count(true);
  refs.summary.textContent = puzzles
    ? _("{done} of {all} levels done, {solved} of {puzzles} puzzles", { done, all, solved, puzzles })
    : _("{done} of {all} levels done", { done, all });
  const first = course.sections[0] && course.sections[0].levels && course.sections[0].levels[0];
  const fresh = !first || course.resume === first.id;
  refs.continue.textContent = fresh ? _("Start") : _("Continue");
  refs.continue.dataset.level = course.resume || "";
  refs.mapDaily.hidden = !course.offers.daily;
  refs.mapGame.hidden = !course.offers.play_game;
  refs.handIn.hidden = !course.offers.download;
}

/** @param {CourseRefs} refs @param {Course} course @param {State | null | undefined} table */
function updateBar(refs, course, table) {
  const cur = course.current;
  const solved = !!(course.result && course.result.kind === "solved");
  if (course.screen === "game" && course.game) {
    refs.where.textContent = String(course.game.title || "");
    refs.goal.textContent = String(course.game.goal || "");
  } else if (course.screen === "daily") {
    refs.where.textContent = _("Daily deal · {date}", { date: course.daily ? course.daily.date : "" });
    refs.goal.textContent = _("Clear your five stock piles before the computer (Normal pace).");
  } else if (cur) {
    refs.where.textContent = _("{section} · level {n} of {count} · moves {moves} · {par}",
      { section: cur.section, n: cur.n, count: cur.count, moves: cur.moves, par: cur.par_words });
    refs.goal.textContent = _("Goal: {goal}", { goal: cur.goal });
  }
  const b = refs.barButtons;
  b.next.disabled = !solved;
  b.hint.disabled = !!course.result;
  // Pause matters where something runs on its own: the computer, or a level's clock.
  refs.pause.hidden = course.screen === "map" || (course.screen === "level" && !(cur && cur.timed));
  refs.pause.textContent = table && table.paused ? _("Resume") : _("Pause");
}

/** @param {Result} result */
function resultWords(result) {
  if (result.kind === "solved") {
    return {
      title: _("Solved!"), stars: starsText(result.stars),
      text: ngettext("{why} ({n} move; {par})", "{why} ({n} moves; {par})", Number(result.moves) || 0,
        { why: result.why, par: result.par_words }),
    };
  }
  if (result.kind === "failed") return { title: _("Not this time"), stars: "", text: String(result.text || "") };
  return { title: String(result.title || ""), stars: "", text: String(result.text || "") };
}

/** @param {CourseRefs} refs @param {Course} course */
function updateResult(refs, course) {
  const r = course.result;
  refs.result.hidden = !r;
  if (!r) return;
  const words = resultWords(r);
  refs.result.dataset.kind = String(r.kind);
  refs.resultTitle.textContent = words.title;
  refs.result.setAttribute("aria-label", words.title);
  refs.resultStars.textContent = words.stars;
  refs.resultStars.setAttribute("aria-label", r.kind === "solved" ? starWords(Number(r.stars) || 0) : "");
  refs.resultStars.hidden = !words.stars;
  refs.resultText.textContent = words.text;
  const share = r.kind === "daily" && r.share ? String(r.share) : "";
  refs.shareRow.hidden = !share;
  refs.share.value = share;
  const b = refs.resultButtons;
  b.next.hidden = r.kind !== "solved";
  b.hint.hidden = r.kind !== "failed";
  b.retry.classList.toggle("spit-btn-primary", r.kind !== "solved");
}

/**
 * Light the hinted pile when the hint names a pile and no card (the table lights cards).
 * @param {CourseRefs} refs @param {Course} course @param {State | null | undefined} table
 */
function updateHintPile(refs, course, table) {
  const hint = course.hint;
  const m = table && table.message;
  const lit = hint && hint.pile != null && !hint.card && m && m.kind === "hint" ? Number(hint.pile) : null;
  const piles = /** @type {NodeListOf<HTMLElement>} */ (refs.tableHost.querySelectorAll(".spit-centre"));
  for (const el of piles) {
    el.classList.toggle("spit-course-lit", lit != null && Number(el.dataset.centre) === lit);
  }
}

/**
 * Patch everything from `course` (normalised) and the table's `state`.
 * @param {CourseRefs} refs @param {Course} course @param {State | null | undefined} table
 */
export function updateCourse(refs, course, table) {
  refs.root.dataset.screen = course.screen;
  refs.map.hidden = course.screen !== "map";
  refs.bar.hidden = course.screen === "map";
  refs.stage.hidden = course.screen === "map";
  updateMap(refs, course);
  updateBar(refs, course, table);
  updateResult(refs, course);
  updateHintPile(refs, course, table);
}
