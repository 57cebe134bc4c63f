// spit-widget front end: render({model, el}) for anywidget.
//
// The page knows no rules. It draws the kernel's `state` snapshot (see
// docs/protocol.md), sends clicks and keys as custom messages, gives instant
// optimistic feedback, and lets the next snapshot or a refusal correct it.
// Everything a view owns lives in the `view` record made here: two views of
// one model share nothing but the model. The stylesheet is js/styles.css,
// bundled to static/widget.css and handed to anywidget as `_css`.

import "./styles.css"; // esbuild writes it beside the bundle: static/widget.css
import { FLIGHT_MS, flyCard, reducedMotion, restartClass } from "./animate.js";
import { h } from "./build.js";
import { warmFaces } from "./cards.js";
import { fitToRoom } from "./fit.js";
import { keepFocus } from "./focus.js";
import { createController } from "./input.js";
import { revealNewTable } from "./inview.js";
import { echoPings, seenPlayable } from "./echo.js";
import { createHeld, holdOf } from "./held.js";
import { createLink, LOOK_MS } from "./link.js";
import { createOutbox } from "./outbox.js";
import { freshNotice, noteMessage, release } from "./notice.js";
import { freshRefusals, logRefusal } from "./refusal.js";
import { modelLog, withLog } from "./protocol.js";
import { randomId } from "./seats.js";
import { attachReview } from "./review.js";
import { attachSeats } from "./seatview.js";
import { normalise, slotOf } from "./state.js";
import {
  keepSelection, maxSeq, messageKey, outcomeKey, readEvents, readMessage, readOutcome, roundSummary,
  settlePending,
} from "./sync.js";

import { buildTable, updateTable } from "./table.js";
import { _, pageLanguage, relabel, useWords } from "./words.js";

/**
 * @import { LogEvent, Model, PageMessage } from "./protocol.js"
 * @import { Handlers, Ui, View } from "./types.js"
 */

/** How long the round interlude shows (the kernel's computer waits as long: INTERLUDE_S). */
export const INTERLUDE_MS = 2500;

/** The view's own UI state (Ui in types.js). @returns {Ui} */
function freshUi() {
  return {
    selected: null,
    slotTarget: null,
    chosen: null,
    prompt: "",
    pending: new Map(), // id -> {kind, card, slot, centre, timer}
    inFlight: new Set(),
    hold: new Set(), // centres whose face waits for a flying card to land
    dialogDismissed: false,
    rendered: false,
    interlude: null, // {round, lines, cards} while the round interlude shows
    playableAt: null, // page clock since a card showed playable (echo.js), for Match me
    refusals: freshRefusals(), // the refusals heard, for the move log (refusal.js)
    ...freshNotice(), // the refusal held on screen, the passing notice timed (notice.js)
    // Ids increment per view; the random start keeps two views of one model
    // from matching each other's refusals.
    nextId: 1 + Math.floor(Math.random() * 1e6) * 1000,
  };
}

/** Timers that the view's disposer clears all at once. @param {View} view */
function addTimers(view) {
  const { win, timers } = view;
  view.setTimer = (fn, ms) => {
    const t = win.setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };
  view.clearTimer = (t) => {
    win.clearTimeout(t);
    timers.delete(t);
  };
}

/** @param {Model} model @param {HTMLElement} el @returns {View} */
function createView(model, el) {
  const doc = el.ownerDocument || document;
  const log = modelLog(model); // shared by every view of the model
  const state = normalise(withLog(model.get("state"), log));
  /** @type {Partial<View>} */
  const start = {
    model, el, doc, win: doc.defaultView || globalThis, refs: buildTable(doc), ui: freshUi(), state,
    log,
    lastSeq: maxSeq(state.log), lastMessage: messageKey(state.message), lastOutcome: outcomeKey(state.outcome),
    timers: new Set(), flights: new Map(), disposed: false, raf: null,
  };
  const view = /** @type {View} */ (start); // the rest is set below, before anything reads it
  // The line that says the kernel is silent (link.js), hidden while it answers.
  view.refs.link = h(doc, "div", "spit-link", { role: "status" });
  view.refs.link.hidden = true;
  view.refs.root.prepend(view.refs.link);
  view.refs.root.dataset.link = "up";
  if (state.status === "round_over" && state.you.slap.length) view.ui.chosen = state.you.slap[0];
  addTimers(view);
  // What this view draws: the model's state, or at the nearer seat of two
  // people each state its hold later (held.js).
  const clock = { now: () => globalThis.performance.now(), setTimer: view.setTimer };
  view.held = createHeld(model.get("state"), clock, () => onState(view));
  view.refresh = () => refresh(view);
  view.normalise = (raw) => normalise(withLog(raw, log)); // the state with the model's log
  view.seats = attachSeats(view, freshUi); // two people: this view's seat, at the bottom
  view.id = view.seats.id || randomId(); // a seat's id, else one of this render's own
  // Every action is numbered and kept until the kernel acknowledges it (outbox.js).
  view.outbox = createOutbox({ view: view.id, transmit: (m) => model.send(m), now: clock.now });
  view.state = view.seats.read();
  view.endInterlude = () => { // the player's click: the computer stops waiting for it too
    if (view.ui.interlude) view.seats.send({ kind: "end_interlude" });
    endInterlude(view);
  };
  // The player's own action: the refusal held for them has been read.
  /** @param {PageMessage} msg */
  const send = (msg) => {
    release(view.ui, view);
    return view.seats.send(msg);
  };
  view.ctrl = createController({
    refs: view.refs, ui: view.ui, getState: () => view.state, send,
    refresh: view.refresh, setTimer: view.setTimer, clearTimer: view.clearTimer,
    endInterlude: () => view.endInterlude(), linkDown: () => view.link.isDown(),
    outbox: view.outbox, said: (text, card) => sayOnPage(view, text, card),
  });
  view.link = createLink({
    now: clock.now,
    expecting: () => view.state.status !== "game_over" || view.state.mode === "human",
    onDown: () => linkDown(view),
    onUp: () => linkUp(view),
  });
  return view;
}

