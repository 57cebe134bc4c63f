import { afterEach, describe, expect, it } from "vitest";
import course from "../../js/course.js";
import { buildFromGames, drawFromGames, fromGames } from "../../js/course_games.js";
import { duelState, fakeModel } from "./fixtures.js";

const ROWS = [
  { rule: "wrap", name: "Ace and King", text: "behind 7 missed moments of your recent games",
    level: "duel-wrap", goal: "Play the Ace on the King." },
  { rule: "stuck", name: "Stuck", text: "behind 3 missed moments of your recent games",
    level: null, goal: null },
];

afterEach(() => document.body.replaceChildren());

describe("the course map's from your games", () => {
  it("keeps the rows it can draw, three at most", () => {
    expect(fromGames(null)).toEqual([]);
    expect(fromGames([null, { rule: "x" }, ...ROWS, ROWS[0], ROWS[1]])).toHaveLength(3);
  });

  it("is a section under the map's head, hidden with no rows, a row per rule with its level", () => {
    const map = document.createElement("section");
    const head = document.createElement("div");
    head.className = "spit-course-maphead";
    map.append(head, document.createElement("div"));
    const section = buildFromGames(document, map);
    expect(head.nextElementSibling).toBe(section);
    drawFromGames(section, []);
    expect(section.hidden).toBe(true);
    drawFromGames(section, ROWS);
    expect(section.hidden).toBe(false);
    const rows = section.querySelectorAll(".spit-course-games-row");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("Ace and King");
    expect(rows[0].textContent).toContain("behind 7 missed moments");
    const practise = rows[0].querySelector("button");
    expect(practise.dataset.course).toBe("open");
    expect(practise.dataset.level).toBe("duel-wrap");
    expect(practise.getAttribute("aria-label")).toBe("Practise Ace and King: Play the Ace on the King.");
    expect(rows[1].querySelector("button")).toBeNull(); // no level for it in this course
  });

  it("opens the rule's level from the course map", () => {
    const model = fakeModel(duelState());
    const get = model.get.bind(model);
    const trait = { screen: "map", sections: [], resume: null, current: null, result: null, hint: null,
      daily: null, said: { seq: 0, text: "" }, from_games: ROWS };
    model.get = (name) => (name === "course" ? trait : get(name));
    const el = document.createElement("div");
    document.body.append(el);
    const dispose = course.render({ model, el });
    const button = el.querySelector(".spit-course-games-level");
    expect(button).not.toBeNull();
    button.click();
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "open", level: "duel-wrap" });
    dispose();
  });

  it("opens the level, not the rule's card, when the course knows the rule (Practise sits in a data-rule row)", () => {
    const model = fakeModel(duelState());
    const get = model.get.bind(model);
    const trait = { screen: "map", sections: [], resume: null, current: null, result: null, hint: null,
      daily: null, said: { seq: 0, text: "" }, from_games: ROWS,
      rules: { wrap: { name: "Ace and King", text: "An Ace goes on a King." } } };
    model.get = (name) => (name === "course" ? trait : get(name));
    const el = document.createElement("div");
    document.body.append(el);
    const dispose = course.render({ model, el });
    const card = el.querySelector(".spit-course-rule");
    el.querySelector(".spit-course-games-level").click();
    expect(model.sent.at(-1)).toEqual({ kind: "course", do: "open", level: "duel-wrap" });
    expect(card.hidden).toBe(true);
    el.querySelector(".spit-course-games-what b").click(); // the rule's name still reads the rule
    expect(card.hidden).toBe(false);
    expect(card.dataset.rule).toBe("wrap");
    expect(parseFloat(card.style.top)).toBeGreaterThanOrEqual(0); // never above the course's top
    dispose();
  });
});
