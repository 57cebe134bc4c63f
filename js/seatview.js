// A view at a table of two people: sitting down, leaving, the seat bar (who sits where, names, watching, Take seat) and hot-seat play
// (the top row played with its own keys and clicks). The pure parts live in
// seats.js; render() (widget.js) calls attachSeats(view) once and the
// returned hooks at the few points where a seat matters.

import { createController } from "./input.js";
import { closest, h, hSaid, N_ } from "./build.js";
import { bottomSeat, heldSeats, perspective, saveName, savedName, viewIdentity } from "./seats.js";
import { _, ngettext, said } from "./words.js";

/**
 * @import { PageMessage, PublicSeat, SeatPageMessage } from "./protocol.js"
 * @import { Controller, Refs, Seats, Timer, Ui, View, ViewState, Win } from "./types.js"
 */

/**
 * One view's session at a two-person table.
 * @typedef {object} Session
 * @property {Win} win
 * @property {{id: string, release: () => void}} ident  this view's id (seats.js)
 * @property {string | null} token  the kernel's token for this view
 * @property {number[]} held  the seats this view holds
 * @property {string} key  `held` as last drawn
 * @property {boolean} stopped
 * @property {Ui} topUi  hot seat: the top player's own selection and plays
 * @property {() => ViewState} raw  the whole table's snapshot, normalised
 * @property {(msg: PageMessage | SeatPageMessage, seat?: number | null) => object} stamp
 *   the message with this view's id and token (and the seat it acts for)
 * @property {(msg: SeatPageMessage) => void} post
 * @property {Controller} top  hot seat: the top row's controller
 * @typedef {ReturnType<typeof buildSeatBar>} SeatBar
 */

const TOP_KEYS = ["6", "7", "8", "9", "0"];
/** Hot seat: each row's keys (marked for the catalogue, said where shown). */
const LEGEND = [
  N_("Bottom: 1\u20135 play, Q / W left / right pile, Space Stuck / Spit!"),
  N_("Top: 6\u20130 play, \u2190 / \u2192 left / right pile, Enter Stuck / Spit!"),
];

/**
 * A seat's line in the seat bar: "Seat 2: Ann (playing) ", "Seat 1: free (free) ".
 * @param {number} n the seat's number @param {{status?: unknown, name?: unknown}} s
 */
function seatLine(n, s) {
  const name = s.name;
  if (s.status === "taken") return _("Seat {n}: {name} (playing)", { n, name });
  if (s.status === "away") return _("Seat {n}: {name} (away)", { n, name });
  return s.status === "free" || s.status == null ? _("Seat {n}: free (free)", { n })
    : _("Seat {n}: {name} (free)", { n, name });
}

/** @param {Document} doc */
function buildSeatBar(doc) {
  const bar = hSaid(doc, "div", "spit-seats", { "aria-label": N_("Seats") }, { role: "group" });
  const you = h(doc, "span", "spit-seat-you");
  const names = [0, 1].map((i) => {
    const input = h(doc, "input", "spit-name-input", { type: "text", maxlength: "24", "data-seat": i });
    said(input, "aria-label", N_("Name of seat {n}"), { n: i + 1 });
    return input;
  });
  const seats = [0, 1].map((i) => {
    const el = h(doc, "span", "spit-seat", { "data-seat": i });
    const label = h(doc, "span", "spit-seat-label");
    const take = h(doc, "button", "spit-btn spit-btn-take", { type: "button", "data-seat": i });
    said(take, "text", N_("Take seat {n}"), { n: i + 1 });
    el.append(label, take);
    return { el, label, take };
  });
  // Its words change with the seats held (Stand up, for one seat or both): updateSeatBar writes them.
  const stand = hSaid(doc, "button", "spit-btn spit-btn-stand",
    { title: N_("Give up your seat and watch; the game waits for someone to take it") },
    { type: "button", text: _("Stand up") });
  const watchers = h(doc, "span", "spit-watchers");
  const legend = h(doc, "div", "spit-legend");
  for (const line of LEGEND) legend.append(hSaid(doc, "div", "spit-legend-line", { text: line }));
  bar.append(you, ...names, stand, ...seats.map((s) => s.el), watchers, legend);
  return { bar, you, names, stand, seats, watchers, legend };
}

