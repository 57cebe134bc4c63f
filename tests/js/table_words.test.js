// The table in French: every word a player reads on it comes from the
// catalogue. words.fr.json is what the kernel sends a French table's page
// (spit_widget.locale.page, written by scripts/page_words.py; a Python test
// checks it is up to date), so these tests read the real translations.
import { afterEach, describe, expect, it } from "vitest";
import widget from "../../js/widget.js";
import { useWords } from "../../js/words.js";
import { classicState, duelState, evolve, fakeModel } from "./fixtures.js";
import FRENCH from "./words.fr.json";

const ENGLISH = { language: "en", plural: [], messages: {} };

/**
 * English words the table itself writes (the kernel's own sentences, its
 * status line and log, come in the table's language from the kernel). Pause
 * is not one of them: French says it too.
 */
const ENGLISH_WORDS = new RegExp(
  "\\b(Stuck|Your pile|Computer|Hint|Resume|Play Again|Cards left|Moves|Move log|spit|playable|"
    + "cards?|face down|spades|hearts|clubs|diamonds|seven|Left pile|Right pile|See the table|Your record|"
    + "Seats?|Take seat|Stand up|watching|Click to play on|Deal a fresh game|Declare|confirm|choose|drop|"
    + "Slow|Fast|Classic|round|win rate|games?|wins?|Read the rule|empty)\\b",
);

let cleanups = [];
afterEach(() => {
  for (const c of cleanups) c();
  cleanups = [];
  useWords(null);
  document.body.replaceChildren();
});

/** A table drawn with `words` from the first frame (the kernel sends them with the state). */
function mount(state, words = FRENCH) {
  const model = fakeModel(state);
  model.speak(words);
  const el = document.createElement("div");
  document.body.append(el);
  cleanups.push(widget.render({ model, el }));
  return { model, root: el.querySelector(".spit-root") };
}

/** The kernel's own words, in French as a French table's kernel sends them. */
function frenchKernel(state) {
  return evolve(state, (s) => {
    s.centre[0].needs = "attend 5 ou 7";
    s.centre[1].needs = "attend 10 ou Q";
    s.status_text = "L'ordinateur réfléchit";
    s.log = s.log.map((e) => ({ ...e, text: "Une ligne du noyau." }));
  });
}

/**
 * Every word the table writes on itself: texts (but the kernel's lines), labels,
 * titles. The review panel (review*.js) says its own words and is left out.
 */
function tableWords(root) {
  const kernels = ".spit-log, .spit-status, .spit-message, .spit-needs, .spit-live, .spit-interlude-lines";
  const texts = [];
  for (const el of root.querySelectorAll("*")) {
    if (el.closest(".spit-review, .spit-review-said, .spit-review-btn")) continue;
    for (const name of ["aria-label", "title"]) if (el.hasAttribute(name)) texts.push(el.getAttribute(name));
    if (el.closest(kernels)) continue;
    for (const node of el.childNodes) if (node.nodeType === 3 && node.textContent.trim()) texts.push(node.textContent);
  }
  return texts;
}

const $ = (root, sel) => root.querySelector(sel);

