// A rule of the game, read where its name appears: a refusal, a hint, the map.
//
// Every rule name the course shows is a <button data-rule="id"> (the table draws
// one beside a refusal or hint whose notice names a rule; the map one per rule a
// stage teaches). A click opens this card beside it: the rule's name and its
// text from the `course` trait's `rules` (spit_widget/learn/catalogue.py, the one
// place the rules are written), and the course levels that teach it. Close,
// Escape, or a click elsewhere closes it; the keyboard goes back to the link.

import { h } from "./build.js";
import { _ } from "./words.js";

/**
 * @typedef {{name: string, text: string}} RuleText
 * @typedef {{id: string, title: string, section: string}} Teacher  a level that teaches a rule
 * @typedef {object} RuleCard
 * @property {HTMLDivElement} el
 * @property {HTMLHeadingElement} name
 * @property {HTMLParagraphElement} text
 * @property {HTMLDivElement} levels
 * @property {HTMLButtonElement} close
 * @property {string | null} rule  the rule shown (null: closed)
 * @property {HTMLElement | null} opener  the link that opened it
 */

/** How many levels that teach a rule the card offers to open. */
const MAX_TEACHERS = 3;

/**
 * The card, made once per view (hidden).
 * @param {Document} doc
 * @returns {RuleCard}
 */
export function buildRuleCard(doc) {
  const el = h(doc, "div", "spit-course-rule", { role: "dialog", "aria-modal": "false" });
  const name = h(doc, "h3", "spit-course-rule-name");
  const text = h(doc, "p", "spit-course-rule-text");
  const levels = h(doc, "div", "spit-course-rule-levels");
  const close = h(doc, "button", "spit-btn spit-course-rule-close", { type: "button", "aria-keyshortcuts": "Escape" });
  close.append(doc.createTextNode(""), h(doc, "kbd", "spit-course-kbd", { text: "Esc" }));
  el.append(name, text, levels, close);
  el.hidden = true;
  const card = { el, name, text, levels, close, rule: null, opener: null };
  sayRuleCard(card);
  return card;
}

/**
 * The card's own words in the page's language now (its Close button; the rule
 * itself comes from the kernel, in its language). A card open when the
 * language changes is closed by the course (its rule was read in the old one).
 * @param {RuleCard} card
 */
export function sayRuleCard(card) {
  const first = card.close.firstChild;
  if (first && first.nodeType === 3) first.textContent = _("Close") + " "; // (Babel reads no call inside a template literal)
}

/**
 * Put the card beside `opener` inside `root`: under it, or over it when it does
 * not fit below in the window and does fit above within the root; never past
 * the root's sides or above its top.
 * @param {RuleCard} card @param {HTMLElement} root @param {HTMLElement} opener
 */
function place(card, root, opener) {
  const box = root.getBoundingClientRect();
  const at = opener.getBoundingClientRect();
  const own = card.el.getBoundingClientRect();
  const win = root.ownerDocument.defaultView;
  const need = own.height + 12;
  const below = (win ? win.innerHeight : Infinity) - at.bottom;
  // Room above counts only inside the course: a card above the root's top is cut off by the
  // notebook's output area (the map's first rows, "From your games", sit at the root's top).
  const above = at.top - Math.max(box.top, 0);
  const over = below < need && above >= need;
  const top = Math.max(0, over ? at.top - box.top - own.height - 6 : at.bottom - box.top + 6);
  const left = Math.max(8, Math.min(at.left - box.left, box.width - own.width - 8));
  card.el.style.top = `${Math.round(top)}px`;
  card.el.style.left = `${Math.round(left)}px`;
}

/**
 * Open the card on `rule` beside `opener`; false when the course knows no such rule.
 * @param {RuleCard} card @param {HTMLElement} root @param {HTMLElement} opener @param {string} rule
 * @param {Record<string, RuleText>} rules @param {Teacher[]} teachers  the levels that teach it
 */
export function openRule(card, root, opener, rule, rules, teachers) {
  const found = rules[rule];
  if (!found) return false;
  const doc = root.ownerDocument;
  card.rule = rule;
  card.opener = opener;
  card.el.dataset.rule = rule;
  card.el.setAttribute("aria-label", _("The rule: {name}", { name: found.name }));
  card.name.textContent = String(found.name);
  card.text.textContent = String(found.text);
  card.levels.replaceChildren();
  const shown = teachers.slice(0, MAX_TEACHERS);
  if (shown.length) {
    card.levels.append(h(doc, "span", "spit-course-rule-taught", { text: _("Learn it in:") }));
    for (const t of shown) {
      card.levels.append(h(doc, "button", "spit-btn spit-course-rule-level", {
        type: "button", "data-course": "open", "data-level": t.id, text: t.title, title: t.section,
      }));
    }
  }
  card.el.hidden = false;
  place(card, root, opener);
  card.close.focus({ preventScroll: true });
  return true;
}

/**
 * Close the card; the keyboard goes back to its link if that is still shown.
 * @param {RuleCard} card @param {boolean} [refocus]
 */
export function closeRule(card, refocus = true) {
  if (card.rule == null) return;
  const opener = card.opener;
  card.el.hidden = true;
  card.rule = null;
  card.opener = null;
  if (refocus && opener && opener.isConnected && !opener.closest("[hidden]")) opener.focus({ preventScroll: true });
}