/** The text shown while the kernel is silent (link.js). */
export const linkDownText = () => _("No answer from the kernel for a few seconds: the connection "
  + "may have dropped. Nothing you do is lost: your moves wait here and go as soon as it answers.");

/** The kernel fell silent: say so at once, and hold every action. @param {View} view */
function linkDown(view) {
  view.outbox.down();
  view.refs.root.dataset.link = "down";
  view.refs.link.textContent = linkDownText();
  view.refs.link.hidden = false;
  view.refresh();
}

/**
 * The kernel answers again: send what waited, and ask for the whole picture
 * (its answers sent into the outage may be lost). At a two-person table the
 * kernel seats a view it forgot meanwhile again on its echo (seats_people.py).
 * @param {View} view
 */
function linkUp(view) {
  view.refs.root.dataset.link = "up";
  view.refs.link.hidden = true;
  view.refs.link.textContent = "";
  view.outbox.up();
  view.refs.root.dataset.resent = String(view.outbox.resent());
  try {
    view.model.send({ kind: "sync", view: view.id });
  } catch {
    // the model is gone
  }
  view.refresh();
}

/**
 * A sentence of the page's own (a play it gave up on): held on the message line
 * like a refusal, logged, and read out.
 * @param {View} view @param {string} text @param {string | null} card
 */
function sayOnPage(view, text, card) {
  /** @type {import("./protocol.js").Notice} */
  const notice = { seq: -1, id: null, kind: "refused", text };
  noteMessage(view.ui, notice, view.state.paused, view, card);
  logRefusal(view.ui.refusals, view.state, text);
  announce(view, [text]);
}

/** @param {View} view */
function refresh(view) {
  if (view.disposed) return;
  useWords(view.model.get("words")); // this table's language (two tables may differ)
  const { ui } = view;
  ui.inFlight = new Set();
  ui.queued = new Set();
  for (const p of ui.pending.values()) {
    if (p.kind !== "play") continue;
    ui.inFlight.add(p.card);
    if (p.queued && view.link && view.link.isDown()) ui.queued.add(p.card);
  }
  updateTable(view.refs, view.state, ui);
  view.seats.onRefresh(view.state);
  if (view.review) view.review.refresh();
  ui.rendered = true;
  if (view.focus) view.focus.restore();
}

/** @param {View} view @param {string[]} texts */
function announce(view, texts) {
  const text = texts.filter(Boolean).join(" ");
  if (text) view.refs.live.textContent = text;
}

/** @param {View} view @param {string} card */
function flashRefused(view, card) {
  const slot = slotOf(view.state, card);
  if (slot < 0) return;
  const btn = view.refs.stocks[0][slot].card;
  restartClass(btn, "spit-refused");
  view.setTimer(() => btn.classList.remove("spit-refused"), 900);
}

/**
 * Fly a clone of a play made elsewhere; the pile's face waits for it to land.
 * @param {View} view @param {LogEvent & {player: number, card: string, centre: number, pile: number}} e
 */
