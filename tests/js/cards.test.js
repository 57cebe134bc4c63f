import { describe, expect, it } from "vitest";
import {
  cardName, createBack, createCard, drawFace, faceClasses, warmFaces, inkColour, parseCard, rankLabel, shortName,
} from "../../js/cards.js";

describe("card codes", () => {
  it("parses rank and suit and rejects junk", () => {
    expect(parseCard("7S")).toEqual({ rank: "7", suit: "S" });
    expect(parseCard("TD")).toEqual({ rank: "T", suit: "D" });
    expect(parseCard("1S")).toBeNull();
    expect(parseCard("7X")).toBeNull();
    expect(parseCard("<img>")).toBeNull();
    expect(parseCard(null)).toBeNull();
  });

  it("prints 10 for T and names cards for screen readers, as the kernel does", () => {
    expect(rankLabel("TH")).toBe("10");
    expect(rankLabel("QS")).toBe("Q");
    // spit_widget.locale.card_name's messages: "seven of hearts" in every language's own words.
    expect(cardName("7S")).toBe("seven of spades");
    expect(cardName("TD")).toBe("ten of diamonds");
    expect(cardName("QH")).toBe("queen of hearts");
    expect(cardName("AC")).toBe("ace of clubs");
    expect(shortName("TD")).toBe("10\u2666");
  });

  it("inks hearts and diamonds red, spades and clubs black", () => {
    expect(inkColour("7H")).toBe("red");
    expect(inkColour("7D")).toBe("red");
    expect(inkColour("7S")).toBe("black");
    expect(inkColour("7C")).toBe("black");
  });

  it("four-colour deck: clubs green, diamonds blue", () => {
    expect(inkColour("7C", true)).toBe("green");
    expect(inkColour("7D", true)).toBe("blue");
    expect(inkColour("7H", true)).toBe("red");
    expect(inkColour("7S", true)).toBe("black");
    expect(faceClasses("7C", true)).toContain("spit-ink-green");
    expect(faceClasses("7C", false)).toContain("spit-ink-black");
  });
});

describe("drawing", () => {
  it("draws a face with its rank in both corners", () => {
    const el = createCard(document, "TS");
    expect(el.dataset.card).toBe("TS");
    expect(el.classList.contains("spit-card")).toBe(true);
    expect(el.classList.contains("spit-ink-black")).toBe(true);
    const ranks = [...el.querySelectorAll("text")].map((t) => t.textContent);
    expect(ranks.filter((r) => r === "10")).toHaveLength(2);
    expect(ranks).not.toContain("T");
    // a ten shows ten pips plus the two corner suit marks
    expect(el.querySelectorAll("path.spit-pip")).toHaveLength(12);
  });

  it("draws the right number of pips for each spot card", () => {
    for (const [rank, n] of [["2", 2], ["3", 3], ["5", 5], ["8", 8], ["9", 9]]) {
      const el = createCard(document, rank + "H");
      expect(el.querySelectorAll("path.spit-pip")).toHaveLength(n + 2);
      expect(el.classList.contains("spit-ink-red")).toBe(true);
    }
  });

  it("court cards show their letter", () => {
    const el = createCard(document, "KD");
    expect([...el.querySelectorAll("text")].map((t) => t.textContent)).toContain("K");
    expect(el.querySelector(".spit-court-frame")).not.toBeNull();
  });

  it("court cards are drawn: a figure whose headgear tells J, Q and K apart, in the suit's ink", () => {
    const shapes = {};
    for (const rank of "JQK") {
      const el = createCard(document, rank + "H");
      const fig = el.querySelector(`.spit-court.spit-court-${rank}`);
      expect(fig).not.toBeNull();
      expect(fig.querySelector(".spit-court-head")).not.toBeNull();
      expect(fig.querySelector(".spit-court-robe")).not.toBeNull();
      // the suit on the chest, plus the two corner indices
      expect(el.querySelectorAll("path.spit-pip")).toHaveLength(3);
      expect(el.classList.contains("spit-ink-red")).toBe(true);
      shapes[rank] = [...fig.querySelectorAll(".spit-court-crown")].map((p) => p.getAttribute("d") || "o").join();
    }
    expect(new Set(Object.values(shapes)).size).toBe(3);
    const blue = createCard(document, "QD", { fourColour: true });
    expect(blue.classList.contains("spit-ink-blue")).toBe(true);
  });

  it("two cards of the same value each show a whole face of their own", () => {
    const a = createCard(document, "9C");
    const b = createCard(document, "9C");
    document.body.append(a, b);
    for (const el of [a, b]) {
      expect(el.querySelectorAll("svg")).toHaveLength(1);
      expect(el.querySelectorAll(".spit-pip").length).toBe(9 + 2); // nine pips and two corner suits
    }
    expect(a.querySelector("svg")).not.toBe(b.querySelector("svg"));
    a.remove();
    expect(b.querySelectorAll(".spit-pip").length).toBe(11);
  });

  it("faces drawn ahead while the page is idle: a later card only copies its face", () => {
    const doc = document.implementation.createHTMLDocument("warm");
    const idle = [];
    Object.defineProperty(doc, "defaultView", { value: { requestIdleCallback: (fn) => idle.push(fn) } });
    warmFaces(doc);
    let slices = 0;
    while (idle.length) {
      slices += 1;
      let budget = 20; // each idle slice has room for a few faces
      idle.shift()({ timeRemaining: () => budget-- });
    }
    expect(slices).toBeGreaterThan(1); // spread over several idle slices
    const made = [];
    const createElementNS = doc.createElementNS.bind(doc);
    doc.createElementNS = (ns, tag) => { made.push(tag); return createElementNS(ns, tag); };
    for (const code of ["AS", "TD", "KH", "2C"]) {
      const el = createCard(doc, code);
      expect(el.querySelector("svg")).not.toBeNull();
    }
    expect(made).toEqual([]);
  });

  it("redrawing replaces the face and the ink", () => {
    const el = createCard(document, "7S");
    drawFace(el, "7D", true);
    expect(el.dataset.card).toBe("7D");
    expect(el.classList.contains("spit-ink-blue")).toBe(true);
    expect(el.classList.contains("spit-ink-black")).toBe(false);
    expect(el.querySelectorAll("svg")).toHaveLength(1);
  });

  it("a back is face-down: no rank, hidden from assistive tech", () => {
    const b = createBack(document);
    expect(b.classList.contains("spit-back")).toBe(true);
    expect(b.textContent).toBe("");
    expect(b.getAttribute("aria-hidden")).toBe("true");
  });
});