describe("a table in French", () => {
  it("says its buttons, labels and titles in French, and no English word of its own", () => {
    const { root } = mount(frenchKernel(duelState()));
    expect($(root, ".spit-btn-stuck").textContent).toBe("Bloqué");
    expect($(root, ".spit-btn-stuck").title).toBe("Annoncer que tu ne peux pas jouer (Espace)");
    expect($(root, ".spit-btn-hint").textContent).toBe("Indice");
    expect($(root, ".spit-btn-new").textContent).toBe("Rejouer");
    expect($(root, ".spit-pace-text").textContent).toBe("Rythme de l'ordinateur");
    expect([...root.querySelectorAll(".spit-pace option")].map((o) => o.textContent)).toEqual(["Lent", "Normal", "Rapide"]);
    expect(root.getAttribute("aria-label")).toBe("Jeu de cartes Spit");
    expect($(root, '.spit-card[data-card="7S"]').getAttribute("aria-label")).toBe("Ta pile 1 : 7 de pique, jouable");
    expect($(root, '.spit-card[data-card="KD"]').getAttribute("aria-label"))
      .toBe("Ta pile 5 : roi de carreau, jouable sur les deux piles, 4 cartes cachées dessous");
    expect($(root, '.spit-stock[data-player="1"][data-slot="0"] .spit-slotcard').getAttribute("aria-label"))
      .toBe("Pile 1 de l'ordinateur : as de cœur");
    expect($(root, '.spit-centre[data-centre="0"] .spit-centre-btn').getAttribute("aria-label"))
      .toBe("Pile de gauche : 6 de cœur, 3 cartes, attend 5 ou 7");
    expect($(root, '.spit-spitpile[data-player="0"]').getAttribute("aria-label")).toBe("Ton talon : 11 cartes");
    expect($(root, '.spit-spitpile[data-player="1"] .spit-spitlabel').textContent).toBe("Talon de l'ordinateur");
    expect($(root, ".spit-cards-left").textContent).toBe("Cartes restantes : toi 23, ordinateur 25");
    expect([...root.querySelectorAll(".spit-name")].map((n) => n.textContent)).toEqual(["Ordinateur", "Toi"]); // the computer's row on top
    expect($(root, ".spit-stats").textContent).toBe("3 parties2 victoires67 % de victoires");
    expect($(root, ".spit-keys").textContent).toContain("Entrée valider");
    const english = tableWords(root).filter((t) => ENGLISH_WORDS.test(t));
    expect(english).toEqual([]);
  });

  it("classic: Spit!, End Round, the round and empty slots in French", () => {
    const { root, model } = mount(frenchKernel(classicState()));
    expect($(root, ".spit-btn-spit").textContent).toBe("Spit !");
    expect($(root, ".spit-variant").textContent).toBe("Classique \u00b7 manche 2");
    expect($(root, '.spit-stock[data-player="0"][data-slot="0"] .spit-slotbtn')
      .getAttribute("aria-label")).toBe("Ta pile 1 : vide, une carte peut venir ici");
    model.publish(evolve(classicState(), (s) => { s.you.spit_label = "End Round"; s.you.can_spit = true; }));
    expect($(root, ".spit-btn-spit").textContent).toBe("Fin de la manche");
    expect(tableWords(root).filter((t) => /\b(Spit!|End Round|Classic|empty)\b/.test(t))).toEqual([]);
  });

  it("a new language relabels the table in place: the same elements, the focus kept", () => {
    const { model, root } = mount(frenchKernel(duelState()), ENGLISH);
    const stuck = $(root, ".spit-btn-stuck");
    const card = $(root, '.spit-card[data-card="7S"]');
    expect(stuck.textContent).toBe("Stuck");
    expect(card.getAttribute("aria-label")).toBe("Your pile 1: seven of spades, playable");
    expect($(root, ".spit-pace-text").textContent).toBe("Computer pace");
    card.focus();
    model.speak(FRENCH);
    expect($(root, ".spit-btn-stuck")).toBe(stuck);
    expect(stuck.textContent).toBe("Bloqué");
    expect(stuck.title).toBe("Annoncer que tu ne peux pas jouer (Espace)");
    expect(card.getAttribute("aria-label")).toBe("Ta pile 1 : 7 de pique, jouable");
    expect($(root, ".spit-pace-text").textContent).toBe("Rythme de l'ordinateur");
    expect([...root.querySelectorAll(".spit-pace option")].map((o) => o.textContent)).toEqual(["Lent", "Normal", "Rapide"]);
    expect($(root, ".spit-log").getAttribute("aria-label")).toBe("Journal des coups");
    expect(document.activeElement).toBe(card);
    expect(tableWords(root).filter((t) => ENGLISH_WORDS.test(t))).toEqual([]);
    model.speak(ENGLISH); // and back: English is the source
    expect(stuck.textContent).toBe("Stuck");
    expect($(root, ".spit-log").getAttribute("aria-label")).toBe("Move log");
    expect($(root, ".spit-stats").textContent).toBe("3 games2 wins67% win rate");
  });
});

describe("a table of two in French", () => {
  it("says its seat bar in French", () => {
    const s = duelState();
    const state = {
      ...frenchKernel(s), mode: "human", opponent: "human", table: "tbl-fr", heartbeat_ms: 2000, spectators: 2,
      players: [{ ...s.players[0], name: "Ann" }, { ...s.players[1], name: "Bob" }],
      seats: [
        { seat: 0, name: "Ann", status: "taken", view: "someone-else", stats: null },
        { seat: 1, name: "Bob", status: "free", view: null, stats: null },
      ],
      actions: [s.you, s.you],
    };
    const { root } = mount(state);
    expect($(root, ".spit-seats").getAttribute("aria-label")).toBe("Places");
    expect($(root, ".spit-seat-you").textContent).toBe("Tu regardes");
    expect([...root.querySelectorAll(".spit-seat-label")].map((l) => l.textContent))
      .toEqual(["Place 1 : Ann (joue) ", "Place 2 : libre "]);
    expect($(root, '.spit-btn-take[data-seat="1"]').textContent).toBe("Prendre la place 2");
    expect($(root, ".spit-watchers").textContent).toBe("2 spectateurs");
    expect($(root, ".spit-cards-left").textContent).toBe("Cartes restantes : Ann 23, Bob 25");
    expect($(root, '.spit-stock[data-player="1"][data-slot="0"] .spit-slotcard').getAttribute("aria-label"))
      .toBe("Pile 1 de Bob : as de cœur");
    expect(tableWords(root).filter((t) => ENGLISH_WORDS.test(t))).toEqual([]);
  });
});

describe("a prompt on screen when the language changes", () => {
  it("is said again in the new language, the card still picked up", () => {
    const { model, root } = mount(duelState(), ENGLISH);
    root.querySelector('.spit-card[data-card="KD"]').click(); // KD fits both piles: picked up
    const prompt = root.querySelector(".spit-prompt");
    expect(prompt.textContent).toContain("fits both piles");
    model.speak(FRENCH);
    expect(prompt.hidden).toBe(false);
    expect(prompt.textContent).not.toContain("fits both piles");
    expect(prompt.textContent).toBe(FRENCH.messages["{card} fits both piles: click one, or \u2190/\u2192 then Enter."]
      .replace("{card}", "K\u2666"));
    expect(root.querySelector('.spit-card[data-card="KD"]').classList.contains("spit-selected")).toBe(true);
  });
});
