// The page's words in the learner's language.
//
// Every word the page shows is a message of the package's gettext catalogue
// (spit_widget/locale): the code asks for the English source with named
// placeholders, `_("Your pile {n}", { n: 3 })`, and the translation comes from
// the `words` the kernel sends for the table's language (spit_widget.locale.page),
// so the page has no list of its own to drift from the catalogue. Babel
// extracts these calls (babel.cfg) into the same template as the kernel's.
//
// A label set when an element is built is also recorded on it (`said`), so a
// change of language can say it again in place (`relabel`): the table keeps
// its focus, its flights and its seat. Text set on every refresh is simply
// made again in the new language.

/**
 * @typedef {{language: string, plural: number[], messages: Record<string, string | string[]>}} Words
 * What the kernel sends: the language, the index of the plural form for each
 * count 0..199 (the catalogue's own rule, evaluated in Python), and each page
 * message's translation (plural messages: their forms), keyed by its English
 * source (with its context first and "\u0004" between, as gettext keys it).
 */

/** @type {Words} */
const ENGLISH = Object.freeze({ language: "en", plural: [], messages: {} });

/** @type {Words} */
let current = ENGLISH;

/** The words the page speaks from now on (a malformed value leaves English). @param {unknown} words */
export function useWords(words) {
  const w = /** @type {Partial<Words> | null} */ (words && typeof words === "object" ? words : null);
  current = w && w.messages && typeof w.messages === "object"
    ? { language: String(w.language || "en"), plural: Array.isArray(w.plural) ? w.plural : [],
      messages: w.messages }
    : ENGLISH;
}

/** The language the page speaks now ("en", "fr", "es", "de"). */
export function language() {
  return current.language;
}

/**
 * `text` with its `{name}` placeholders filled from `values` (a missing value
 * leaves its placeholder, so a broken translation shows, never throws).
 * @param {string} text @param {Record<string, unknown>} [values]
 */
function fill(text, values) {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/**
 * A message in the page's language, its placeholders filled.
 * @param {string} message the English source @param {Record<string, unknown>} [values]
 */
export function _(message, values) {
  const found = current.messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

/**
 * A message whose sense (or grammatical case) its `context` names.
 * @param {string} context @param {string} message @param {Record<string, unknown>} [values]
 */
export function pgettext(context, message, values) {
  const found = current.messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, values);
}

/**
 * The form of a count `n` ("1 card", "3 cards"; each language its own rule),
 * `{n}` and the other placeholders filled.
 * @param {string} singular @param {string} plural @param {number} n @param {Record<string, unknown>} [values]
 */
export function ngettext(singular, plural, n, values) {
  const filled = { n, ...values };
  const forms = current.messages[singular];
  if (!Array.isArray(forms) || !forms.length) return fill(n === 1 ? singular : plural, filled);
  const table = current.plural;
  const count = Math.abs(Math.trunc(n));
  // Counts past the table: its last hundred has every ending a rule looks at.
  const at = count < table.length ? count : table.length - 100 + (count % 100);
  const index = Number.isInteger(table[at]) ? table[at] : (n === 1 ? 0 : forms.length - 1);
  return fill(forms[Math.min(index, forms.length - 1)] || (n === 1 ? singular : plural), filled);
}

/**
 * @typedef {{message: string, context?: string, values?: Record<string, unknown>}} Said
 * A label as asked for: said again in a new language by `relabel`.
 */

/** @type {WeakMap<Element, Map<string, Said>>} */
const labels = new WeakMap();

/**
 * Set `el`'s text (where "text") or attribute `where` to a message, and
 * remember the message so that `relabel` can say it again in another language.
 * @param {Element} el @param {string} where "text" or an attribute's name
 * @param {string} message @param {Record<string, unknown>} [values] @param {string} [context]
 */
export function said(el, where, message, values, context) {
  let mine = labels.get(el);
  if (!mine) labels.set(el, (mine = new Map()));
  mine.set(where, { message, values, context });
  el.setAttribute("data-said", "");
  apply(el, where, { message, values, context });
}

/** @param {Element} el @param {string} where @param {Said} s */
function apply(el, where, s) {
  const text = s.context ? pgettext(s.context, s.message, s.values) : _(s.message, s.values);
  if (where === "text") {
    // A keyed button keeps its <kbd>: only its first text node is the label.
    const first = el.firstChild;
    if (first && first.nodeType === 3 && el.childElementCount) first.textContent = `${text} `;
    else el.textContent = text;
  } else {
    el.setAttribute(where, text);
  }
}

/** Say every label under `root` (built with `said`) again, in the page's language now. @param {Element} root */
export function relabel(root) {
  for (const el of [root, ...root.querySelectorAll("[data-said]")]) {
    const mine = labels.get(el);
    if (mine) for (const [where, s] of mine) apply(el, where, s);
  }
}

/**
 * The language the page around the table speaks: JupyterLab's (the language
 * pack chosen in Settings > Language, which it writes on <html lang>), else
 * the browser's, else English. The kernel decides, knowing what it speaks.
 * @param {Document} doc
 */
export function pageLanguage(doc) {
  const lang = doc.documentElement && doc.documentElement.lang;
  if (lang) return lang;
  const nav = doc.defaultView && doc.defaultView.navigator;
  return (nav && (nav.languages && nav.languages[0])) || (nav && nav.language) || "en";
}
