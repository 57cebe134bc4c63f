import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { normalise } from "../../js/state.js";
import { buildTable, updateTable } from "../../js/table.js";
import { classicState, duelState, evolve } from "./fixtures.js";

function freshUi(over = {}) {
  return {
    selected: null, slotTarget: null, chosen: null, prompt: "", inFlight: new Set(),
    hold: new Set(), dialogDismissed: false, rendered: false, refusals: [], ...over,
  };
}

function draw(state, ui = freshUi()) {
  const refs = buildTable(document);
  document.body.append(refs.root);
  updateTable(refs, normalise(state), ui);
  return refs.root;
}

const $ = (root, sel) => root.querySelector(sel);
const $$ = (root, sel) => [...root.querySelectorAll(sel)];

afterEach(() => document.body.replaceChildren());

describe("table layout", () => {
  it("root hooks: focusable, suppresses JupyterLab shortcuts, status and paused", () => {
    const root = draw(duelState({ paused: true }));
    expect(root.classList.contains("spit-root")).toBe(true);
    expect(root.getAttribute("tabindex")).toBe("0");
    expect(root.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
    expect(root.dataset.status).toBe("playing");
    expect(root.dataset.paused).toBe("true");
    // The stylesheet is js/styles.css, given once per page as anywidget's _css:
    // no copy of it inside each view.
    expect($(root, "style")).toBeNull();
    expect(readFileSync("js/styles.css", "utf8")).toContain(".spit-root {");
  });

  it("five stock slots a side with counts, face-up tops and an empty dashed slot", () => {
    const root = draw(duelState());
    for (const p of ["0", "1"]) {
      const slots = $$(root, `.spit-stock[data-player="${p}"]`);
      expect(slots.map((s) => s.dataset.slot)).toEqual(["0", "1", "2", "3", "4"]);
    }
    const mine = $(root, '.spit-stock[data-player="0"][data-slot="3"]');
    expect(mine.dataset.count).toBe("4");
    expect($(mine, ".spit-card").dataset.card).toBe("QC");
    // three face-down cards peek out under the queen, and the count shows
    expect($$(mine, ".spit-backs .spit-back")).toHaveLength(3);
    expect($(mine, ".spit-count").textContent).toBe("4");
    const empty = $(root, '.spit-stock[data-player="0"][data-slot="2"]');
    expect(empty.dataset.count).toBe("0");
    expect($(empty, ".spit-card")).toBeNull();
    expect($(empty, ".spit-empty")).not.toBeNull();
    expect($(root, '.spit-stock[data-player="1"] .spit-card[data-card="TD"]')).not.toBeNull();
    expect($(root, '.spit-card[data-card="TD"]').textContent).toContain("10");
  });

  it("centre piles carry top, count and the needs label", () => {
    const root = draw(duelState());
    const c0 = $(root, '.spit-centre[data-centre="0"]');
    const c1 = $(root, '.spit-centre[data-centre="1"]');
    expect(c0.dataset.top).toBe("6H");
    expect(c0.dataset.count).toBe("3");
    expect($(c0, ".spit-needs").textContent).toBe("needs 5 or 7");
    expect($(c1, ".spit-needs").textContent).toBe("needs 10 or Q");
    expect($(c1, '.spit-card[data-card="JD"]')).not.toBeNull();
  });

  it("a classic round short of cards draws a single centre pile", () => {
    const s = classicState();
    s.centre = [s.centre[0]];
    const root = draw(s);
    expect($$(root, ".spit-centre")).toHaveLength(1);
  });

  it("spit piles show their counts; cards left, status and stats read right", () => {
    const root = draw(duelState());
    expect($(root, '.spit-spitpile[data-player="0"]').dataset.count).toBe("11");
    expect($(root, '.spit-spitpile[data-player="1"]').dataset.count).toBe("10");
    expect($(root, '.spit-spitpile[data-player="0"]').textContent).toContain("11");
    expect($(root, ".spit-cards-left").textContent).toBe("Cards left: you 23, computer 25");
    expect($(root, ".spit-status").textContent).toBe("Computer is thinking");
    const stats = $(root, ".spit-stats").textContent;
    expect(stats).toContain("3 games");
    expect(stats).toContain("2 wins");
    expect(stats).toContain("67%");
  });

  it("the move log lists events oldest first, newest at the bottom", () => {
    const root = draw(duelState());
    const items = $$(root, ".spit-log li").map((li) => li.textContent);
    expect(items).toEqual([
      "Cards dealt: 26 each.",
      "Spit! 5♥ and J♦ start the centre piles.",
      "The computer plays 6♥ on the left pile.",
    ]);
  });

  it("the log keeps its items and appends new ones in place", () => {
    const refs = buildTable(document);
    document.body.append(refs.root);
    const ui = freshUi();
    const s = duelState();
    updateTable(refs, normalise(s), ui);
    const first = refs.log.firstChild;
    const s2 = evolve(s, (x) => {
      x.log.shift();
      x.log.push({ seq: 4, player: 0, kind: "play", text: "You play 7♠.", card: "7S", centre: 0, pile: 0 });
    });
    updateTable(refs, normalise(s2), ui);
    const items = [...refs.log.children].map((li) => li.textContent);
    expect(items[0]).toBe("Spit! 5♥ and J♦ start the centre piles.");
    expect(items[items.length - 1]).toBe("You play 7♠.");
    expect(items).toHaveLength(3);
    expect(first.isConnected).toBe(false);
  });

  it("a new game's log replaces the last game's, even where its lines have the same numbers", () => {
    const refs = buildTable(document);
    document.body.append(refs.root);
    const ui = freshUi();
    const s = duelState({ log_game: 1 });
    updateTable(refs, normalise(s), ui);
    const next = evolve(s, (x) => {
      x.log_game = 2;
      x.log = [{ seq: 0, player: null, kind: "deal", text: "Cards dealt: 26 each." },
        { seq: 1, player: null, kind: "spit", text: "Spit! 2♣ and 9♦ start the centre piles." }];
    });
    updateTable(refs, normalise(next), ui);
    expect([...refs.log.children].map((li) => li.textContent)).toEqual([
      "Cards dealt: 26 each.", "Spit! 2♣ and 9♦ start the centre piles.",
    ]);
  });

  it("a long game keeps the newest sixty lines as new ones arrive", () => {
    const refs = buildTable(document);
    document.body.append(refs.root);
    const ui = freshUi();
    const line = (seq) => ({ seq, player: 1, kind: "play", text: `line ${seq}` });
    let s = duelState({ log_game: 1, log: Array.from({ length: 60 }, (_, i) => line(i)) });
    updateTable(refs, normalise(s), ui);
    const gone = refs.log.children[1];
    const stays = refs.log.children[10];
    for (let seq = 60; seq < 63; seq++) {
      s = evolve(s, (x) => { x.log = [...x.log.slice(1), line(seq)]; });
      updateTable(refs, normalise(s), ui);
    }
    const texts = [...refs.log.children].map((li) => li.textContent);
    expect(texts).toHaveLength(60);
    expect(texts[0]).toBe("line 3");
    expect(texts[59]).toBe("line 62");
    expect(gone.isConnected).toBe(false);
    expect(refs.log.children[7]).toBe(stays); // lines already shown are not redrawn
  });

  it("highlights exactly the cards listed in you.plays", () => {
    const root = draw(duelState());
    const playable = $$(root, ".spit-playable").map((el) => el.dataset.card).sort();
    expect(playable).toEqual(["7S", "KD", "QC"]);
    expect($(root, '.spit-card[data-card="2H"]').classList.contains("spit-playable")).toBe(false);
    expect($(root, '.spit-card[data-card="KD"]').classList.contains("spit-fits-both")).toBe(true);
    expect($(root, '.spit-card[data-card="7S"]').getAttribute("aria-label")).toMatch(/^Your pile 1: seven of spades, playable/);
    expect($(root, '.spit-card[data-card="2H"]').getAttribute("aria-label")).not.toMatch(/playable/);
    // nothing playable when the kernel lists nothing (paused, over)
    const none = draw(duelState({ you: { ...duelState().you, plays: [] } }));
    expect($$(none, ".spit-playable")).toHaveLength(0);
  });

  it("your cards are buttons, the computer's are not", () => {
    const root = draw(duelState());
    expect($(root, '.spit-stock[data-player="0"] .spit-card[data-card="7S"]').tagName).toBe("BUTTON");
    expect($(root, '.spit-stock[data-player="1"] .spit-card[data-card="AH"]').tagName).not.toBe("BUTTON");
  });

  it("Stuck shows in duel and follows you.can_stuck; Spit! shows in classic with its label", () => {
    let root = draw(duelState());
    expect($(root, ".spit-btn-stuck").hidden).toBe(false);
    expect($(root, ".spit-btn-stuck").disabled).toBe(false);
    expect($(root, ".spit-btn-spit").hidden).toBe(true);
    root = draw(duelState({ you: { ...duelState().you, can_stuck: false } }));
    expect($(root, ".spit-btn-stuck").disabled).toBe(true);

    root = draw(classicState());
    expect($(root, ".spit-btn-stuck").hidden).toBe(true);
    expect($(root, ".spit-btn-spit").hidden).toBe(false);
    expect($(root, ".spit-btn-spit").disabled).toBe(false);
    expect($(root, ".spit-btn-spit").textContent).toBe("Spit!");
    root = draw(classicState({ you: { ...classicState().you, can_spit: false, spit_label: "End Round" } }));
    expect($(root, ".spit-btn-spit").disabled).toBe(true);
    expect($(root, ".spit-btn-spit").textContent).toBe("End Round");
  });

  it("pause button and pace select follow the state", () => {
    let root = draw(duelState({ pace: "fast" }));
    expect($(root, ".spit-btn-pause").textContent).toBe("Pause");
    const opts = $$(root, ".spit-pace option").map((o) => [o.value, o.textContent]);
    expect(opts).toEqual([["slow", "Slow"], ["normal", "Normal"], ["fast", "Fast"]]);
    expect($(root, ".spit-pace").value).toBe("fast");
    root = draw(duelState({ paused: true }));
    expect($(root, ".spit-btn-pause").textContent).toBe("Resume");
  });

  it("stuck players get a visible chip", () => {
    const s = duelState();
    s.players[1].stuck = true;
    const root = draw(s);
    const chips = $$(root, ".spit-stuck-chip");
    expect(chips.filter((c) => !c.hidden)).toHaveLength(1);
  });

  it("four-colour deck colours clubs green and diamonds blue", () => {
    const four = draw(duelState({ four_colour: true }));
    expect(four.classList.contains("spit-four-colour")).toBe(true);
    expect($(four, '.spit-card[data-card="QC"]').classList.contains("spit-ink-green")).toBe(true);
    expect($(four, '.spit-card[data-card="KD"]').classList.contains("spit-ink-blue")).toBe(true);
    expect($(four, '.spit-card[data-card="2H"]').classList.contains("spit-ink-red")).toBe(true);
    const two = draw(duelState());
    expect($(two, '.spit-card[data-card="QC"]').classList.contains("spit-ink-black")).toBe(true);
    expect($(two, '.spit-card[data-card="KD"]').classList.contains("spit-ink-red")).toBe(true);
  });

  it("messages: refusals and hints are styled by kind; none hides the box", () => {
    let root = draw(duelState({ message: { id: 3, kind: "refused", text: "2♥ does not fit." } }));
    expect($(root, ".spit-message").hidden).toBe(false);
    expect($(root, ".spit-message").dataset.kind).toBe("refused");
    expect($(root, ".spit-message").textContent).toBe("2♥ does not fit.");
    root = draw(duelState({ message: { id: 4, kind: "hint", text: "Play 7♠." } }));
    expect($(root, ".spit-message").dataset.kind).toBe("hint");
    root = draw(duelState());
    expect($(root, ".spit-message").hidden).toBe(true);
  });

  it("a hint that names a card marks that card and its pile", () => {
    const root = draw(duelState({ message: { id: 2, seq: 5, kind: "hint", text: "Play Q♣ on the right pile.", card: "QC", centre: 1 } }));
    expect($(root, '.spit-card[data-card="QC"]').classList.contains("spit-hinted")).toBe(true);
    expect($$(root, ".spit-hinted")).toHaveLength(1);
    expect($(root, '.spit-centre[data-centre="1"]').classList.contains("spit-hint-target")).toBe(true);
    expect($(root, '.spit-centre[data-centre="0"]').classList.contains("spit-hint-target")).toBe(false);
  });

  it("a read-only table says so on the root and names the opponent", () => {
    const root = draw(duelState({ readonly: true, opponent: "expert" }));
    expect(root.dataset.readonly).toBe("true");
    expect($(root, ".spit-variant").textContent).toContain("vs expert");
  });

  it("end dialog shows title, text and the cards each side had left", () => {
    const outcome = { termination: "stalemate", winner: 1, title: "The computer wins", text: "Stalemate: fewer cards left.", cards_left: [7, 4] };
    const root = draw(duelState({ status: "game_over", outcome }));
    const d = $(root, ".spit-dialog");
    expect(d.hidden).toBe(false);
    expect($(d, ".spit-dialog-title").textContent).toBe("The computer wins");
    expect($(d, ".spit-dialog-text").textContent).toBe("Stalemate: fewer cards left.");
    expect(d.textContent).toContain("you 7");
    expect(d.textContent).toContain("computer 4");
    expect($(d, ".spit-dialog-new").textContent).toBe("Play Again");
    expect($(draw(duelState()), ".spit-dialog").hidden).toBe(true);
  });

  it("the error panel shows a traceback in a <pre> only when there is one", () => {
    const tb = "Traceback (most recent call last):\n  File \"x\", line 1\nZeroDivisionError: division by zero";
    const root = draw(duelState({ error: tb }));
    expect($(root, ".spit-error").hidden).toBe(false);
    expect($(root, ".spit-error pre").textContent).toBe(tb);
    expect($(draw(duelState()), ".spit-error").hidden).toBe(true);
  });

  it("untrusted text renders as text: no element is ever created from it", () => {
    const evil = "<img src=x onerror=alert(1)>";
    const s = duelState({
      status_text: evil,
      message: { id: 1, kind: "refused", text: evil },
      error: evil,
      outcome: { title: evil, text: evil, winner: 0, cards_left: [0, 3] },
      paces: [{ name: evil, label: evil }],
      log: [{ seq: 9, player: 1, kind: "play", text: evil }],
    });
    s.players[0].name = evil;
    s.players[1].name = evil;
    s.centre[0].needs = evil;
    const root = draw(s);
    expect(root.querySelector("img")).toBeNull();
    expect(document.querySelector("img")).toBeNull();
    expect($(root, ".spit-message").textContent).toBe(evil);
    expect($(root, ".spit-status").textContent).toBe(evil);
    expect($(root, ".spit-log li").textContent).toBe(evil);
    expect($(root, ".spit-dialog-title").textContent).toBe(evil);
    expect($(root, ".spit-error pre").textContent).toBe(evil);
    expect($(root, ".spit-needs").textContent).toBe(evil);
    expect($$(root, ".spit-name").map((n) => n.textContent)).toEqual([evil, evil]);
  });

  it("survives an empty or partial state", () => {
    const root = draw({});
    expect($$(root, ".spit-stock")).toHaveLength(10);
    expect($$(root, ".spit-centre")).toHaveLength(0);
    expect(() => draw(null)).not.toThrow();
  });
});

describe("size option", () => {
  it("the model's size= reaches the root for the stylesheet, and follows changes", async () => {
    const { render } = (await import("../../js/widget.js")).default;
    const { fakeModel } = await import("./fixtures.js");
    const model = fakeModel(duelState());
    let size = "compact";
    const handlers = [];
    model.get = ((get) => (name) => (name === "size" ? size : get(name)))(model.get);
    model.on = ((on) => (name, cb) => { if (name === "change:size") handlers.push(cb); on(name, cb); })(model.on);
    const el = document.createElement("div");
    document.body.append(el);
    const cleanup = render({ model, el });
    const root = el.querySelector(".spit-root");
    expect(root.dataset.size).toBe("compact");
    expect(el.classList.contains("spit-host")).toBe(true);
    size = "large";
    for (const cb of handlers) cb();
    expect(root.dataset.size).toBe("large");
    cleanup();
    expect(el.classList.contains("spit-host")).toBe(false);
  });
});

describe("restartClass", () => {
  it("leaves at most one listener however fast the class restarts, none once it ends", async () => {
    const { restartClass } = await import("../../js/animate.js");
    const el = document.createElement("div");
    document.body.append(el);
    const live = new Set();
    const add = el.addEventListener.bind(el);
    const remove = el.removeEventListener.bind(el);
    el.addEventListener = (type, fn) => { live.add(fn); add(type, fn); };
    el.removeEventListener = (type, fn) => { live.delete(fn); remove(type, fn); };
    const frames = [];
    const win = document.defaultView;
    const raf = win.requestAnimationFrame;
    win.requestAnimationFrame = (fn) => frames.push(fn);
    try {
      for (let i = 0; i < 50; i++) { // restarted every frame: no animation ever ends
        restartClass(el, "spit-flash");
        frames.splice(0).forEach((fn) => fn());
      }
      expect(live.size).toBe(1);
      expect(el.classList.contains("spit-flash")).toBe(true);
      el.dispatchEvent(new win.Event("animationend"));
      expect(live.size).toBe(0);
      expect(el.classList.contains("spit-flash")).toBe(false);
    } finally {
      win.requestAnimationFrame = raf;
    }
  });
});
