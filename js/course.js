// spit-widget's course front end: render({model, el}) for the CourseWidget.
//
// The course is the normal table (widget.js renders it, unchanged, into a host
// element) under a course bar and a map. The bar's buttons and keys (H Hint,
// R Retry, N Next, M Map, D Daily deal, G a whole game) send {kind: "course", do, level?};
// the kernel referees every action with the level and publishes a `course`
// snapshot, which course_update.js draws and whose `said` sentence is announced
// in the course's live region. Keys the table uses (1-5, Space, arrows, Enter,
// P, H) reach the table first; the rest bubble up to the course.

import "./course.css"; // bundled beside the course bundle: static/course.css
import { mountTable } from "./widget.js";
import { buildCourse, sayCourse } from "./course_build.js";
import { normaliseCourse, updateCourse } from "./course_update.js";
import { closest } from "./build.js";
import { buildFromGames, drawFromGames, sayFromGames } from "./course_games.js";
import { closeRule, openRule } from "./course_rule.js";
import { teachersOf } from "./course_map.js";
import { useWords } from "./words.js";

/**
 * @import { AnyModel } from "@anywidget/types"
 * @import { CourseAction, CourseRefs } from "./course_build.js"
 * @import { Course } from "./course_update.js"
 * @import { Traits } from "./protocol.js"
 * @typedef {Pick<AnyModel<Traits & {course: unknown}>, "get" | "on" | "off" | "send">} CourseModel
 * @typedef {{model: CourseModel, refs: CourseRefs, doc: Document, course: Course | null,
 *   saidSeq: number | null, asked: boolean, games: HTMLElement, send: (msg: object) => unknown}} CourseView
 *   `asked`: the person asked for something the kernel has not answered yet; `send`: the
 *   table's outbox (each action numbered and kept until acknowledged)
 */

/**
 * The course's keys (either case) and what each asks for.
 * @type {Record<string, CourseAction>}
 */
export const COURSE_KEYS = { h: "hint", r: "retry", n: "next", m: "map", d: "daily", g: "play_game" };

/** @param {CourseView} view @param {string} action @param {string} [level] */
function send(view, action, level) {
  view.asked = true;
  view.send(level ? { kind: "course", do: action, level } : { kind: "course", do: action });
}

/**
 * The button that stands for `action` now, if one is shown and enabled.
 * @param {CourseView} view @param {CourseAction} action
 */
function buttonFor(view, action) {
  const { refs } = view;
  /** @type {Record<string, HTMLButtonElement>} */
  const map = { daily: refs.mapDaily, play_game: refs.mapGame };
  const candidates = [refs.resultButtons[action], refs.barButtons[action], map[action]];
  return candidates.find((b) => b && !b.disabled && !b.closest("[hidden]")) || null;
}

/** @param {CourseView} view */
function copyShare(view) {
  const text = view.refs.share.value;
  const clip = view.doc.defaultView && view.doc.defaultView.navigator && view.doc.defaultView.navigator.clipboard;
  if (clip && text) clip.writeText(text).catch(() => view.refs.share.select());
  else view.refs.share.select();
}

/**
 * A rule's name was clicked (the map's, or the table's link by a refusal or
 * hint): its card opens beside it. True if it did.
 * @param {CourseView} view @param {Element | null} t
 */
function readRule(view, t) {
  const link = t && closest(t, "[data-rule]");
  if (!link || !view.refs.root.contains(link) || view.refs.ruleCard.el.contains(link)) return false;
  const button = t && closest(t, "[data-course]");
  if (button && link.contains(button) && button !== link) return false; // a row's own button (Practise) wins
  const course = view.course;
  const rule = String(link.dataset.rule);
  if (!course) return false;
  return openRule(view.refs.ruleCard, view.refs.root, link, rule, course.rules, teachersOf(course.sections, rule));
}

/** @param {CourseView} view @param {MouseEvent} e */
function onClick(view, e) {
  const target = /** @type {Node | null} */ (e.target);
  const t = target && target.nodeType === 1 ? /** @type {Element} */ (target) : null;
  const card = view.refs.ruleCard;
  if (readRule(view, t)) return;
  if (t && card.close.contains(t)) return closeRule(card);
  if (card.rule != null && !(t && card.el.contains(t))) closeRule(card, false); // a click elsewhere
  const btn = /** @type {HTMLButtonElement | null} the course's buttons carry data-course */ (
    t && closest(t, "[data-course]"));
  if (!btn || btn.disabled || !view.refs.root.contains(btn) || view.refs.tableHost.contains(btn)) return;
  const action = String(btn.dataset.course); // present: the button matched [data-course]
  if (action === "copy") return copyShare(view);
  if (action === "download") {
    view.asked = true;
    return view.send({ kind: "course", do: "download", name: view.refs.handInName.value });
  }
  if (action === "continue" || action === "open") return send(view, "open", btn.dataset.level);
  send(view, action);
}

