// The table's words that updateTable (table.js) writes on every update: each
// pile's label for a screen reader, the sides' names, the cards left, the
// title line, the paces and the Spit! button. Each is a whole message of the
// catalogue (words.js) in the page's language now; a label with more to say
// adds each detail through a message too, so a translator orders and
// punctuates it. Names the kernel sends are data: at a computer's table it
// sends "You" and "Computer", said here in the page's language.

import { cardName } from "./cards.js";
import { _, ngettext, pgettext } from "./words.js";

/** @import { ViewState } from "./types.js" */

/**
 * `label` with one more detail ("Your pile 1: seven of spades" and "playable").
 * @param {string} label @param {string} detail
 */
export function withDetail(label, detail) {
  return pgettext("a label, then one more detail", "{label}, {detail}", { label, detail });
}

/** Whether `p` is the computer (at a computer's table, the top row). @param {ViewState} state @param {number} p */
function isComputer(state, p) {
  return state.mode !== "human" && p === 1;
}

/** Whether `p` is this view's own player (the bottom row, unless it watches). @param {ViewState} state @param {number} p */
function isYou(state, p) {
  return p === 0 && state.seat !== "watching";
}

/**
 * The name a side goes by: at a computer's table "You" and "Computer" in the
 * page's language; at a table of two people, the names they chose.
 * @param {ViewState} state @param {number} p
 */
export function sideName(state, p) {
  const name = state.players[p].name;
  if (state.mode === "human") return name;
  if (name === "You") return _("You");
  return name === "Computer" ? _("Computer") : name;
}

/** "Your pile 3", "Computer's pile 3", "Ann's pile 3". @param {ViewState} state @param {number} p @param {number} slot */
function pileName(state, p, slot) {
  const n = slot + 1;
  if (isYou(state, p)) return _("Your pile {n}", { n });
  if (isComputer(state, p)) return _("Computer's pile {n}", { n });
  return _("{name}'s pile {n}", { name: state.players[p].name, n });
}

/**
 * A stock pile's label: whose pile, its top card, what it can do (`details`),
 * the cards face down under it.
 * @param {ViewState} state @param {number} p @param {number} slot @param {string | null} top
 * @param {number} count @param {string[]} [details]
 */
export function stockLabel(state, p, slot, top, count, details = []) {
  const pile = pileName(state, p, slot);
  let label = top ? _("{pile}: {card}", { pile, card: cardName(top) }) : _("{pile}: empty", { pile });
  for (const detail of details) label = withDetail(label, detail);
  if (top && count > 1) {
    label = withDetail(label, ngettext("{n} card face down under it", "{n} cards face down under it", count - 1));
  }
  return label;
}

/** A centre pile's name, as a label begins. @param {number} c */
function centreName(c) {
  if (c === 0) return _("Left pile");
  return c === 1 ? _("Right pile") : _("Pile {n}", { n: c + 1 });
}

/**
 * A centre pile's label: its top card and count, what it needs (the kernel's
 * words), and what a click does now (play the card picked up, or slap).
 * @param {number} c @param {string | null} top @param {number} count @param {unknown} needs
 * @param {string | null} picked the card picked up @param {boolean} fits @param {boolean} slappable
 */
export function centreLabel(c, top, count, needs, picked, fits, slappable) {
  const card = top ? cardName(top) : pgettext("centre pile", "empty");
  let label = _("{pile}: {card}, {cards}", { pile: centreName(c), card, cards: ngettext("{n} card", "{n} cards", count) });
  if (needs) label = withDetail(label, String(needs));
  if (picked) {
    const name = cardName(picked);
    return fits ? _("{label}. Play {card} here", { label, card: name })
      : _("{label}. {card} does not fit here", { label, card: name });
  }
  return slappable ? _("{label}. Slap this pile", { label }) : label;
}

/**
 * A spit pile's words: the label under it, and what a screen reader hears.
 * @param {ViewState} state @param {number} p
 * @returns {{label: string, aria: string}}
 */
export function spitPileWords(state, p) {
  const n = state.players[p].spit_count;
  if (isYou(state, p)) {
    return { label: _("Your spit"), aria: ngettext("Your spit pile: {n} card", "Your spit pile: {n} cards", n) };
  }
  if (isComputer(state, p)) {
    return {
      label: _("Computer's spit"),
      aria: ngettext("Computer's spit pile: {n} card", "Computer's spit pile: {n} cards", n),
    };
  }
  const name = state.players[p].name;
  return {
    label: _("{name}'s spit", { name }),
    aria: ngettext("{name}'s spit pile: {n} card", "{name}'s spit pile: {n} cards", n, { name }),
  };
}

/**
 * "Cards left: you 23, computer 25", or the two people's names.
 * @param {ViewState} state @param {unknown[]} left the two counts
 */
export function cardsLeftText(state, left) {
  if (state.mode !== "human") return _("Cards left: you {yours}, computer {theirs}", { yours: left[0], theirs: left[1] });
  return _("Cards left: {name} {yours}, {other} {theirs}", {
    name: state.players[0].name, yours: left[0], other: state.players[1].name, theirs: left[1],
  });
}

/** The title line's tags: the rules, the round (classic), the opponent. @param {ViewState} state */
export function variantText(state) {
  const classic = state.variant === "classic";
  const tags = [classic ? _("Classic") : _("Duel")];
  if (classic && Number.isFinite(state.round)) tags.push(_("round {n}", { n: state.round }));
  if (state.opponent) tags.push(_("vs {name}", { name: state.opponent }));
  return tags.join(" \u00b7 ");
}

/** The paces' names, by the kernel's name for each (duel, then classic). */
const PACE_NAMES = {
  slow: () => pgettext("computer pace", "Slow"),
  normal: () => pgettext("computer pace", "Normal"),
  fast: () => pgettext("computer pace", "Fast"),
  relaxed: () => pgettext("computer pace", "Relaxed"),
  steady: () => pgettext("computer pace", "Steady"),
  brisk: () => pgettext("computer pace", "Brisk"),
  take_turns: () => pgettext("computer pace", "Take turns"),
  match_me: () => pgettext("computer pace", "Match me"),
};

/**
 * A pace as the menu shows it: its name in the page's language, else the
 * kernel's label (a pace this page does not know).
 * @param {{name?: unknown, label?: unknown}} pace
 */
export function paceLabel(pace) {
  const name = String(pace.name);
  const known = Object.hasOwn(PACE_NAMES, name) ? PACE_NAMES[/** @type {keyof typeof PACE_NAMES} */ (name)] : null;
  if (known) return known();
  return pace.label == null ? name : String(pace.label);
}

/**
 * The Spit! button's words: the kernel's label (Spit!, or End Round when no
 * spit cards are left) in the page's language.
 * @param {unknown} label
 */
export function spitLabel(label) {
  if (label === "End Round") return _("End Round");
  return !label || label === "Spit!" ? _("Spit!") : String(label);
}

/** A share in whole percent ("67%"; some languages space it). @param {number} rate */
export function percent(rate) {
  return Number.isFinite(rate) ? _("{n}%", { n: Math.round(rate * 100) }) : "\u2014";
}
