// Card drawing: pure functions from a card code ("7S", "TD", "QH") to DOM.
//
// Cards are two-character strings, rank then suit: ranks A23456789TJQK,
// suits SHDC. Faces are inline SVG (viewBox 100 x 140) so they scale with the
// card; every piece of text goes in through textContent, never innerHTML.

import { _, pgettext } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";

/** @type {Record<string, string>} */
const RANK_LABEL = {
  A: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
  T: "10", J: "J", Q: "Q", K: "K",
};
// A card's name in words, as the kernel says it (spit_widget.locale.card_name):
// the same messages, so one translation serves both ("seven of hearts",
// "7 de cœur", "Herz-Sieben"). Functions, not strings: said in the page's
// language at the moment the name is asked for.
/** @type {Record<string, () => string>} */
const RANK_NAME = {
  A: () => _("ace"), 2: () => _("two"), 3: () => _("three"), 4: () => _("four"), 5: () => _("five"),
  6: () => _("six"), 7: () => _("seven"), 8: () => _("eight"), 9: () => _("nine"), T: () => _("ten"),
  J: () => _("jack"), Q: () => _("queen"), K: () => _("king"),
};
/** @type {Record<string, () => string>} */
const SUIT_NAME = {
  S: () => _("spades"), H: () => _("hearts"), D: () => _("diamonds"), C: () => _("clubs"),
};
/** Each suit: its name for the CSS class (spit-suit-spades), symbol and inks. @type {Record<string, {name: string, symbol: string, colour: string, four: string}>} */
const SUITS = {
  S: { name: "spades", symbol: "\u2660", colour: "black", four: "black" },
  H: { name: "hearts", symbol: "\u2665", colour: "red", four: "red" },
  D: { name: "diamonds", symbol: "\u2666", colour: "red", four: "blue" },
  C: { name: "clubs", symbol: "\u2663", colour: "black", four: "green" },
};

// Suit shapes in a 100 x 100 box, centred on (50, 50).
/** @type {Record<string, string>} */
const SUIT_PATH = {
  H: "M50 90C44 82 4 58 4 31C4 16 15 6 28 6C38 6 46 12 50 21C54 12 62 6 72 6C85 6 96 16 96 31C96 58 56 82 50 90Z",
  D: "M50 2L86 50L50 98L14 50Z",
  S: "M50 4C58 20 96 40 96 62C96 77 85 86 72 86C63 86 57 82 53 75C54 86 59 93 68 97H32C41 93 46 86 47 75C43 82 37 86 28 86C15 86 4 77 4 62C4 40 42 20 50 4Z",
  C: "M50 6A21 21 0 0 1 68 37A21 21 0 1 1 55 73C56 84 61 92 69 97H31C39 92 44 84 45 73A21 21 0 1 1 32 37A21 21 0 0 1 50 6Z",
};

