// Table layout: buildTable() makes the widget's DOM skeleton once per view;
// updateTable() patches it from a (normalised) state snapshot plus the view's
// own UI state (selection, cards in flight, centre faces held during an
// animation). Elements are kept and patched in place, so keyboard focus and
// running transitions survive the many snapshots a game produces.
//
// Untrusted text (names, messages, log lines, tracebacks) only ever goes in
// through textContent.

import { cardName, createBack, drawFace } from "./cards.js";
import { CSS } from "./styles.js";
import { fitsFor, movesFor } from "./state.js";
import { nextFrame, restartClass, snapHome } from "./animate.js";

const MAX_BACKS = 4;
const CENTRE_NAMES = ["left pile", "right pile"];

function h(doc, tag, cls, attrs = {}) {
  const el = doc.createElement(tag);
  if (cls) el.className = cls;
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") el.textContent = v;
    else el.setAttribute(k, v);
  }
  return el;
}

function setText(el, text) {
  const t = text == null ? "" : String(text);
  if (el.textContent !== t) el.textContent = t;
}

function setAttr(el, name, value) {
  const v = String(value);
  if (el.getAttribute(name) !== v) el.setAttribute(name, v);
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function buildStock(doc, player, slot) {
  const el = h(doc, "div", "spit-stock", { "data-player": player, "data-slot": slot, "data-count": 0 });
  const stack = h(doc, "div", "spit-stack");
  const backs = h(doc, "div", "spit-backs", { "aria-hidden": "true" });
  const anchor = h(doc, "div", "spit-anchor");
  const card = player === 0
    ? h(doc, "button", "spit-slotbtn spit-empty", { type: "button" })
    : h(doc, "span", "spit-slotcard spit-empty", { role: "img" });
  const count = h(doc, "span", "spit-count", { "aria-hidden": "true" });
  anchor.append(card);
  stack.append(backs, anchor, count);
  el.append(stack);
  let key = null;
  if (player === 0) {
    key = h(doc, "kbd", "spit-key", { text: String(slot + 1), "aria-hidden": "true" });
    el.append(key);
  }
  return { el, backs, anchor, card, count, key, shownBacks: -1 };
}

function buildSpitPile(doc, player) {
  const el = h(doc, "div", "spit-spitpile", { "data-player": player, "data-count": 0, role: "img" });
  const stack = h(doc, "div", "spit-spitstack");
  const back = createBack(doc);
  const num = h(doc, "span", "spit-spitcount", { "aria-hidden": "true" });
  stack.append(back, num);
  const label = h(doc, "div", "spit-spitlabel", { "aria-hidden": "true" });
  el.append(stack, label);
  return { el, back, num, label };
}

function buildCentre(doc, c) {
  const el = h(doc, "div", "spit-centre", { "data-centre": c, "data-count": 0, "data-top": "" });
  const btn = h(doc, "button", "spit-centre-btn", { type: "button" });
  const anchor = h(doc, "span", "spit-anchor spit-centre-anchor");
  const face = h(doc, "span", "spit-centre-card spit-empty");
  const count = h(doc, "span", "spit-count", { "aria-hidden": "true" });
  anchor.append(face);
  btn.append(anchor, count);
  const needs = h(doc, "div", "spit-needs");
  el.append(btn, needs);
  return { el, btn, anchor, face, count, needs };
}

/** Build the widget skeleton. Returns refs to every element updateTable patches. */
export function buildTable(doc) {
  const root = h(doc, "div", "spit-root", {
    tabindex: "0",
    "data-lm-suppress-shortcuts": "true",
    role: "group",
    "aria-label": "Spit card game",
    "aria-keyshortcuts": "1 2 3 4 5 Space P H ArrowLeft ArrowRight Enter Escape",
    "data-status": "",
    "data-paused": "false",
  });
  const style = h(doc, "style");
  style.textContent = CSS;

  // Header: title, stats, controls.
  const header = h(doc, "div", "spit-header");
  const title = h(doc, "div", "spit-title");
  const titleName = h(doc, "span", "spit-title-name", { text: "Spit" });
  const variant = h(doc, "span", "spit-variant");
  title.append(titleName, variant);
  const stats = h(doc, "div", "spit-stats", { "aria-label": "Your record" });
  const controls = h(doc, "div", "spit-controls");
  const paceLabel = h(doc, "label", "spit-pace-label");
  const paceText = h(doc, "span", "spit-pace-text", { text: "Computer pace" });
  const pace = h(doc, "select", "spit-pace");
  paceLabel.append(paceText, pace);
  const pause = h(doc, "button", "spit-btn spit-btn-pause", { type: "button", text: "Pause", title: "Pause or resume (P)" });
  const hint = h(doc, "button", "spit-btn spit-btn-hint", { type: "button", text: "Hint", title: "Ask for a hint (H)" });
  const newGame = h(doc, "button", "spit-btn spit-btn-new", { type: "button", text: "Play Again", title: "Deal a fresh game" });
  controls.append(paceLabel, pause, hint, newGame);
  header.append(title, stats, controls);

  // The felt.
  const main = h(doc, "div", "spit-main");
  const table = h(doc, "div", "spit-table");
  const oppSide = h(doc, "div", "spit-side spit-side-opp");
  const oppTag = h(doc, "div", "spit-tag");
  const oppName = h(doc, "span", "spit-name");
  const oppStuck = h(doc, "span", "spit-chip spit-stuck-chip", { text: "Stuck" });
  oppTag.append(oppName, oppStuck);
  const oppStocks = h(doc, "div", "spit-stocks", { "data-player": "1" });
  const stocks = [[], []];
  for (let i = 0; i < 5; i++) {
    stocks[1].push(buildStock(doc, 1, i));
    oppStocks.append(stocks[1][i].el);
  }
  oppSide.append(oppTag, oppStocks);

  const middle = h(doc, "div", "spit-middle");
  const spitPiles = [buildSpitPile(doc, 0), buildSpitPile(doc, 1)];
  const centreRow = h(doc, "div", "spit-centres");
  const pausedBanner = h(doc, "div", "spit-paused-banner", { text: "Paused", "aria-hidden": "true" });
  middle.append(spitPiles[0].el, centreRow, spitPiles[1].el, pausedBanner);

  const youSide = h(doc, "div", "spit-side spit-side-you");
  const youStocks = h(doc, "div", "spit-stocks", { "data-player": "0" });
  for (let i = 0; i < 5; i++) {
    stocks[0].push(buildStock(doc, 0, i));
    youStocks.append(stocks[0][i].el);
  }
  const youTag = h(doc, "div", "spit-tag");
  const youName = h(doc, "span", "spit-name");
  const youStuck = h(doc, "span", "spit-chip spit-stuck-chip", { text: "Stuck" });
  youTag.append(youName, youStuck);
  youSide.append(youStocks, youTag);
  table.append(oppSide, middle, youSide);

  // Status bar under the felt.
  const bar = h(doc, "div", "spit-bar");
  const stuck = h(doc, "button", "spit-btn spit-btn-big spit-btn-stuck", { type: "button", text: "Stuck", title: "Declare that you cannot play (Space)" });
  const spit = h(doc, "button", "spit-btn spit-btn-big spit-btn-spit", { type: "button", text: "Spit!", title: "Spit (Space)" });
  const statusBox = h(doc, "div", "spit-statusbox");
  const status = h(doc, "div", "spit-status", { role: "status" });
  const message = h(doc, "div", "spit-message", { "data-kind": "" });
  const prompt = h(doc, "div", "spit-prompt");
  statusBox.append(status, message, prompt);
  const cardsLeft = h(doc, "div", "spit-cards-left");
  bar.append(stuck, spit, statusBox, cardsLeft);

  // Side panel: move log and key legend.
  const side = h(doc, "div", "spit-panel");
  const logTitle = h(doc, "div", "spit-panel-title", { text: "Moves" });
  const log = h(doc, "ol", "spit-log", { "aria-label": "Move log", tabindex: "-1" });
  // Follow the newest entry unless the user has scrolled up to read.
  log.addEventListener("scroll", () => {
    refs.logStick = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  });
  const keys = h(doc, "div", "spit-keys");
  for (const [k, what] of [["1\u20135", "play pile"], ["\u2190 \u2192", "choose pile"], ["Enter", "confirm"], ["Esc", "drop"], ["Space", "Stuck / Spit!"], ["P", "pause"], ["H", "hint"]]) {
    const item = h(doc, "span", "spit-keys-item");
    item.append(h(doc, "kbd", "", { text: k }), doc.createTextNode(" " + what));
    keys.append(item);
  }
  side.append(logTitle, log, keys);
  main.append(table, bar, side);

  // Error panel.
  const error = h(doc, "details", "spit-error", { role: "alert", open: "" });
  const errorTitle = h(doc, "summary", "spit-error-title", { text: "The computer's strategy raised an error" });
  const errorPre = h(doc, "pre", "spit-error-pre");
  error.append(errorTitle, errorPre);
  error.hidden = true;

  // End-of-game dialog (an overlay inside the widget).
  const dialog = h(doc, "div", "spit-dialog");
  const dialogBox = h(doc, "div", "spit-dialog-box", { role: "dialog", "aria-modal": "false" });
  const dialogTitle = h(doc, "h2", "spit-dialog-title");
  const dialogText = h(doc, "p", "spit-dialog-text");
  const dialogCards = h(doc, "p", "spit-dialog-cards");
  const dialogButtons = h(doc, "div", "spit-dialog-buttons");
  const dialogNew = h(doc, "button", "spit-btn spit-btn-primary spit-dialog-new", { type: "button", text: "Play Again" });
  const dialogClose = h(doc, "button", "spit-btn spit-dialog-close", { type: "button", text: "See the table" });
  dialogButtons.append(dialogNew, dialogClose);
  dialogBox.append(dialogTitle, dialogText, dialogCards, dialogButtons);
  dialog.append(dialogBox);
  dialog.hidden = true;

  const fx = h(doc, "div", "spit-fx", { "aria-hidden": "true" });
  const live = h(doc, "div", "spit-live spit-sr-only", { "aria-live": "polite", "aria-atomic": "true" });

  root.append(style, header, error, main, dialog, fx, live);

  const refs = {
    root, header, variant, stats, pace, pause, hint, newGame, table, middle, centreRow,
    stocks, spitPiles, centres: [], names: [youName, oppName], stuckChips: [youStuck, oppStuck],
    stuck, spit, status, message, prompt, cardsLeft, log, logItems: new Map(), logKey: "",
    error, errorPre, dialog, dialogTitle, dialogText, dialogCards, dialogNew, dialogClose,
    fx, live, pacesKey: "", doc, logStick: true,
  };
  return refs;
}

function fmtPct(rate) {
  if (!Number.isFinite(rate)) return "\u2014";
  return `${Math.round(rate * 100)}%`;
}

function updateStats(refs, stats) {
  const el = refs.stats;
  const key = JSON.stringify(stats);
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  el.replaceChildren();
  if (!stats) return;
  const games = Number(stats.games) || 0;
  const wins = Number(stats.wins) || 0;
  const rate = Number.isFinite(stats.win_rate) ? stats.win_rate : games ? wins / games : NaN;
  const add = (value, label, cls) => {
    const s = h(el.ownerDocument, "span", `spit-stat ${cls}`);
    s.append(h(el.ownerDocument, "b", "", { text: value }), el.ownerDocument.createTextNode(" " + label));
    el.append(s);
  };
  add(String(games), games === 1 ? "game" : "games", "spit-stat-games");
  add(String(wins), wins === 1 ? "win" : "wins", "spit-stat-wins");
  add(games ? fmtPct(rate) : "\u2014", "win rate", "spit-stat-rate");
}

function updatePaces(refs, state) {
  const sel = refs.pace;
  const key = JSON.stringify(state.paces);
  if (refs.pacesKey !== key) {
    refs.pacesKey = key;
    sel.replaceChildren();
    for (const p of state.paces) {
      if (!p || typeof p !== "object") continue;
      const opt = h(refs.doc, "option", "", { value: String(p.name) });
      opt.textContent = p.label == null ? String(p.name) : String(p.label);
      sel.append(opt);
    }
  }
  if (state.pace != null && sel.value !== String(state.pace)) sel.value = String(state.pace);
  sel.disabled = state.paces.length === 0;
}

function stockLabel(player, slot, top, count, extra) {
  const where = player === 0 ? `Your pile ${slot + 1}` : `Computer's pile ${slot + 1}`;
  if (!top) return `${where}: empty${extra}`;
  const under = count > 1 ? `, ${plural(count - 1, "card")} face down under it` : "";
  return `${where}: ${cardName(top)}${extra}${under}`;
}

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

function updateStock(refs, state, ui, player, slot) {
  const ref = refs.stocks[player][slot];
  const { top, count } = state.players[player].stock[slot];
  setAttr(ref.el, "data-count", count);
  ref.el.classList.toggle("spit-is-empty", !top);
  updateBacks(ref, count);
  setText(ref.count, count > 1 ? String(count) : "");

  const card = ref.card;
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

  if (player === 1) {
    setAttr(card, "aria-label", stockLabel(1, slot, top, count, ""));
    return;
  }

  // Your pile: highlight from you.plays / you.moves and the view's selection.
  const classic = state.variant === "classic";
  const fits = top ? fitsFor(state, top) : [];
  const movable = top && classic ? movesFor(state, top).length > 0 : false;
  const selected = !!(top && ui.selected && ui.selected.card === top);
  const inFlight = !!(top && ui.inFlight && ui.inFlight.has(top));
  const m = state.message;
  const hinted = !!(top && m && m.kind === "hint" && m.card === top);
  const moveTarget = !top && classic && (
    ui.selected ? movesFor(state, ui.selected.card).includes(slot) : state.you.moves.some((m) => m[1] === slot)
  );
  card.classList.toggle("spit-playable", fits.length > 0);
  card.classList.toggle("spit-fits-both", fits.length > 1);
  card.classList.toggle("spit-movable", movable);
  card.classList.toggle("spit-selected", selected);
  card.classList.toggle("spit-in-flight", inFlight);
  card.classList.toggle("spit-hinted", hinted);
  card.classList.toggle("spit-move-target", !!moveTarget);
  ref.el.classList.toggle("spit-slot-chosen", ui.slotTarget === slot && !top);
  let extra = "";
  if (top) {
    if (fits.length > 1) extra = ", playable on either pile";
    else if (fits.length === 1) extra = ", playable";
    else if (movable) extra = ", can move to an empty pile";
    if (selected) extra += ", picked up";
  } else if (classic) {
    extra = ui.slotTarget === slot ? ", chosen: now pick the card to move here" : moveTarget ? ", a card can move here" : "";
  }
  setAttr(card, "aria-label", stockLabel(0, slot, top, count, extra));
  if (card.tagName === "BUTTON") card.setAttribute("aria-pressed", String(selected || ui.slotTarget === slot));
}

function updateCentres(refs, state, ui) {
  const n = state.centre.length;
  while (refs.centres.length < n) {
    const c = buildCentre(refs.doc, refs.centres.length);
    refs.centres.push(c);
    refs.centreRow.append(c.el);
  }
  while (refs.centres.length > n) refs.centres.pop().el.remove();
  const sel = ui.selected ? fitsFor(state, ui.selected.card) : [];
  const roundOver = state.status === "round_over";
  for (let c = 0; c < n; c++) {
    const ref = refs.centres[c];
    const pile = state.centre[c] || {};
    const top = typeof pile.top === "string" ? pile.top : null;
    const count = Number.isFinite(pile.count) ? pile.count : top ? 1 : 0;
    setAttr(ref.el, "data-top", top || "");
    setAttr(ref.el, "data-count", count);
    if (pile.owner != null) setAttr(ref.el, "data-owner", pile.owner);
    setAttr(ref.el, "data-depth", count > 12 ? 3 : count > 5 ? 2 : count > 1 ? 1 : 0);
    setText(ref.count, count > 0 ? String(count) : "");
    setText(ref.needs, pile.needs == null ? "" : String(pile.needs));
    if (!(ui.hold && ui.hold.has(c))) {
      if ((ref.face.dataset.card || null) !== top || ref.face.dataset.four !== String(state.four_colour)) {
        if (top) drawFace(ref.face, top, state.four_colour);
        else clearFace(ref.face);
        ref.face.dataset.four = String(state.four_colour);
      }
    }
    const slappable = roundOver && state.you.slap.includes(c);
    const m = state.message;
    const hintTarget = !!(m && m.kind === "hint" && m.centre === c && m.card
      && state.players[0].stock.some((x) => x.top === m.card));
    ref.el.classList.toggle("spit-hint-target", hintTarget);
    ref.el.classList.toggle("spit-fits", sel.includes(c));
    ref.el.classList.toggle("spit-targetable", !!ui.selected || roundOver);
    ref.el.classList.toggle("spit-chosen", ui.chosen === c && (!!ui.selected || roundOver));
    ref.el.classList.toggle("spit-slappable", slappable);
    const name = CENTRE_NAMES[c] || `pile ${c + 1}`;
    let label = `${name[0].toUpperCase()}${name.slice(1)}: ${top ? cardName(top) : "empty"}, ${plural(count, "card")}`;
    if (pile.needs) label += `, ${pile.needs}`;
    if (ui.selected) label += sel.includes(c) ? `. Play ${cardName(ui.selected.card)} here` : `. ${cardName(ui.selected.card)} does not fit here`;
    else if (slappable) label += ". Slap this pile";
    setAttr(ref.btn, "aria-label", label);
  }
}

function updateSpitPiles(refs, state) {
  for (let p = 0; p < 2; p++) {
    const ref = refs.spitPiles[p];
    const n = state.players[p].spit_count;
    setAttr(ref.el, "data-count", n);
    setAttr(ref.el, "data-depth", n > 8 ? 3 : n > 3 ? 2 : n > 1 ? 1 : 0);
    ref.el.classList.toggle("spit-is-empty", n === 0);
    setText(ref.num, String(n));
    const owner = p === 0 ? "Your spit pile" : `${state.players[1].name}'s spit pile`;
    setText(ref.label, p === 0 ? "Your spit" : `${state.players[1].name}'s spit`);
    setAttr(ref.el, "aria-label", `${owner}: ${plural(n, "card")}`);
  }
}

function logEntryKey(e, i) {
  return e && Number.isFinite(e.seq) ? `s${e.seq}` : `i${i}:${e && e.text}`;
}

function updateLog(refs, log) {
  const list = refs.log;
  const keep = new Set();
  let prev = null;
  log.forEach((e, i) => {
    const key = logEntryKey(e, i);
    keep.add(key);
    let li = refs.logItems.get(key);
    if (!li) {
      li = h(refs.doc, "li", "spit-log-item");
      li.textContent = e && e.text != null ? String(e.text) : "";
      if (e && e.player != null) li.dataset.player = String(e.player);
      if (e && e.kind) li.dataset.kind = String(e.kind);
      refs.logItems.set(key, li);
    }
    const want = prev ? prev.nextSibling : list.firstChild;
    if (want !== li) list.insertBefore(li, want);
    prev = li;
  });
  for (const [key, li] of refs.logItems) {
    if (!keep.has(key)) {
      li.remove();
      refs.logItems.delete(key);
    }
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

function updateDialog(refs, state, ui) {
  const o = state.outcome;
  const show = !!o && !ui.dialogDismissed;
  refs.dialog.hidden = !show;
  if (!o) return;
  setText(refs.dialogTitle, o.title == null ? "Game over" : o.title);
  setText(refs.dialogText, o.text == null ? "" : o.text);
  const left = Array.isArray(o.cards_left) ? o.cards_left : [state.players[0].cards_left, state.players[1].cards_left];
  setText(refs.dialogCards, `Cards left: you ${left[0]}, computer ${left[1]}`);
  refs.dialog.dataset.winner = o.winner == null ? "" : String(o.winner);
  refs.dialog.dataset.termination = o.termination == null ? "" : String(o.termination);
}

/**
 * Patch the DOM from a normalised state. `ui` is the view's own state:
 * {selected: {card, slot}|null, slotTarget: number|null, chosen: number|null,
 *  inFlight: Set<card>, hold: Set<centre>, dialogDismissed: bool, prompt: string,
 *  rendered: bool}.
 */
export function updateTable(refs, state, ui) {
  const { root } = refs;
  setAttr(root, "data-status", state.status);
  setAttr(root, "data-paused", state.paused);
  setAttr(root, "data-variant", state.variant);
  setAttr(root, "data-readonly", state.readonly);
  root.classList.toggle("spit-four-colour", state.four_colour);
  refs.table.classList.toggle("spit-is-paused", state.paused);

  const round = Number.isFinite(state.round) && state.variant === "classic" ? ` \u00b7 round ${state.round}` : "";
  const vs = state.opponent ? ` \u00b7 vs ${state.opponent}` : "";
  setText(refs.variant, (state.variant === "classic" ? "Classic" : "Duel") + round + vs);
  updateStats(refs, state.stats);
  updatePaces(refs, state);
  setText(refs.pause, state.paused ? "Resume" : "Pause");
  refs.pause.classList.toggle("spit-btn-primary", state.paused);

  for (let p = 0; p < 2; p++) {
    setText(refs.names[p], state.players[p].name);
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
  setText(refs.spit, state.you.spit_label || "Spit!");
  refs.spit.classList.toggle("spit-btn-ready", !!state.you.can_spit);

  setText(refs.status, state.status_text);
  const m = state.message;
  refs.message.hidden = !m || !m.text;
  setAttr(refs.message, "data-kind", m && m.kind ? m.kind : "");
  setText(refs.message, m && m.text != null ? m.text : "");
  refs.prompt.hidden = !ui.prompt;
  setText(refs.prompt, ui.prompt || "");
  const you = state.players[0].cards_left;
  const them = state.players[1].cards_left;
  setText(refs.cardsLeft, `Cards left: you ${you}, computer ${them}`);

  updateLog(refs, state.log);

  refs.error.hidden = !state.error;
  setText(refs.errorPre, state.error || "");

  updateDialog(refs, state, ui);
}