/** @param {SeatBar} sb @param {ViewState} raw @param {number[]} held @param {Document} doc */
function updateSeatBar(sb, raw, held, doc) {
  const seats = Array.isArray(raw.seats) ? raw.seats : [];
  const watching = held.length === 0;
  const hot = held.length === 2;
  sb.you.textContent = hot ? _("Hot seat: two players at this keyboard")
    : watching ? _("You are watching") : _("You are seat {n}", { n: held[0] + 1 });
  for (let i = 0; i < 2; i++) {
    /** @type {Partial<PublicSeat>} */
    const s = seats[i] || {};
    const mine = held.includes(i);
    const input = sb.names[i];
    input.hidden = !mine;
    if (mine && doc.activeElement !== input) input.value = typeof s.name === "string" ? s.name : "";
    const row = sb.seats[i];
    row.el.hidden = mine;
    row.el.dataset.status = s.status || "free";
    row.label.textContent = `${seatLine(i + 1, s)} `; // a space before its Take seat button
    row.take.hidden = !(watching && s.status === "free");
  }
  sb.stand.hidden = watching;
  sb.stand.textContent = hot ? _("Stand up (both seats)") : _("Stand up");
  const n = Number.isFinite(raw.spectators) ? raw.spectators : 0;
  sb.watchers.textContent = n ? ngettext("{n} watching", "{n} watching", n) : "";
  sb.legend.hidden = !hot;
}

/** The top row's highlights in hot seat (the bottom row is table.js's). @param {Refs} refs @param {ViewState} state @param {Ui} ui */
function paintTopRow(refs, state, ui) {
  const plays = state.topYou ? state.topYou.plays : [];
  for (let s = 0; s < 5; s++) {
    const slot = refs.stocks[1][s];
    const top = state.players[1].stock[s].top;
    const fits = plays.filter((p) => p[0] === top).length;
    slot.card.classList.toggle("spit-playable", !!top && fits > 0);
    slot.card.classList.toggle("spit-fits-both", !!top && fits > 1);
    slot.card.classList.toggle("spit-selected", !!top && !!ui.selected && ui.selected.card === top);
    slot.card.classList.toggle("spit-in-flight", !!top && ui.inFlight.has(top));
  }
}

/**
 * Hot seat: forget the top player's plays that landed or were refused.
 * @param {ViewState} state @param {Ui} ui @param {(t: Timer) => void} clearTimer
 */
function settleTop(state, ui, clearTimer) {
  const m = state.message;
  for (const [id, p] of ui.pending) {
    const refused = m && m.kind === "refused" && m.id === id;
    if (refused || !state.players[1].stock.some((x) => x.top === p.card)) {
      clearTimer(p.timer);
      ui.pending.delete(id);
    }
  }
}

/** @param {Controller} top @param {Controller} bottom @returns {Record<string, () => void>} */
const TAKEN_KEYS = (top, bottom) => ({
  Enter: () => top.stuckOrSpit(), ArrowLeft: () => top.clickCentre(0), ArrowRight: () => top.clickCentre(1),
  q: () => bottom.clickCentre(0), Q: () => bottom.clickCentre(0),
  w: () => bottom.clickCentre(1), W: () => bottom.clickCentre(1),
});

/**
 * Hot seat: the top player's keys (and Q / W), taken before the bottom player's handler.
 * @param {View} view @param {Session} session @param {KeyboardEvent} e
 */