function startFlight(view, e) {
  const { refs, ui, flights } = view;
  const c = e.centre;
  const from = refs.stocks[e.player] && refs.stocks[e.player][e.pile];
  const to = refs.centres[c];
  if (!from || !to) return;
  flights.get(c)?.();
  ui.hold.add(c);
  let done = false;
  /** @type {number | null} */
  let safety = null;
  const land = () => {
    if (done) return;
    done = true;
    if (safety != null) view.clearTimer(safety);
    flights.delete(c);
    ui.hold.delete(c);
    view.refresh();
  };
  const cancel = flyCard({
    layer: refs.fx, from: from.anchor, to: to.anchor, code: e.card,
    fourColour: view.state.four_colour, duration: FLIGHT_MS, onDone: land,
  });
  if (!done) {
    flights.set(c, cancel);
    safety = view.setTimer(cancel, FLIGHT_MS + 250);
  }
}

/** After a new deal: show how the round ended, for INTERLUDE_MS or until a click. @param {View} view */
function startInterlude(view) {
  const summary = view.state.status === "playing" ? roundSummary(view.state) : null;
  if (!summary) return;
  if (view.interludeTimer != null) view.clearTimer(view.interludeTimer);
  view.ui.interlude = { round: view.state.round, ...summary };
  view.interludeTimer = view.setTimer(() => endInterlude(view), INTERLUDE_MS);
}

/** @param {View} view */
function endInterlude(view) {
  if (view.interludeTimer != null) view.clearTimer(view.interludeTimer);
  view.interludeTimer = null;
  if (!view.ui.interlude) return;
  view.ui.interlude = null;
  view.refresh();
}

/** @param {View} view */
function canAnimate(view) {
  return !view.doc.hidden && !reducedMotion(view.win) && typeof view.refs.root.animate === "function";
}

/** @param {View} view */
function onState(view) {
  if (view.disposed) return;
  const prev = view.state;
  view.state = view.seats.read();
  view.log.check(); // a gap in the log: ask the kernel for all of it
  /** @type {string[]} */
  const said = [];
  const toFly = readEvents(view, said);
  if (view.dealt) release(view.ui, view); // a refusal is about the last deal's table
  const heard = view.lastMessage;
  const refused = readMessage(view, said);
  if (view.lastMessage !== heard) {
    const m = view.state.message;
    noteMessage(view.ui, m, view.state.paused, view, refused);
    if (m && m.kind === "refused" && m.text) logRefusal(view.ui.refusals, view.state, String(m.text));
  }
  settlePending(view);
  seenPlayable(view.state, view.ui, globalThis.performance.now());
  keepSelection(view, prev);
  const newOutcome = readOutcome(view, said);
  if (view.dealt) startInterlude(view);
  else if (view.state.status !== "playing") view.ui.interlude = null;

  const animate = toFly.size > 0 && canAnimate(view);
  if (animate) for (const c of toFly.keys()) if (view.refs.centres[c]) view.ui.hold.add(c);
  view.refresh();
  if (animate) for (const e of toFly.values()) startFlight(view, e);
  if (refused) flashRefused(view, refused);
  announce(view, said);
  const { refs, doc } = view;
  if (newOutcome && view.state.outcome && refs.root.contains(doc.activeElement)) {
    refs.dialogNew.focus({ preventScroll: true });
  }
}

/** @type {Record<string, keyof Handlers>} */
const DOM_EVENTS = {
  click: "onClick", change: "onChange", keydown: "onKeyDown", keyup: "onKeyUp", pointerdown: "onPointerDown",
};
/** @type {Record<string, keyof Handlers>} */
const DOC_EVENTS = { pointermove: "onPointerMove", pointerup: "onPointerUp", pointercancel: "onPointerCancel" };

/**
 * A controller's handler as a DOM listener (each is registered for the
 * events of its own kind only).
 * @param {Handlers} ctrl @param {keyof Handlers} name
 */
const listener = (ctrl, name) => /** @type {EventListener} */ (ctrl[name]);

/** The size= option ("compact" | "normal" | "large") on the root, for the stylesheet. @param {View} view */
function applySize(view) {
  const size = view.model.get("size");
  view.refs.root.dataset.size = typeof size === "string" && size ? size : "normal";
}

/** A new language: every label said again in place, the game kept. @param {View} view */
function speakAgain(view) {
  useWords(view.model.get("words"));
  relabel(view.refs.root);
  view.refs.live.textContent = ""; // what was announced last, in the old language, is over
  if (view.ui.interlude) endInterlude(view); // a round's summary (2.5 s), told in the old one
  if (!view.refs.link.hidden) view.refs.link.textContent = linkDownText();
  view.refresh();
}