/** @param {CourseView} view @param {KeyboardEvent} e */
function onKeyDown(view, e) {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || e.repeat) return;
  const target = /** @type {Node | null} */ (e.target);
  const t = target && target.nodeType === 1 ? /** @type {Element} */ (target) : null;
  if (e.key === "Escape" && view.refs.ruleCard.rule != null) {
    e.preventDefault();
    e.stopPropagation();
    return closeRule(view.refs.ruleCard);
  }
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  const action = COURSE_KEYS[String(e.key).toLowerCase()];
  if (!action) return;
  e.preventDefault();
  e.stopPropagation();
  const btn = buttonFor(view, action);
  if (btn) send(view, action);
}

/**
 * Where the keyboard goes after the kernel's answer: the table, the result's button, the map.
 * @param {CourseView} view @param {Course} course @param {Course} before
 */
function moveFocus(view, course, before) {
  const { refs, doc } = view;
  if (!view.asked && !refs.root.contains(doc.activeElement)) return;
  const opened = course.screen !== before.screen
    || (course.current && (!before.current || course.current.id !== before.current.id))
    || (!course.result && before.result);
  /** @type {HTMLElement | null} */
  let target = null;
  if (course.result && !before.result) {
    target = course.result.kind === "solved" ? refs.resultButtons.next : refs.resultButtons.retry;
  } else if (opened && course.screen === "map") target = refs.continue;
  else if (opened) target = /** @type {HTMLElement | null} */ (refs.tableHost.querySelector(".spit-root"));
  if (target) {
    view.asked = false;
    target.focus({ preventScroll: true });
  }
}

/** @param {CourseView} view */
function update(view) {
  useWords(view.model.get("words")); // this course's language (two tables may differ)
  const before = view.course;
  view.course = normaliseCourse(view.model.get("course"));
  updateCourse(view.refs, view.course, view.model.get("state"));
  const raw = view.model.get("course");
  drawFromGames(view.games, raw && typeof raw === "object" ? /** @type {{from_games?: unknown}} */ (raw).from_games : null);
  const moved = before && (view.course.screen !== before.screen
    || (view.course.current && view.course.current.id) !== (before.current && before.current.id));
  if (moved) closeRule(view.refs.ruleCard, false); // the rule was read about the screen left
  const said = view.course.said;
  if (said.seq !== view.saidSeq && said.text) view.refs.live.textContent = String(said.text);
  view.saidSeq = said.seq;
  if (before) moveFocus(view, view.course, before);
}

/**
 * The pupil's record from the kernel (after Download my work): saved by the browser
 * as a file, as any download is (a Blob behind a link clicked once).
 * @param {Document} doc @param {unknown} msg
 */
export function saveRecord(doc, msg) {
  const m = /** @type {{kind?: unknown, name?: unknown, text?: unknown} | null} */ (msg);
  if (!m || m.kind !== "record" || typeof m.name !== "string" || typeof m.text !== "string") return false;
  const win = doc.defaultView;
  const urls = win && win.URL;
  if (!urls || typeof urls.createObjectURL !== "function") return false;
  const url = urls.createObjectURL(new globalThis.Blob([m.text], { type: "application/json" }));
  const link = doc.createElement("a");
  link.href = url;
  link.download = m.name;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  win.setTimeout(() => urls.revokeObjectURL(url), 1000);
  return true;
}

/** @param {{model: CourseModel, el: HTMLElement}} props  anywidget's (render's other props go unused) */
function render({ model, el }) {
  const doc = el.ownerDocument || document;
  useWords(model.get("words")); // before anything is built: every label in the course's language
  const refs = buildCourse(doc);
  el.append(refs.root);
  const table = mountTable({ model, el: refs.tableHost });
  /** @type {CourseView} */
  const view = { model, refs, doc, course: null, saidSeq: null, asked: false,
    games: buildFromGames(doc, refs.map), send: table.send };
  const handleState = () => update(view);
  const handleCourse = () => {
    update(view);
    view.asked = false; // answered: later news moves the keyboard only if it is in the course
  };
  const handleClick = (/** @type {MouseEvent} */ e) => onClick(view, e);
  const handleKey = (/** @type {KeyboardEvent} */ e) => onKeyDown(view, e);
  const handlePause = () => table.send({ kind: model.get("state").paused ? "resume" : "pause" });
  const handleWords = () => { // a new language (the table relabels itself): the course's words again, in place
    useWords(model.get("words"));
    closeRule(refs.ruleCard, false); // its rule was read in the old language
    sayCourse(refs);
    sayFromGames(view.games);
    update(view);
  };
  const handleRecord = (/** @type {unknown} */ msg) => saveRecord(doc, msg);
  model.on("change:course", handleCourse);
  model.on("change:words", handleWords);
  model.on("msg:custom", handleRecord);
  model.on("change:state", handleState);
  refs.root.addEventListener("click", handleClick);
  refs.root.addEventListener("keydown", handleKey);
  refs.pause.addEventListener("click", handlePause);
  update(view);
  return () => {
    model.off("change:course", handleCourse);
    model.off("change:words", handleWords);
    model.off("msg:custom", handleRecord);
    model.off("change:state", handleState);
    refs.root.removeEventListener("click", handleClick);
    refs.root.removeEventListener("keydown", handleKey);
    refs.pause.removeEventListener("click", handlePause);
    table.dispose();
    refs.root.remove();
  };
}

export default { render };
