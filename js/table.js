// updateTable() patches the skeleton that buildTable() (build.js) made, from
// a (normalised) state snapshot plus the view's own UI state (selection, cards in flight, centre faces held during an
// animation). Elements are kept and patched in place, so keyboard focus and
// running transitions survive the many snapshots a game produces.
//
// Untrusted text (names, messages, log lines, tracebacks) only ever goes in
// through textContent. The words written here are made on every update in the
// page's language (words.js; the labels' messages are in labels.js).

import { buildCentre, h } from "./build.js";
import { createBack, drawFace } from "./cards.js";
import {
  cardsLeftText, centreLabel, paceLabel, percent, sideName, spitLabel, spitPileWords, stockLabel, variantText,
} from "./labels.js";
import { shownMessage } from "./notice.js";
import { updateRefusal, withRefusals } from "./refusal.js";
import { fitsFor, isFiniteNumber, movesFor } from "./state.js";
import { nextFrame, restartClass, snapHome } from "./animate.js";
import { _, language, ngettext } from "./words.js";

/**
 * @import { CentrePile, LogEvent, StatsSummary } from "./protocol.js"
 * @import { CentreRef, Refs, StockRef, Ui, ViewState } from "./types.js"
 */

const MAX_BACKS = 4;

export { buildTable } from "./build.js";

/** @param {Element} el @param {unknown} text */
function setText(el, text) {
  const t = text == null ? "" : String(text);
  if (el.textContent !== t) el.textContent = t;
}

