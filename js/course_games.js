// The course map's "from your games": the three rules behind the most missed
// moments of your recent games (the kernel reads them back: spit_widget.review),
// each with the course level that teaches it. Its own small section of the map,
// built and drawn here; its buttons open a level as the map's own do
// (data-course="open"). Text goes in through textContent only.

import { h } from "./build.js";
import { _, language } from "./words.js";
import "./course_games.css";

/**
 * One row of the `course` trait's `from_games`.
 * @typedef {{rule: string, name: string, text: string, level: string | null, goal: string | null}} FromGame
 */

/**
 * The section, put into the map under its head; hidden until there are rows.
 * @param {Document} doc @param {HTMLElement} map  the course map (refs.map)
 * @returns {HTMLElement}
 */
export function buildFromGames(doc, map) {
  const section = h(doc, "section", "spit-course-games");
  section.append(h(doc, "h3", "spit-course-games-title"), h(doc, "ul", "spit-course-games-list"));
  section.hidden = true;
  sayFromGames(section);
  const head = map.querySelector(".spit-course-maphead");
  if (head) head.after(section);
  else map.prepend(section);
  return section;
}

/**
 * The section's own words in the page's language now (at build, and when it
 * changes; its rows are drawn again in the new language by `drawFromGames`).
 * @param {HTMLElement} section
 */
export function sayFromGames(section) {
  section.setAttribute("aria-label", _("From your games"));
  const title = section.querySelector(".spit-course-games-title");
  if (title) title.textContent = _("From your games");
}

/** @param {unknown} raw  the `course` trait's from_games @returns {FromGame[]} */
export function fromGames(raw) {
  if (!Array.isArray(raw)) return [];
  return raw.filter((r) => r && typeof r === "object" && typeof r.name === "string").slice(0, 3);
}

/** @param {Document} doc @param {FromGame} row */
function rowItem(doc, row) {
  const li = h(doc, "li", "spit-course-games-row", { "data-rule": String(row.rule) });
  const what = h(doc, "span", "spit-course-games-what");
  what.append(h(doc, "b", "", { text: row.name }), doc.createTextNode(` \u00b7 ${row.text}`));
  li.append(what);
  if (row.level) {
    li.append(h(doc, "button", "spit-btn spit-course-games-level", {
      type: "button", "data-course": "open", "data-level": row.level, text: _("Practise"),
      title: String(row.goal || ""),
      "aria-label": _("Practise {rule}: {goal}", { rule: row.name, goal: row.goal || row.level }),
    }));
  }
  return li;
}

/**
 * Draw the rows (again only when they or the language change).
 * @param {HTMLElement} section @param {unknown} raw  the `course` trait's from_games
 */
export function drawFromGames(section, raw) {
  const rows = fromGames(raw);
  const key = JSON.stringify([language(), rows]); // a new language: its words again
  if (section.dataset.key === key) return;
  section.dataset.key = key;
  section.hidden = !rows.length;
  const list = section.querySelector(".spit-course-games-list");
  if (list) list.replaceChildren(...rows.map((r) => rowItem(section.ownerDocument, r)));
}
