// Exactly once across a bad link, on the page's side: every action numbered and
// kept until acknowledged, held while the link is down, sent again when it is
// back or when it has waited unanswered; the table says at once that the kernel
// is silent, and a play made meanwhile waits, unflown.
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { createLink, LOOK_MS, QUIET_MS } from "../../js/link.js";
import { createOutbox, RESEND_MS } from "../../js/outbox.js";
import { duelState, fakeModel } from "./fixtures.js";

function outbox(first = 100) {
  const wire = [];
  let t = 0;
  const box = createOutbox({ view: "v-1", transmit: (m) => wire.push(m), now: () => t, first });
  return { box, wire, advance: (ms) => { t += ms; } };
}

/** A table on a fake model, with what its cleanup needs. */
function table() {
  const model = fakeModel(duelState());
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  return { model, cleanup, root: el.querySelector(".spit-root") };
}

describe("the outbox", () => {
  it("numbers each action, says the lowest it still holds, and forgets what is acknowledged", () => {
    const { box, wire } = outbox();
    expect(box.post({ kind: "play", card: "7S", centre: 0 })).toBe(100);
    expect(box.post({ kind: "stuck" })).toBe(101);
    expect(wire.map((m) => [m.seq, m.base, m.view])).toEqual([[100, 100, "v-1"], [101, 100, "v-1"]]);
    expect(box.ack({ kind: "ack", view: "other-view", seq: 100, upto: 100 })).toBe(false);
    expect(box.size()).toBe(2);
    box.ack({ kind: "ack", view: "v-1", seq: 100, upto: 100 });
    expect(box.holds(100)).toBe(false);
    expect(box.post({ kind: "pause" })).toBe(102);
    expect(wire[2].base).toBe(101);
  });

  it("an answer out of order settles that action alone; upto settles everything below", () => {
    const { box } = outbox();
    for (let i = 0; i < 3; i++) box.post({ kind: "stuck" });
    box.ack({ kind: "ack", view: "v-1", seq: 102, upto: 99 }); // 100 and 101 not yet handled
    expect([box.holds(100), box.holds(101), box.holds(102)]).toEqual([true, true, false]);
    box.ack({ kind: "ack", view: "v-1", seq: 100, upto: 102 });
    expect(box.size()).toBe(0);
  });

  it("holds actions while the link is down and sends them in order when it is back", () => {
    const { box, wire } = outbox();
    box.post({ kind: "play", card: "7S", centre: 0 });
    box.down();
    box.post({ kind: "play", card: "8S", centre: 0 });
    expect(wire.map((m) => m.seq)).toEqual([100]);
    box.ping(); // no ping resends while down
    box.up();
    expect(wire.map((m) => m.seq)).toEqual([100, 100, 101]); // the unanswered one again, then the new
  });

  it("sends again, at a ping, what has waited unanswered; a given-up action raises the base", () => {
    const { box, wire, advance } = outbox();
    box.post({ kind: "play", card: "7S", centre: 0 });
    advance(RESEND_MS - 1);
    box.ping();
    expect(wire.length).toBe(1);
    advance(1);
    box.ping();
    expect(wire.map((m) => m.seq)).toEqual([100, 100]);
    box.abandon(100);
    box.post({ kind: "stuck" });
    expect(wire[2]).toMatchObject({ seq: 101, base: 101 });
  });
});

describe("the link", () => {
  it("is down after QUIET_MS without a ping, only once pings came and while one is due", () => {
    let t = 0;
    let due = true;
    const seen = [];
    const link = createLink({ now: () => t, expecting: () => due, onDown: () => seen.push("down"),
      onUp: () => seen.push("up") });
    t = 10_000;
    link.look();
    expect(link.isDown()).toBe(false); // never heard a ping: a page without a kernel
    link.heard();
    t += QUIET_MS;
    link.look();
    expect(link.isDown()).toBe(false);
    due = false; // the game ended: no ping is due
    t += 5000;
    link.look();
    expect(link.isDown()).toBe(false);
    due = true;
    t += QUIET_MS + 1;
    link.look();
    expect(link.isDown()).toBe(true);
    link.heard();
    expect(seen).toEqual(["down", "up"]);
  });
});

describe("a table whose kernel falls silent", () => {
  afterEach(() => vi.useRealTimers());

  it("says so within three seconds, holds a play unflown, and sends it when the kernel answers", () => {
    vi.useFakeTimers();
    const { model, cleanup, root } = table();
    const card = (code) => root.querySelector(`.spit-card[data-card="${code}"]`);
    model.emitCustom({ kind: "ping", n: 1 });
    const echoes = model.sent.length;
    const wired = model.wire.length; // the page's language and the echo so far
    vi.advanceTimersByTime(QUIET_MS + LOOK_MS);
    expect(root.dataset.link).toBe("down");
    const notice = root.querySelector(".spit-link");
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toContain("Nothing you do is lost");
    card("7S").click();
    expect(model.sent.length).toBe(echoes); // held, not flown into a dead link
    expect(card("7S").classList.contains("spit-queued")).toBe(true);
    model.emitCustom({ kind: "ping", n: 2 }); // the kernel answers again
    expect(root.dataset.link).toBe("up");
    expect(notice.hidden).toBe(true);
    const sent = model.wire.slice(wired);
    expect(sent.map((m) => m.kind)).toEqual(["echo", "play", "sync"]);
    expect(sent[1]).toMatchObject({ card: "7S", centre: 0 });
    expect(Number.isInteger(sent[1].seq)).toBe(true);
    expect(card("7S").classList.contains("spit-queued")).toBe(false);
    cleanup();
  });
});

describe("a play whose answer came but whose state did not", () => {
  afterEach(() => vi.useRealTimers());

  it("is put back with the kernel's own refusal, not 'did not reach'", () => {
    vi.useFakeTimers();
    const { model, cleanup, root } = table();
    root.querySelector('.spit-card[data-card="7S"]').click();
    const play = model.wire.find((m) => m.kind === "play");
    model.emitCustom({ kind: "ack", view: play.view, seq: play.seq, upto: play.seq,
      refused: "7♠ does not fit the left pile: it needs 5 or 7." });
    vi.advanceTimersByTime(4100);
    expect(root.querySelector(".spit-message").textContent).toContain("7♠ does not fit");
    expect(root.querySelector(".spit-message").textContent).not.toContain("did not reach");
    cleanup();
  });

  it("asks for the whole state when it was played, and says nothing", () => {
    vi.useFakeTimers();
    const { model, cleanup, root } = table();
    root.querySelector('.spit-card[data-card="7S"]').click();
    const play = model.wire.find((m) => m.kind === "play");
    model.emitCustom({ kind: "ack", view: play.view, seq: play.seq, upto: play.seq });
    vi.advanceTimersByTime(4100);
    expect(model.sent.map((m) => m.kind)).toContain("sync");
    vi.advanceTimersByTime(4100);
    expect(root.querySelector(".spit-message").textContent).not.toContain("did not reach");
    cleanup();
  });
});