/** @param {Element} el @param {string} name @param {unknown} value */
function setAttr(el, name, value) {
  const v = String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

/** @param {Refs} refs @param {StatsSummary | null} stats */
function updateStats(refs, stats) {
  const el = refs.stats;
  const key = JSON.stringify([language(), stats]);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren();
  if (!stats) return;
  const games = Number(stats.games) || 0;
  const wins = Number(stats.wins) || 0;
  const rate = isFiniteNumber(stats.win_rate) ? stats.win_rate : games ? wins / games : NaN;
  /** @param {string} value @param {string} label @param {string} cls */
  const add = (value, label, cls) => {
    const s = h(el.ownerDocument, "span", `spit-stat ${cls}`);
    s.append(h(el.ownerDocument, "b", "", { text: value }), el.ownerDocument.createTextNode(" " + label));
    el.append(s);
  };
  add(String(games), ngettext("game", "games", games), "spit-stat-games");
  add(String(wins), ngettext("win", "wins", wins), "spit-stat-wins");
  add(games ? percent(rate) : "\u2014", _("win rate"), "spit-stat-rate");
}

/** @param {Refs} refs @param {ViewState} state */
function updatePaces(refs, state) {
  const sel = refs.pace;
  const key = JSON.stringify([language(), state.paces]);
  if (refs.pacesKey !== key) {
    refs.pacesKey = key;
    sel.replaceChildren();
    for (const p of state.paces) {
      if (!p || typeof p !== "object") continue;
      const opt = h(refs.doc, "option", "", { value: String(p.name) });
      opt.textContent = paceLabel(p);
      sel.append(opt);
    }
  }
  if (state.pace != null && sel.value !== String(state.pace)) sel.value = String(state.pace);
  sel.disabled = state.paces.length === 0;
  const note = typeof state.pace_note === "string" ? state.pace_note : "";
  if (refs.paceNote.textContent !== note) refs.paceNote.textContent = note;
  refs.paceNote.hidden = !note;
}

/** @param {StockRef} ref @param {number} count */
function updateBacks(ref, count) {
  const n = Math.max(0, Math.min(MAX_BACKS, count - 1));
  if (ref.shownBacks === n) return;
  ref.shownBacks = n;
  const doc = ref.backs.ownerDocument;
  ref.backs.replaceChildren();
  for (let j = n; j >= 1; j--) {
    const b = createBack(doc);
    b.classList.add("spit-back-edge");
    b.style.setProperty("--spit-depth", String(j));
    ref.backs.append(b);
  }
}

/** @param {HTMLElement} el */
function clearFace(el) {
  if (!el.classList.contains("spit-empty") || el.dataset.card !== undefined) {
    for (const cls of [...el.classList]) {
      if (cls.startsWith("spit-suit-") || cls.startsWith("spit-ink-")) el.classList.remove(cls);
    }
    el.classList.remove("spit-card", "spit-face");
    el.classList.add("spit-empty");
    delete el.dataset.card;
    el.replaceChildren();
  }
}

/**
 * Redraw a stock card's face when its top card or the deck colours changed.
 * @param {HTMLElement} card @param {string | null} top @param {ViewState} state @param {Ui} ui
 */
function updateStockFace(card, top, state, ui) {
  if ((card.dataset.card || null) !== top) {
    if (card.classList.contains("spit-in-flight")) snapHome(card);
    card.classList.remove("spit-refused");
    if (top) {
      drawFace(card, top, state.four_colour);
      if (ui.rendered) restartClass(card, "spit-reveal");
    } else {
      clearFace(card);
    }
  } else if (top && card.dataset.four !== String(state.four_colour)) {
    drawFace(card, top, state.four_colour);
  }
  card.dataset.four = String(state.four_colour);
}

/**
 * What your pile `slot` can do now, from you.plays / you.moves and the view's selection.
 * @param {ViewState} state @param {Ui} ui @param {number} slot @param {string | null} top
 */
function yourSlotMarks(state, ui, slot, top) {
  const classic = state.variant === "classic";
  const m = state.message;
  return {
    classic,
    fits: top && !ui.quietFits ? fitsFor(state, top) : [], // quiet: a review's try
    movable: !!top && classic && movesFor(state, top).length > 0,
    selected: !!(top && ui.selected && ui.selected.card === top),
    inFlight: !!(top && ui.inFlight && ui.inFlight.has(top)),
    queued: !!(top && ui.queued && ui.queued.has(top)),
    hinted: !!(top && m && m.kind === "hint" && m.card === top),
    moveTarget: !top && classic && (
      ui.selected ? movesFor(state, ui.selected.card).includes(slot) : state.you.moves.some((x) => x[1] === slot)
    ),
  };
}

/**
 * @param {ReturnType<typeof yourSlotMarks>} marks @param {Ui} ui @param {number} slot
 * @param {string | null} top
 */
function yourSlotDetails(marks, ui, slot, top) {
  const { fits, movable, selected, classic, moveTarget } = marks;
  if (!top) {
    if (!classic) return [];
    if (ui.slotTarget === slot) return [_("chosen: now pick the card to move here")];
    return moveTarget ? [_("a card can move here")] : [];
  }
  const details = [];
  if (fits.length > 1) details.push(_("playable on either pile"));
  else if (fits.length === 1) details.push(_("playable"));
  else if (movable) details.push(_("can move to an empty pile"));
  if (selected) details.push(_("picked up"));
  return details;
}

/**
 * Your pile: highlight what it can do, and say so to a screen reader.
 * @param {StockRef} ref @param {ViewState} state @param {Ui} ui @param {number} slot
 * @param {string | null} top @param {number} count
 */
function markYourSlot(ref, state, ui, slot, top, count) {
  const card = ref.card;
  const marks = yourSlotMarks(state, ui, slot, top);
  card.classList.toggle("spit-playable", marks.fits.length > 0);
  card.classList.toggle("spit-fits-both", marks.fits.length > 1);
  card.classList.toggle("spit-movable", marks.movable);
  card.classList.toggle("spit-selected", marks.selected);
  card.classList.toggle("spit-in-flight", marks.inFlight);
  card.classList.toggle("spit-queued", marks.queued); // waits for the link (link.js)
  card.classList.toggle("spit-hinted", marks.hinted);
  card.classList.toggle("spit-move-target", !!marks.moveTarget);
  ref.el.classList.toggle("spit-slot-chosen", ui.slotTarget === slot && !top);
  setAttr(card, "aria-label", stockLabel(state, 0, slot, top, count, yourSlotDetails(marks, ui, slot, top)));
  if (card.tagName === "BUTTON") card.setAttribute("aria-pressed", String(marks.selected || ui.slotTarget === slot));
}

/** @param {Refs} refs @param {ViewState} state @param {Ui} ui @param {number} player @param {number} slot */
function updateStock(refs, state, ui, player, slot) {
  const ref = refs.stocks[player][slot];
  const { top, count } = state.players[player].stock[slot];
  setAttr(ref.el, "data-count", count);
  ref.el.classList.toggle("spit-is-empty", !top);
  updateBacks(ref, count);
  setText(ref.count, count > 1 ? String(count) : "");
  updateStockFace(ref.card, top, state, ui);
  if (player === 1) setAttr(ref.card, "aria-label", stockLabel(state, 1, slot, top, count));
  else markYourSlot(ref, state, ui, slot, top, count);
}

/** @param {CentreRef} ref @param {string | null} top @param {ViewState} state @param {Ui} ui @param {number} c */
function updateCentreFace(ref, top, state, ui, c) {
  if (ui.hold && ui.hold.has(c)) return; // a flying card lands first
  if ((ref.face.dataset.card || null) === top && ref.face.dataset.four === String(state.four_colour)) return;
  const changed = (ref.face.dataset.card || null) !== top;
  if (top) drawFace(ref.face, top, state.four_colour);
  else clearFace(ref.face);
  ref.face.dataset.four = String(state.four_colour);
  // With reduced motion the stylesheet fades the new card in (no flight).
  if (changed && top && ui.rendered) restartClass(ref.face, "spit-landed");
}

/** @param {ViewState} state @param {number} c */
function isHintTarget(state, c) {
  const m = state.message;
  return !!(m && m.kind === "hint" && m.centre === c && m.card
    && state.players[0].stock.some((x) => x.top === m.card));
}

/** @param {Refs} refs @param {ViewState} state @param {Ui} ui @param {number} c @param {number[]} sel */
function updateCentre(refs, state, ui, c, sel) {
  const ref = refs.centres[c];
  /** @type {Partial<CentrePile>} */
  const pile = state.centre[c] || {};
  const top = typeof pile.top === "string" ? pile.top : null;
  const count = isFiniteNumber(pile.count) ? pile.count : top ? 1 : 0;
  const roundOver = state.status === "round_over";
  setAttr(ref.el, "data-top", top || "");
  setAttr(ref.el, "data-count", count);
  if (pile.owner != null) setAttr(ref.el, "data-owner", pile.owner);
  setAttr(ref.el, "data-depth", count > 12 ? 3 : count > 5 ? 2 : count > 1 ? 1 : 0);
  setText(ref.count, count > 0 ? String(count) : "");
  setText(ref.needs, pile.needs == null ? "" : String(pile.needs));
  updateCentreFace(ref, top, state, ui, c);
  const slappable = roundOver && state.you.slap.includes(c);
  ref.el.classList.toggle("spit-hint-target", isHintTarget(state, c));
  ref.el.classList.toggle("spit-fits", sel.includes(c));
  ref.el.classList.toggle("spit-targetable", !!ui.selected || roundOver);
  ref.el.classList.toggle("spit-chosen", ui.chosen === c && (!!ui.selected || roundOver));
  ref.el.classList.toggle("spit-slappable", slappable);
  const picked = ui.selected ? ui.selected.card : null;
  setAttr(ref.btn, "aria-label", centreLabel(c, top, count, pile.needs, picked, sel.includes(c), slappable));
}

/** @param {Refs} refs @param {ViewState} state @param {Ui} ui */
function updateCentres(refs, state, ui) {
  const n = state.centre.length;
  while (refs.centres.length < n) {
    const c = buildCentre(refs.doc, refs.centres.length);
    refs.centres.push(c);
    refs.centreRow.append(c.el);
  }
  while (refs.centres.length > n) refs.centres.pop()?.el.remove();
  const sel = ui.selected ? fitsFor(state, ui.selected.card) : [];
  for (let c = 0; c < n; c++) updateCentre(refs, state, ui, c, sel);
}

/** @param {Refs} refs @param {ViewState} state */
function updateSpitPiles(refs, state) {
  for (let p = 0; p < 2; p++) {
    const ref = refs.spitPiles[p];
    const n = state.players[p].spit_count;
    setAttr(ref.el, "data-count", n);
    setAttr(ref.el, "data-depth", n > 8 ? 3 : n > 3 ? 2 : n > 1 ? 1 : 0);
    ref.el.classList.toggle("spit-is-empty", n === 0);
    setText(ref.num, String(n));
    // A spectator holds no seat: both piles go by their players' names.
    const words = spitPileWords(state, p);
    setText(ref.label, words.label);
    setAttr(ref.el, "aria-label", words.aria);
  }
}

/** @param {Refs} refs @param {LogEvent} e */
function logItem(refs, e) {
  const li = h(refs.doc, "li", "spit-log-item");
  li.textContent = e && e.text != null ? String(e.text) : "";
  if (e && e.player != null) li.dataset.player = String(e.player);
  if (e && e.kind) li.dataset.kind = String(e.kind);
  return li;
}

/**
 * The usual update in a few steps, not one per line: the same game's log less
 * some of its oldest lines, plus lines newer than any shown. Returns false for
 * anything else (a new game, a whole log sent again), which is redrawn; null
 * when nothing changed.
 * @param {Refs} refs @param {LogEvent[]} log @param {number | undefined} game
 * @returns {boolean | null}
 */
function appendToLog(refs, log, game) {
  const shown = refs.logSeqs;
  if (refs.logGame !== game || !shown.length) return false;
  const newest = shown[shown.length - 1];
  let kept = log.length;
  while (kept > 0 && log[kept - 1] && log[kept - 1].seq > newest) kept--;
  const dropped = shown.length - kept;
  if (dropped < 0) return false;
  if (kept > 0 && !(log[0] && log[0].seq === shown[dropped] && log[kept - 1].seq === newest)) return false;
  if (dropped === 0 && kept === log.length) return null;
  for (let i = 0; i < dropped; i++) refs.log.firstElementChild?.remove();
  const fresh = log.slice(kept);
  refs.log.append(...fresh.map((e) => logItem(refs, e)));
  refs.logSeqs = shown.slice(dropped).concat(fresh.map((e) => e.seq));
  return true;
}

/**
 * Show `log` (oldest first) in the move log; lines already shown stay as they are.
 * @param {Refs} refs @param {LogEvent[]} log @param {number | undefined} game
 */
function updateLog(refs, log, game) {
  const list = refs.log;
  // The log told again (in a new language): its first line reads otherwise, so all are redrawn.
  const first = list.firstElementChild;
  if (first && log.length && log[0] && refs.logSeqs[0] === log[0].seq
      && first.textContent !== (log[0].text != null ? String(log[0].text) : "")) refs.logSeqs = [];
  const appended = appendToLog(refs, log, game);
  if (appended === null) return;
  if (!appended) {
    const seqs = log.map((e) => (e && Number.isFinite(e.seq) ? e.seq : NaN));
    const same = refs.logGame === game && seqs.length === refs.logSeqs.length
      && seqs.every((q, i) => q === refs.logSeqs[i]);
    if (same) return;
    refs.logGame = game;
    refs.logSeqs = seqs.some(Number.isNaN) ? [] : seqs; // lines without a seq: redrawn each time
    list.replaceChildren(...log.map((e) => logItem(refs, e)));
  }
  // Follow the newest entry, once per frame: scrolling at once would force a
  // layout of the whole JupyterLab page on every state update.
  if (refs.logStick && !refs.logScrollPending) {
    refs.logScrollPending = true;
    nextFrame(list, () => {
      refs.logScrollPending = false;
      list.scrollTop = list.scrollHeight;
    });
  }
}

/** @param {Refs} refs @param {ViewState} state @param {Ui} ui */
function updateDialog(refs, state, ui) {
  const o = state.outcome;
  const show = !!o && !ui.dialogDismissed;
  refs.dialog.hidden = !show;
  if (!o) return;
  setText(refs.dialogTitle, o.title == null ? _("Game over") : o.title);
  setText(refs.dialogText, o.text == null ? "" : o.text);
  const left = Array.isArray(o.cards_left) ? o.cards_left : [state.players[0].cards_left, state.players[1].cards_left];
  setText(refs.dialogCards, cardsLeftText(state, left));
  refs.dialog.dataset.winner = o.winner == null ? "" : String(o.winner);
  refs.dialog.dataset.termination = o.termination == null ? "" : String(o.termination);
}

/** The round interlude (ui.interlude: {round, lines, cards} or null). @param {Refs} refs @param {Ui} ui */
function updateInterlude(refs, ui) {
  const it = ui.interlude;
  refs.interlude.hidden = !it;
  setAttr(refs.root, "data-interlude", !!it);
  if (!it || refs.interludeShown === it) return;
  refs.interludeShown = it; // drawn once per interlude, not on every snapshot
  setText(refs.interludeTitle, _("Round {round}", { round: it.round }));
  refs.interludeLines.replaceChildren(...it.lines.map((t) => h(refs.doc, "li", "", { text: t })));
  setText(refs.interludeCards, it.cards);
}

/**
 * Patch the DOM from a normalised state. `ui` is the view's own state (Ui in
 * types.js: the selection, cards in flight, centre faces held, the interlude).
 * @param {Refs} refs @param {ViewState} state @param {Ui} ui
 */
export function updateTable(refs, state, ui) {
  const { root } = refs;
  setAttr(root, "data-status", state.status);
  setAttr(root, "data-paused", state.paused);
  setAttr(root, "data-variant", state.variant);
  setAttr(root, "data-readonly", state.readonly);
  root.classList.toggle("spit-four-colour", state.four_colour);
  refs.table.classList.toggle("spit-is-paused", state.paused);

  setText(refs.variant, variantText(state));
  updateStats(refs, state.stats);
  updatePaces(refs, state);
  setText(refs.pause, state.paused ? _("Resume") : _("Pause"));
  refs.pause.classList.toggle("spit-btn-primary", state.paused);

  for (let p = 0; p < 2; p++) {
    setText(refs.names[p], sideName(state, p));
    refs.stuckChips[p].hidden = !state.players[p].stuck;
    for (let s = 0; s < 5; s++) updateStock(refs, state, ui, p, s);
  }
  updateCentres(refs, state, ui);
  updateSpitPiles(refs, state);

  const classic = state.variant === "classic";
  refs.stuck.hidden = classic;
  refs.stuck.disabled = !state.you.can_stuck;
  refs.spit.hidden = !classic;
  refs.spit.disabled = !state.you.can_spit;
  setText(refs.spit, spitLabel(state.you.spit_label));
  refs.spit.classList.toggle("spit-btn-ready", !!state.you.can_spit);

  setText(refs.status, state.status_text);
  const shown = shownMessage(state, ui);
  refs.message.hidden = !shown;
  setAttr(refs.message, "data-kind", shown ? shown.kind : "");
  setAttr(refs.message, "data-stale", !!(shown && shown.stale));
  setText(refs.message, shown ? shown.text : "");
  updateRefusal(refs, state, shown);
  const prompt = typeof ui.prompt === "function" ? ui.prompt() : ui.prompt;
  refs.prompt.hidden = !prompt;
  setText(refs.prompt, prompt || "");
  setText(refs.cardsLeft, cardsLeftText(state, [state.players[0].cards_left, state.players[1].cards_left]));

  updateLog(refs, withRefusals(state.log, ui.refusals, state.log_game), state.log_game);

  refs.error.hidden = !state.error;
  setText(refs.errorPre, state.error || "");

  updateDialog(refs, state, ui);
  updateInterlude(refs, ui);
}
