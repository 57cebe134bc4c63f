// The page's words: the kernel's catalogue for the table's language (words.js).
import { afterEach, describe, expect, it, vi } from "vitest";
import widget from "../../js/widget.js";
import { LOOK_MS, QUIET_MS } from "../../js/link.js";
import { _, ngettext, pageLanguage, pgettext, relabel, said, useWords } from "../../js/words.js";
import { duelState, fakeModel } from "./fixtures.js";

// As spit_widget.locale.page sends French: its plural rule for 0..199, and messages.
const FRENCH = {
  language: "fr",
  plural: Array.from({ length: 200 }, (_n, n) => (n <= 1 ? 0 : 2)),
  messages: {
    "Your pile {n}": "Ta pile {n}",
    "{n} card": ["{n} carte", "{n} de cartes", "{n} cartes"],
    "centre pile\u0004the left pile": "la pile de gauche",
    "No answer from the kernel for a few seconds: the connection may have dropped. Nothing you do is lost: your moves wait here and go as soon as it answers.":
      "Le noyau ne répond plus depuis quelques secondes : rien de ce que tu fais n'est perdu.",
  },
};

afterEach(() => {
  useWords(null);
  vi.useRealTimers();
});

describe("the words", () => {
  it("are the English source until the kernel sends a language, and fill placeholders", () => {
    expect(_("Your pile {n}", { n: 3 })).toBe("Your pile 3");
    useWords(FRENCH);
    expect(_("Your pile {n}", { n: 3 })).toBe("Ta pile 3");
    expect(_("Not in the catalogue")).toBe("Not in the catalogue");
    expect(pgettext("centre pile", "the left pile")).toBe("la pile de gauche");
    expect(pgettext("another sense", "the left pile")).toBe("the left pile");
  });

  it("choose each language's plural form by its own rule", () => {
    expect([0, 1, 2].map((n) => ngettext("{n} card", "{n} cards", n))).toEqual(["0 cards", "1 card", "2 cards"]);
    useWords(FRENCH);
    expect([0, 1, 2, 52, 1001].map((n) => ngettext("{n} card", "{n} cards", n)))
      .toEqual(["0 carte", "1 carte", "2 cartes", "52 cartes", "1001 cartes"]);
  });

  it("a malformed value leaves English, never an error", () => {
    for (const bad of [null, 3, "fr", { messages: 5 }]) {
      useWords(bad);
      expect(_("Your pile {n}", { n: 1 })).toBe("Your pile 1");
    }
  });

  it("a label said at build time is said again in a new language, its <kbd> kept", () => {
    const root = document.createElement("div");
    const btn = document.createElement("button");
    btn.append(document.createTextNode("x "), document.createElement("kbd"));
    root.append(btn);
    said(btn, "text", "Your pile {n}", { n: 2 });
    said(btn, "aria-label", "Your pile {n}", { n: 2 });
    expect(btn.textContent).toBe("Your pile 2 ");
    useWords(FRENCH);
    relabel(root);
    expect(btn.firstChild.textContent).toBe("Ta pile 2 ");
    expect(btn.querySelector("kbd")).not.toBeNull();
    expect(btn.getAttribute("aria-label")).toBe("Ta pile 2");
  });

  it("the page's language is JupyterLab's <html lang>, else the browser's", () => {
    document.documentElement.lang = "de-DE";
    expect(pageLanguage(document)).toBe("de-DE");
    document.documentElement.lang = "";
    expect(pageLanguage(document)).toBe(globalThis.navigator.languages[0] || globalThis.navigator.language);
  });
});

describe("a table", () => {
  it("says its page's language once as it is drawn, and speaks the words it is sent at once", () => {
    vi.useFakeTimers();
    document.documentElement.lang = "fr-FR";
    const model = fakeModel(duelState());
    const el = document.createElement("div");
    document.body.append(el);
    const cleanup = widget.render({ model, el });
    expect(model.languages).toEqual(["fr-FR"]);
    const root = el.querySelector(".spit-root");
    model.emitCustom({ kind: "ping", n: 1 });
    vi.advanceTimersByTime(QUIET_MS + LOOK_MS); // the kernel falls silent: the notice shows
    const notice = root.querySelector(".spit-link");
    expect(notice.textContent).toContain("Nothing you do is lost");
    model.speak(FRENCH); // the kernel answers in French: said again in place
    expect(notice.textContent).toContain("rien de ce que tu fais n'est perdu");
    expect(el.querySelector(".spit-root")).toBe(root); // the same table, not a new one
    cleanup();
    document.documentElement.lang = "";
  });
});
