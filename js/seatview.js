// A view at a table of two people: sitting down, the heartbeat, leaving, the
// seat bar (who sits where, names, watching, Take seat) and hot-seat play
// (the top row played with its own keys and clicks). The pure parts live in
// seats.js; render() (widget.js) calls attachSeats(view) once and the
// returned hooks at the few points where a seat matters.

import { createController } from "./input.js";
import { h } from "./build.js";
import { bottomSeat, heldSeats, perspective, saveName, savedName, viewIdentity } from "./seats.js";

const SEAT_STATUS = { taken: "playing", away: "away", free: "free" };
const TOP_KEYS = ["6", "7", "8", "9", "0"];
const LEGEND = [
  "Bottom: 1\u20135 play, Q / W left / right pile, Space Stuck / Spit!",
  "Top: 6\u20130 play, \u2190 / \u2192 left / right pile, Enter Stuck / Spit!",
];

function buildSeatBar(doc) {
  const bar = h(doc, "div", "spit-seats", { role: "group", "aria-label": "Seats" });
  const you = h(doc, "span", "spit-seat-you");
  const names = [0, 1].map((i) => h(doc, "input", "spit-name-input", {
    type: "text", maxlength: "24", "data-seat": i, "aria-label": `Name of seat ${i + 1}`,
  }));
  const seats = [0, 1].map((i) => {
    const el = h(doc, "span", "spit-seat", { "data-seat": i });
    const label = h(doc, "span", "spit-seat-label");
    const take = h(doc, "button", "spit-btn spit-btn-take", { type: "button", "data-seat": i,
      text: `Take seat ${i + 1}` });
    el.append(label, take);
    return { el, label, take };
  });
  const watchers = h(doc, "span", "spit-watchers");
  const legend = h(doc, "div", "spit-legend");
  for (const line of LEGEND) legend.append(h(doc, "div", "spit-legend-line", { text: line }));
  bar.append(you, ...names, ...seats.map((s) => s.el), watchers, legend);
  return { bar, you, names, seats, watchers, legend };
}

function updateSeatBar(sb, raw, held, doc) {
  const seats = Array.isArray(raw.seats) ? raw.seats : [];
  const watching = held.length === 0;
  const hot = held.length === 2;
  sb.you.textContent = hot ? "Hot seat: two players at this keyboard"
    : watching ? "You are watching" : `You are seat ${held[0] + 1}`;
  for (let i = 0; i < 2; i++) {
    const s = seats[i] || {};
    const mine = held.includes(i);
    const input = sb.names[i];
    input.hidden = !mine;
    if (mine && doc.activeElement !== input) input.value = typeof s.name === "string" ? s.name : "";
    const row = sb.seats[i];
    row.el.hidden = mine;
    row.el.dataset.status = s.status || "free";
    row.label.textContent = `Seat ${i + 1}: ${s.status === "free" ? "free" : s.name} `
      + `(${SEAT_STATUS[s.status] || "free"})`;
    row.take.hidden = !(watching && s.status === "free");
  }
  const n = Number.isFinite(raw.spectators) ? raw.spectators : 0;
  sb.watchers.textContent = n ? `${n} watching` : "";
  sb.legend.hidden = !hot;
}

/** The top row's highlights in hot seat (the bottom row is table.js's). */
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

/** Hot seat: forget the top player's plays that landed or were refused. */
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

/**
 * Wire seats into a view. `view`: {model, doc, win, refs, ui, setTimer,
 * refresh, normalise(raw)}. Returns {read(), send(msg), onRefresh(),
 * dispose()}: read() is the snapshot this view draws.
 */