/** Wire the model and the DOM; returns the function that unwires them. @param {View} view */
function listen(view) {
  const { model, doc, refs, ctrl } = view;
  view.focus = keepFocus(doc, refs.root);
  const handleState = () => {
    view.log.book(); // read the log's news now: a held state may wait behind newer ones
    view.held.arrive(model.get("state"));
  };
  const handleSize = () => applySize(view);
  const handleWords = () => speakAgain(view);
  const onVisibility = () => view.seats.send({ kind: "visibility", hidden: !!doc.hidden });
  for (const [type, name] of Object.entries(DOM_EVENTS)) refs.root.addEventListener(type, listener(ctrl, name));
  for (const [type, name] of Object.entries(DOC_EVENTS)) doc.addEventListener(type, listener(ctrl, name));
  doc.addEventListener("visibilitychange", onVisibility);
  model.on("change:state", handleState);
  model.on("change:size", handleSize);
  model.on("change:words", handleWords);
  try {
    model.send({ kind: "language", language: pageLanguage(doc) });
  } catch {
    // no kernel behind the model (a saved page): the words it has stay
  }
  const id = view.id;
  /** @param {{kind?: unknown, view?: unknown, seq?: unknown, upto?: unknown} | null} msg */
  const onAck = (msg) => {
    if (msg && msg.kind === "ack") view.outbox.ack(msg);
  };
  model.on("msg:custom", onAck);
  let looking = false; // the silence is watched from the first ping on (a table with no kernel has none)
  const look = () => {
    view.link.look();
    view.setTimer(look, LOOK_MS);
  };
  const unecho = echoPings(model, id, (ping) => {
    view.link.heard();
    view.outbox.ping();
    view.refs.root.dataset.resent = String(view.outbox.resent());
    if (!looking) {
      looking = true;
      view.setTimer(look, LOOK_MS);
    }
    view.held.setHold(holdOf(ping, id));
    view.held.release(); // a held state now due is shown even if its timer runs late (held.js)
    view.refs.root.dataset.hold = String(view.held.hold()); // for tests: this view's hold (ms)
  });
  return () => {
    unecho();
    model.off("msg:custom", onAck);
    view.focus?.dispose();
    model.off("change:state", handleState);
    model.off("change:size", handleSize);
    model.off("change:words", handleWords);
    doc.removeEventListener("visibilitychange", onVisibility);
    for (const [type, name] of Object.entries(DOM_EVENTS)) refs.root.removeEventListener(type, listener(ctrl, name));
    for (const [type, name] of Object.entries(DOC_EVENTS)) doc.removeEventListener(type, listener(ctrl, name));
  };
}

/** @param {View} view @param {() => void} unlisten */
function dispose(view, unlisten) {
  const { win } = view;
  view.disposed = true;
  if (view.unreveal) view.unreveal();
  if (view.unfit) view.unfit();
  unlisten();
  if (view.review) view.review.dispose();
  view.seats.dispose();
  for (const cancel of [...view.flights.values()]) cancel();
  if (view.raf != null && win.cancelAnimationFrame) win.cancelAnimationFrame(view.raf);
  for (const t of view.timers) win.clearTimeout(t);
  view.timers.clear();
  view.ui.pending.clear();
  view.refs.root.remove();
  view.el.classList.remove("spit-host");
}

/**
 * Draw the table in `el`; returns its disposer and its `send`, through which a
 * page around the table (the course bar) sends its actions too, numbered and
 * kept until acknowledged like the table's own (outbox.js).
 * @param {{model: Model, el: HTMLElement}} props
 * @returns {{dispose: () => void, send: (msg: object) => number}}
 */
export function mountTable({ model, el }) {
  useWords(model.get("words")); // before anything is built: every label in the table's language
  const view = createView(model, el);
  const unlisten = listen(view);
  view.review = attachReview(view); // the end-of-game review panel (review.js)
  view.log.check();
  applySize(view);
  seenPlayable(view.state, view.ui, globalThis.performance.now());
  view.refresh();
  // Fill the output, or the Box or column it was put in (a flex item would
  // otherwise shrink to the table's minimum width). A class, not an inline
  // style: ipywidgets' Layout clears inline widths it does not set itself.
  el.classList.add("spit-host");
  el.appendChild(view.refs.root);
  view.unreveal = revealNewTable(model, view.refs.root, view.setTimer);
  view.unfit = fitToRoom(view.refs.root);
  warmFaces(view.doc);
  // Once laid out, show the newest log entries.
  const { refs, win } = view;
  if (win.requestAnimationFrame) {
    view.raf = win.requestAnimationFrame(() => {
      if (refs.logStick) refs.log.scrollTop = refs.log.scrollHeight;
    });
  }
  return { dispose: () => dispose(view, unlisten), send: (msg) => view.outbox.post(msg) };
}

/** @param {{model: Model, el: HTMLElement}} props  anywidget's (render's other props go unused) */
function render(props) {
  return mountTable(props).dispose;
}

export default { render };