function onHotKey(view, session, e) {
  if (session.held.length !== 2 || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
  const t = /** @type {Element | null} */ (e.target);
  if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
  const slot = TOP_KEYS.indexOf(e.key);
  const fn = slot >= 0 ? () => session.top.clickStock(slot) : TAKEN_KEYS(session.top, view.ctrl)[e.key];
  if (!fn) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  if (!e.repeat) fn();
}

/**
 * Hot seat: clicks on the top row (and on a pile while the top player holds a card).
 * @param {Session} session @param {MouseEvent} e
 */
function onHotClick(session, e) {
  if (session.held.length !== 2) return;
  const t = elementOf(e);
  if (!t) return;
  const stock = closest(t, '.spit-stock[data-player="1"]');
  const centre = closest(t, ".spit-centre");
  if (stock) session.top.clickStock(Number(stock.dataset.slot));
  else if (centre && session.topUi.selected) session.top.clickCentre(Number(centre.dataset.centre));
  else return;
  e.stopImmediatePropagation();
}

/** An event's target if it is an element (it has `closest`), else null. @param {Event} e */
function elementOf(e) {
  const t = e.target;
  return t && "closest" in t ? /** @type {Element} */ (t) : null;
}

/** @param {Session} session @param {MouseEvent} e */
function onBarClick(session, e) {
  const t = elementOf(e);
  const btn = t ? closest(t, ".spit-btn-take, .spit-btn-stand") : null;
  if (!btn) return;
  if (btn.classList.contains("spit-btn-stand")) session.post({ kind: "stand" });
  else session.post({ kind: "take", seat: Number(btn.dataset.seat), name: savedName(session.win) });
}

/** @param {Session} session @param {Event} e */
function onNameChange(session, e) {
  const input = /** @type {HTMLInputElement | null} */ (e.target); // checked by its class
  if (!input || !input.classList || !input.classList.contains("spit-name-input")) return;
  const name = input.value.trim();
  if (!name) return;
  if (session.held.length === 1) saveName(session.win, name);
  session.post({ kind: "name", name, seat: Number(input.dataset.seat) });
}

/**
 * The session of one view at a human table: identity, token, held seats, the top controller.
 * @param {View} view @param {() => Ui} freshUi @param {unknown} table  the table's id (state.table)
 * @returns {Session}
 */
function makeSession(view, freshUi, table) {
  const { win } = view;
  const ident = viewIdentity(win, table);
  /** @type {Partial<Session>} */
  const start = {
    win, ident, token: null, held: [], key: "", stopped: false, topUi: freshUi(),
    raw: () => view.normalise(view.held.shown()), // held.js: later at the nearer seat
  };
  const session = /** @type {Session} */ (start); // stamp, post and top are set just below
  session.stamp = (msg, seat) => ({ ...msg, view: ident.id, token: session.token, ...(seat == null ? {} : { seat }) });
  session.post = (msg) => {
    view.outbox.post(session.stamp(msg)); // numbered, kept until acknowledged (outbox.js)
  };
  session.top = createController({
    refs: { ...view.refs, stocks: [view.refs.stocks[1], view.refs.stocks[0]] },
    ui: session.topUi,
    getState: () => perspective(session.raw(), [1], ident.id), // seat 2 at the bottom of its refs
    send: (msg) => view.outbox.post(session.stamp(msg, 1)),
    refresh: () => view.refresh(),
    setTimer: view.setTimer,
    clearTimer: view.clearTimer,
  });
  return session;
}

/**
 * Sit down (with the name this browser remembers). A view the kernel forgot in
 * an outage is seated again by the kernel itself, on its first echo after it.
 * @param {View} view @param {Session} session
 */
function sit(view, session) {
  if (session.stopped) return;
  try {
    view.model.send({ kind: "sit", view: session.ident.id, name: savedName(view.win) });
  } catch {
    // the model is gone (widget closed)
  }
}

/**
 * Sit down, listen; returns the function that undoes it all.
 * @param {View} view @param {Session} session @param {SeatBar} sb
 */
function start(view, session, sb) {
  const { model, refs } = view;
  const handlers = {
    key: (/** @type {KeyboardEvent} */ e) => onHotKey(view, session, e),
    click: (/** @type {MouseEvent} */ e) => onHotClick(session, e),
    bar: (/** @type {MouseEvent} */ e) => onBarClick(session, e),
    name: (/** @type {Event} */ e) => onNameChange(session, e),
    enter: (/** @type {KeyboardEvent} */ e) => {
      if (e.key === "Enter" && !e.isComposing) onNameChange(session, e);
    },
    /** @param {{kind?: unknown, view?: unknown, token?: unknown} | null} msg  any custom message: checked here */
    custom: (msg) => {
      if (msg && msg.kind === "seat" && msg.view === session.ident.id) {
        session.token = typeof msg.token === "string" ? msg.token : null;
      }
    },
  };
  refs.root.prepend(sb.bar);
  sb.bar.addEventListener("click", handlers.bar);
  sb.bar.addEventListener("change", handlers.name);
  // Enter sends the name too. A browser fires no `change` when it compares the value
  // with the one it had when the box was last focused: a box hidden for a moment (a
  // seat that flickered to free while this page was slow to answer) loses focus
  // without one, and on focus again "Bob" typed before equals "Bob" now. A name sent
  // twice is renamed once (the kernel says nothing when it is unchanged).
  sb.bar.addEventListener("keydown", handlers.enter);
  refs.root.addEventListener("keydown", handlers.key, true);
  refs.root.addEventListener("click", handlers.click, true);
  model.on("msg:custom", handlers.custom);
  sit(view, session);
  return () => {
    session.stopped = true;
    model.off("msg:custom", handlers.custom);
    refs.root.removeEventListener("keydown", handlers.key, true);
    refs.root.removeEventListener("click", handlers.click, true);
    session.post({ kind: "leave" });
    session.ident.release();
  };
}

/**
 * After each render: the seat bar, the top row, the data-seat hook.
 * @param {View} view @param {Session} session @param {SeatBar} sb @param {ViewState} state
 */
function afterRefresh(view, session, sb, state) {
  updateSeatBar(sb, session.raw(), session.held, view.doc);
  view.refs.root.dataset.seat = state.seat || "";
  const key = session.held.join(",");
  if (key !== session.key) {
    session.key = key;
    view.ctrl.clearSelection();
    session.top.clearSelection();
  }
  const ui = session.topUi;
  settleTop(state, ui, view.clearTimer);
  ui.inFlight = new Set();
  for (const p of ui.pending.values()) if (p.kind === "play") ui.inFlight.add(p.card);
  if (session.held.length === 2) paintTopRow(view.refs, state, ui);
}

const COMPUTER_TABLE = {
  read: null, send: null, onRefresh: () => {}, dispose: () => {},
};

/**
 * Wire seats into a view. `view`: {model, doc, win, refs, ui, ctrl, setTimer,
 * clearTimer, refresh, normalise(raw)}. Returns {read(), send(msg),
 * onRefresh(state), dispose()}: read() is the snapshot this view draws; at a
 * computer's table they pass everything through.
 * @param {View} view @param {() => Ui} freshUi
 * @returns {Seats}
 */
export function attachSeats(view, freshUi) {
  const { model } = view;
  const first = view.normalise(model.get("state"));
  if (first.mode !== "human") {
    return { ...COMPUTER_TABLE, read: () => view.normalise(view.held.shown()),
      send: (msg) => view.outbox.post(msg) };
  }
  const session = makeSession(view, freshUi, first.table);
  const sb = buildSeatBar(view.doc);
  const stop = start(view, session, sb);
  return {
    read() {
      const s = session.raw();
      session.held = heldSeats(s, session.ident.id);
      return perspective(s, session.held, session.ident.id);
    },
    send: (msg) => view.outbox.post(session.stamp(msg, bottomSeat(session.held))),
    onRefresh: (state) => afterRefresh(view, session, sb, state),
    dispose: stop,
    id: session.ident.id,
  };
}