export function attachSeats(view, freshUi) {
  const { model, doc, win, refs } = view;
  const raw = () => view.normalise(model.get("state"));
  const first = raw();
  const human = first.mode === "human";
  const ident = human ? viewIdentity(win, first.table) : { id: null, release: () => {} };
  const session = { token: null, held: [], key: "", stopped: false, top: null, topUi: freshUi() };
  const sb = human ? buildSeatBar(doc) : null;

  const withSeat = (msg, seat) => (human
    ? { ...msg, view: ident.id, token: session.token, ...(seat == null ? {} : { seat }) } : msg);
  const send = (msg) => model.send(withSeat(msg, bottomSeat(session.held)));
  const safeSend = (msg) => {
    try {
      model.send(withSeat(msg));
    } catch {
      // the model is gone (widget closed): nothing to tell
    }
  };

  function read() {
    const s = raw();
    if (!human) return s;
    session.held = heldSeats(s, ident.id);
    return perspective(s, session.held, ident.id);
  }

  function onCustom(msg) {
    if (!msg || msg.kind !== "seat" || msg.view !== ident.id) return;
    session.token = typeof msg.token === "string" ? msg.token : null;
  }

  function beat() {
    if (session.stopped) return;
    safeSend({ kind: "heartbeat" });
    const ms = raw().heartbeat_ms;
    view.setTimer(beat, Number.isFinite(ms) && ms >= 200 ? ms : 2000);
  }

  const topCtx = {
    refs: { ...refs, stocks: [refs.stocks[1], refs.stocks[0]] },
    ui: session.topUi,
    getState: () => perspective(raw(), [1], ident.id), // seat 2 at the bottom of its refs
    send: (msg) => model.send(withSeat(msg, 1)),
    refresh: () => view.refresh(),
    setTimer: view.setTimer,
    clearTimer: view.clearTimer,
  };
  session.top = createController(topCtx);

  function onBarClick(e) {
    const btn = e.target && e.target.closest ? e.target.closest(".spit-btn-take") : null;
    if (btn) safeSend({ kind: "take", seat: Number(btn.dataset.seat), name: savedName(win) });
  }
  function onNameChange(e) {
    const input = e.target;
    if (!input || !input.classList || !input.classList.contains("spit-name-input")) return;
    const name = input.value.trim();
    if (!name) return;
    if (session.held.length === 1) saveName(win, name);
    safeSend({ kind: "name", name, seat: Number(input.dataset.seat) });
  }

  /** Hot seat: the top player's keys, taken before the bottom player's handler. */
  function onKeyDown(e) {
    if (session.held.length !== 2 || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    const top = session.top;
    const bottom = view.ctrl;
    const slot = TOP_KEYS.indexOf(e.key);
    const actions = {
      Enter: () => top.stuckOrSpit(), ArrowLeft: () => top.clickCentre(0),
      ArrowRight: () => top.clickCentre(1), q: () => bottom.clickCentre(0), Q: () => bottom.clickCentre(0),
      w: () => bottom.clickCentre(1), W: () => bottom.clickCentre(1),
    };
    const fn = slot >= 0 ? () => top.clickStock(slot) : actions[e.key];
    if (!fn) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    if (!e.repeat) fn();
  }

  /** Hot seat: clicks on the top row (and on a pile while the top player holds a card). */
  function onClickTop(e) {
    if (session.held.length !== 2) return;
    const t = e.target && e.target.closest ? e.target : null;
    if (!t) return;
    const stock = t.closest('.spit-stock[data-player="1"]');
    const centre = t.closest(".spit-centre");
    if (stock) session.top.clickStock(Number(stock.dataset.slot));
    else if (centre && session.topUi.selected) session.top.clickCentre(Number(centre.dataset.centre));
    else return;
    e.stopImmediatePropagation();
  }

  if (human) {
    refs.root.prepend(sb.bar);
    sb.bar.addEventListener("click", onBarClick);
    sb.bar.addEventListener("change", onNameChange);
    refs.root.addEventListener("keydown", onKeyDown, true);
    refs.root.addEventListener("click", onClickTop, true);
    model.on("msg:custom", onCustom);
    model.send({ kind: "sit", view: ident.id, name: savedName(win) });
    view.setTimer(beat, 2000);
  }

  return {
    read,
    send,
    /** After each render: the seat bar, the top row, the data-seat hook. */
    onRefresh(state) {
      if (!human) return;
      const s = raw();
      updateSeatBar(sb, s, session.held, doc);
      refs.root.dataset.seat = state.seat || "";
      const key = session.held.join(",");
      if (key !== session.key) {
        session.key = key;
        view.ctrl.clearSelection();
        session.top.clearSelection();
      }
      settleTop(state, session.topUi, view.clearTimer);
      session.topUi.inFlight = new Set();
      for (const p of session.topUi.pending.values()) if (p.kind === "play") session.topUi.inFlight.add(p.card);
      if (session.held.length === 2) paintTopRow(refs, state, session.topUi);
    },
    dispose() {
      if (!human) return;
      session.stopped = true;
      model.off("msg:custom", onCustom);
      refs.root.removeEventListener("keydown", onKeyDown, true);
      refs.root.removeEventListener("click", onClickTop, true);
      safeSend({ kind: "leave" });
      ident.release();
    },
  };
}
