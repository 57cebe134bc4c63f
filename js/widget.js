// spit-widget front end: render({model, el}) for anywidget.
//
// The page knows no rules. It draws the kernel's `state` snapshot (see
// docs/protocol.md), sends clicks and keys as custom messages, gives instant
// optimistic feedback, and lets the next snapshot or a refusal correct it.
// Everything a view owns lives inside render(): two views of one model share
// nothing but the model.

import { FLIGHT_MS, flyCard, reducedMotion, restartClass } from "./animate.js";
import { parseCard } from "./cards.js";
import { createController } from "./input.js";
import { normalise, slotOf } from "./state.js";
import { buildTable, updateTable } from "./table.js";

/** Log kinds announced whoever made them (besides every computer event). */
const ANNOUNCE_KINDS = new Set(["spit", "round_end", "game_end", "take", "slap"]);

function maxSeq(log) {
  let m = -Infinity;
  for (const e of log) if (e && Number.isFinite(e.seq) && e.seq > m) m = e.seq;
  return m;
}

function messageKey(m) {
  return m ? `${m.seq}|${m.id}|${m.kind}|${m.text}` : "";
}

export function render({ model, el }) {
  const doc = el.ownerDocument || document;
  const win = doc.defaultView || globalThis;
  const refs = buildTable(doc);
  const ui = {
    selected: null,
    slotTarget: null,
    chosen: null,
    prompt: "",
    pending: new Map(), // id -> {kind, card, slot, centre, timer}
    inFlight: new Set(),
    hold: new Set(), // centres whose face waits for a flying card to land
    dialogDismissed: false,
    rendered: false,
    // Ids increment per view; the random start keeps two views of one model
    // from matching each other's refusals.
    nextId: 1 + Math.floor(Math.random() * 1e6) * 1000,
  };

  let state = normalise(model.get("state"));
  if (state.status === "round_over" && state.you.slap.length) ui.chosen = state.you.slap[0];
  let lastSeq = maxSeq(state.log);
  let lastMessage = messageKey(state.message);
  let lastOutcome = state.outcome ? JSON.stringify(state.outcome) : "";
  const timers = new Set();
  const flights = new Map(); // centre -> cancel()

  const setTimer = (fn, ms) => {
    const t = win.setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };
  const clearTimer = (t) => {
    win.clearTimeout(t);
    timers.delete(t);
  };

  let disposed = false;

  function refresh() {
    if (disposed) return;
    ui.inFlight = new Set();
    for (const p of ui.pending.values()) if (p.kind === "play") ui.inFlight.add(p.card);
    updateTable(refs, state, ui);
    ui.rendered = true;
  }

  function announce(texts) {
    const text = texts.filter(Boolean).join(" ");
    if (text) refs.live.textContent = text;
  }

  const ctrl = createController({
    refs,
    ui,
    getState: () => state,
    send: (msg) => model.send(msg),
    refresh,
    setTimer,
    clearTimer,
  });

  function flashRefused(card) {
    const slot = slotOf(state, card);
    if (slot < 0) return;
    const btn = refs.stocks[0][slot].card;
    restartClass(btn, "spit-refused");
    setTimer(() => btn.classList.remove("spit-refused"), 900);
  }

  function startFlight(e) {
    const c = e.centre;
    const from = refs.stocks[e.player] && refs.stocks[e.player][e.pile];
    const to = refs.centres[c];
    if (!from || !to) return;
    if (flights.has(c)) flights.get(c)();
    ui.hold.add(c);
    let done = false;
    let safety = null;
    const land = () => {
      if (done) return;
      done = true;
      if (safety != null) clearTimer(safety);
      flights.delete(c);
      ui.hold.delete(c);
      refresh();
    };
    const cancel = flyCard({
      layer: refs.fx, from: from.anchor, to: to.anchor, code: e.card,
      fourColour: state.four_colour, duration: FLIGHT_MS, onDone: land,
    });
    if (!done) {
      flights.set(c, cancel);
      safety = setTimer(cancel, FLIGHT_MS + 250);
    }
  }

  function onState() {
    if (disposed) return;
    const prev = state;
    state = normalise(model.get("state"));

    // New log events: announce the computer's, animate plays made elsewhere.
    const top = maxSeq(state.log);
    let fresh = [];
    if (Number.isFinite(top)) {
      // A lower newest seq means a fresh log (new game): nothing to replay.
      if (top >= lastSeq) fresh = state.log.filter((e) => e && Number.isFinite(e.seq) && e.seq > lastSeq);
      lastSeq = top;
    }
    const said = [];
    const toFly = new Map();
    for (const e of fresh) {
      if (e.player === 1 || ANNOUNCE_KINDS.has(e.kind)) said.push(e.text == null ? "" : String(e.text));
      if (e.kind === "play" && (e.player === 0 || e.player === 1) && parseCard(e.card)
          && Number.isInteger(e.centre) && Number.isInteger(e.pile)) {
        let mine = false;
        for (const p of ui.pending.values()) if (p.kind === "play" && p.card === e.card) mine = true;
        if (e.player === 1 || !mine) toFly.set(e.centre, e);
      }
    }

    // The kernel's message: refusals return the matching card to its pile.
    const m = state.message;
    const mk = messageKey(m);
    let refused = null;
    if (mk !== lastMessage && m && m.text) {
      if (m.kind === "refused" || m.kind === "hint") said.push(String(m.text));
      restartClass(refs.message, "spit-flash");
    }
    lastMessage = mk;
    if (m && m.kind === "refused" && ui.pending.has(m.id)) {
      const p = ui.pending.get(m.id);
      clearTimer(p.timer);
      ui.pending.delete(m.id);
      refused = p.card;
    }
    // A card that left your stock has landed: the normal render takes over.
    for (const [id, p] of ui.pending) {
      if (p.kind === "play" && slotOf(state, p.card) < 0) {
        clearTimer(p.timer);
        ui.pending.delete(id);
      }
    }

    // Keep the selection only while it still makes sense.
    if (ui.selected && slotOf(state, ui.selected.card) < 0) ctrl.clearSelection();
    if (ui.slotTarget != null && state.players[0].stock[ui.slotTarget].top) ctrl.clearSelection();
    if (state.status !== prev.status) {
      ctrl.clearSelection();
      if (state.status === "round_over") ui.chosen = state.you.slap.length ? state.you.slap[0] : null;
    }
    if (ui.chosen != null && ui.chosen >= state.centre.length) ui.chosen = null;

    const outcomeKey = state.outcome ? JSON.stringify(state.outcome) : "";
    const newOutcome = outcomeKey !== lastOutcome;
    if (newOutcome) {
      ui.dialogDismissed = false;
      if (state.outcome && state.outcome.title) said.push(String(state.outcome.title));
    }
    lastOutcome = outcomeKey;

    const animate = toFly.size > 0 && !doc.hidden && !reducedMotion(win)
      && typeof refs.root.animate === "function";
    if (animate) for (const c of toFly.keys()) if (refs.centres[c]) ui.hold.add(c);
    refresh();
    if (animate) for (const e of toFly.values()) startFlight(e);
    if (refused) flashRefused(refused);
    announce(said);
    if (newOutcome && state.outcome && refs.root.contains(doc.activeElement)) {
      refs.dialogNew.focus({ preventScroll: true });
    }
  }

  const onVisibility = () => model.send({ kind: "visibility", hidden: !!doc.hidden });

  refs.root.addEventListener("click", ctrl.onClick);
  refs.root.addEventListener("change", ctrl.onChange);
  refs.root.addEventListener("keydown", ctrl.onKeyDown);
  refs.root.addEventListener("keyup", ctrl.onKeyUp);
  doc.addEventListener("visibilitychange", onVisibility);
  model.on("change:state", onState);

  refresh();
  el.appendChild(refs.root);
  // Once laid out, show the newest log entries.
  const raf = win.requestAnimationFrame
    ? win.requestAnimationFrame(() => {
      if (refs.logStick) refs.log.scrollTop = refs.log.scrollHeight;
    })
    : null;

  return () => {
    disposed = true;
    model.off("change:state", onState);
    doc.removeEventListener("visibilitychange", onVisibility);
    refs.root.removeEventListener("click", ctrl.onClick);
    refs.root.removeEventListener("change", ctrl.onChange);
    refs.root.removeEventListener("keydown", ctrl.onKeyDown);
    refs.root.removeEventListener("keyup", ctrl.onKeyUp);
    for (const cancel of [...flights.values()]) cancel();
    if (raf != null && win.cancelAnimationFrame) win.cancelAnimationFrame(raf);
    for (const t of timers) win.clearTimeout(t);
    timers.clear();
    ui.pending.clear();
    refs.root.remove();
  };
}

export default { render };