// Pip centres (x, y) on the 100 x 140 face for ranks 2..10.
const L = 31, C = 50, R = 69;
const rows = (/** @type {number} */ n) => Array.from({ length: n }, (_n, i) => 30 + (i * 80) / (n - 1));
const [T4a, T4b, T4c, T4d] = rows(4);
/** @type {Record<number, number[][]>} */
const PIPS = {
  2: [[C, 30], [C, 110]],
  3: [[C, 30], [C, 70], [C, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [C, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [C, 50], [L, 70], [R, 70], [C, 90], [L, 110], [R, 110]],
  9: [[L, T4a], [R, T4a], [C, 43], [L, T4b], [R, T4b], [L, T4c], [R, T4c], [L, T4d], [R, T4d]],
  10: [[L, T4a], [R, T4a], [C, 43], [L, T4b], [R, T4b], [L, T4c], [R, T4c], [C, 97], [L, T4d], [R, T4d]],
};

const CARD_RE = /^([A2-9TJQK])([SHDC])$/;

/**
 * Parse "7S" into {rank, suit}; null for anything that is not a card code.
 * @param {unknown} code
 * @returns {{rank: string, suit: string} | null}
 */
export function parseCard(code) {
  if (typeof code !== "string") return null;
  const m = CARD_RE.exec(code);
  return m ? { rank: m[1], suit: m[2] } : null;
}

/** The rank as printed on the card: "10" for T. @param {unknown} code */
export function rankLabel(code) {
  const c = parseCard(code);
  return c ? RANK_LABEL[c.rank] : "?";
}

/** The suit symbol, e.g. "♠". @param {unknown} code */
export function suitSymbol(code) {
  const c = parseCard(code);
  return c ? SUITS[c.suit].symbol : "?";
}

/** Short text form, e.g. "10♦". @param {unknown} code */
export function shortName(code) {
  return parseCard(code) ? rankLabel(code) + suitSymbol(code) : String(code);
}

/** Spoken name in the page's language, e.g. "seven of spades", "queen of hearts". @param {unknown} code */
export function cardName(code) {
  const c = parseCard(code);
  if (!c) return _("unknown card");
  return pgettext("card name", "{rank} of {suit}", { rank: RANK_NAME[c.rank](), suit: SUIT_NAME[c.suit]() });
}

/** The ink colour of a card: "red" | "black", or with the four-colour deck
 *  clubs "green" and diamonds "blue".
 * @param {unknown} code @param {boolean} [fourColour] */
export function inkColour(code, fourColour = false) {
  const c = parseCard(code);
  if (!c) return "black";
  return fourColour ? SUITS[c.suit].four : SUITS[c.suit].colour;
}

/** CSS classes describing a face: suit and ink. @param {unknown} code @param {boolean} [fourColour] */
export function faceClasses(code, fourColour = false) {
  const c = parseCard(code);
  if (!c) return ["spit-ink-black"];
  return [`spit-suit-${SUITS[c.suit].name}`, `spit-ink-${inkColour(code, fourColour)}`];
}

/**
 * @param {Document} doc @param {string} tag @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function svgEl(doc, tag, attrs) {
  const el = doc.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * @param {Document} doc @param {string} suit @param {number} x @param {number} y @param {number} size
 * @param {boolean} flip
 */
function pip(doc, suit, x, y, size, flip) {
  const s = size / 100;
  let t = `translate(${x - size / 2} ${y - size / 2}) scale(${s})`;
  if (flip) t = `rotate(180 ${x} ${y}) ` + t;
  return svgEl(doc, "path", { d: SUIT_PATH[suit], transform: t, class: "spit-pip" });
}

/**
 * @param {Document} doc
 * @param {string} code a card code (the caller drew its face only for a valid one)
 * @param {boolean} flip
 */
function cornerIndex(doc, code, flip) {
  const card = /** @type {{rank: string, suit: string}} */ (parseCard(code));
  const g = svgEl(doc, "g", { class: "spit-index" });
  if (flip) g.setAttribute("transform", "rotate(180 50 70)");
  const label = rankLabel(code);
  const rank = svgEl(doc, "text", {
    x: 12, y: 27, "text-anchor": "middle", class: "spit-index-rank",
    "font-size": label.length > 1 ? 22 : 26,
    "letter-spacing": label.length > 1 ? -2 : 0,
  });
  rank.textContent = label;
  g.appendChild(rank);
  g.appendChild(pip(doc, card.suit, 12, 40, 15, false));
  return g;
}

// Court figures in the 100 x 140 face: a bust (head and shoulders) under a
// headgear that tells the rank at a glance, even on a small card: the King's
// pointed crown, the Queen's coronet with pearls, the Jack's feathered cap.
/** @type {Record<string, string[]>} */
const COURT_HEADGEAR = {
  K: ["M36 58L36 38L43 48L50 32L57 48L64 38L64 58Z"],
  Q: ["M37 58Q37 46 43 47Q46 38 50 38Q54 38 57 47Q63 46 63 58Z"],
  J: ["M35 58Q37 44 51 44Q63 45 66 58Z", "M56 46Q66 30 74 26Q70 38 60 49Z"],
};
/** @type {Record<string, number[][]>} */
const COURT_PEARLS = { K: [[36, 37], [50, 31], [64, 37]], Q: [[43, 45], [50, 36], [57, 45]], J: [] };

/**
 * A drawn J, Q or K in the suit's colour, with the suit on its chest.
 * @param {Document} doc @param {SVGElement} svg @param {{rank: string, suit: string}} c
 */
function drawCourt(doc, svg, c) {
  svg.appendChild(svgEl(doc, "rect", { x: 27, y: 20, width: 46, height: 100, rx: 4, class: "spit-court-frame" }));
  const g = svgEl(doc, "g", { class: `spit-court spit-court-${c.rank}` });
  g.appendChild(svgEl(doc, "path", { d: "M30 118Q30 90 50 87Q70 90 70 118Z", class: "spit-court-robe" }));
  g.appendChild(svgEl(doc, "circle", { cx: 50, cy: 72, r: 13, class: "spit-court-head" }));
  for (const d of COURT_HEADGEAR[c.rank]) g.appendChild(svgEl(doc, "path", { d, class: "spit-court-crown" }));
  for (const [x, y] of COURT_PEARLS[c.rank]) g.appendChild(svgEl(doc, "circle", { cx: x, cy: y, r: 3, class: "spit-court-crown" }));
  g.appendChild(pip(doc, c.suit, 50, 104, 18, false));
  svg.appendChild(g);
}

/** Each document's drawn faces, by card: drawn once, then cloned. @type {WeakMap<Document, Map<string, SVGElement>>} */
const FACES = new WeakMap();
/** The documents whose faces are being drawn ahead (warmFaces). */
const WARMED = new WeakSet();

/**
 * The SVG face of a card (no wrapper): a copy of the face drawn the first time
 * this document asked for the card. Cloning one node tree is several times
 * cheaper than building its dozens of elements, and a face is drawn on every
 * play, inside the update that shows the play.
 * @param {Document} doc @param {string} code
 */
export function createFaceSvg(doc, code) {
  return /** @type {SVGSVGElement} */ (cachedFace(doc, code).cloneNode(true));
}

/** The document's drawn face of `code`, drawn now if it is the first time. @param {Document} doc @param {string} code */
function cachedFace(doc, code) {
  let faces = FACES.get(doc);
  if (!faces) FACES.set(doc, (faces = new Map()));
  let face = faces.get(code);
  if (!face) faces.set(code, (face = drawFaceSvg(doc, code)));
  return face;
}

/**
 * Draw every face into the document's cache while the page is idle, so that
 * no play waits for a card drawn the first time.
 * @param {Document} doc
 */
export function warmFaces(doc) {
  const win = doc.defaultView;
  if (!win || typeof win.requestIdleCallback !== "function" || WARMED.has(doc)) return;
  WARMED.add(doc);
  /** @type {string[]} */
  const codes = [];
  for (const suit of Object.keys(SUITS)) for (const rank of Object.keys(RANK_LABEL)) codes.push(rank + suit);
  /** @param {IdleDeadline} deadline */
  const drawSome = (deadline) => {
    while (codes.length && deadline.timeRemaining() > 1) cachedFace(doc, /** @type {string} */ (codes.pop()));
    if (codes.length) win.requestIdleCallback(drawSome);
  };
  win.requestIdleCallback(drawSome);
}

/** Build the SVG face of a card from its rank and suit. @param {Document} doc @param {string} code */
function drawFaceSvg(doc, code) {
  const c = parseCard(code);
  const svg = svgEl(doc, "svg", {
    viewBox: "0 0 100 140", class: "spit-face-svg", "aria-hidden": "true", focusable: "false",
  });
  if (!c) {
    const t = svgEl(doc, "text", { x: 50, y: 80, "text-anchor": "middle", "font-size": 40 });
    t.textContent = "?";
    svg.appendChild(t);
    return svg;
  }
  svg.appendChild(cornerIndex(doc, code, false));
  svg.appendChild(cornerIndex(doc, code, true));
  if (c.rank === "A") {
    svg.appendChild(pip(doc, c.suit, 50, 70, c.suit === "S" ? 50 : 42, false));
  } else if ("JQK".includes(c.rank)) {
    drawCourt(doc, svg, c);
  } else {
    const n = c.rank === "T" ? 10 : Number(c.rank);
    for (const [x, y] of PIPS[n]) svg.appendChild(pip(doc, c.suit, x, y, 18, y > 72));
  }
  return svg;
}

/**
 * Draw a face-up card into `el` (any element; a <button> for your own cards).
 * Sets data-card, the suit/ink classes and the face; returns el.
 * @template {HTMLElement} E
 * @param {E} el @param {string} code @param {boolean} [fourColour]
 * @returns {E}
 */
export function drawFace(el, code, fourColour = false) {
  el.classList.add("spit-card", "spit-face");
  el.classList.remove("spit-back", "spit-empty");
  for (const cls of [...el.classList]) {
    if (cls.startsWith("spit-suit-") || cls.startsWith("spit-ink-")) el.classList.remove(cls);
  }
  el.classList.add(...faceClasses(code, fourColour));
  el.dataset.card = code;
  el.replaceChildren(createFaceSvg(el.ownerDocument, code));
  return el;
}

/**
 * A new face-up card element (a <span> unless another tag is asked for).
 * @param {Document} doc @param {string} code @param {{fourColour?: boolean, tag?: string}} [options]
 */
export function createCard(doc, code, { fourColour = false, tag = "span" } = {}) {
  const el = doc.createElement(tag);
  drawFace(el, code, fourColour);
  return el;
}

/** A face-down card. @param {Document} doc @param {string} [tag] */
export function createBack(doc, tag = "span") {
  const el = doc.createElement(tag);
  el.className = "spit-back";
  el.setAttribute("aria-hidden", "true");
  return el;
}
