// The words the kernel sends a page (spit_widget.locale.page), read here from a
// language's committed .po file, so that a test sees the page as a French
// player does, with every label the catalogue holds (not a hand-made few).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

/** A .po string literal's text. @param {string} quoted */
const unquote = (quoted) => JSON.parse(quoted);

/**
 * The `words` trait for `code` ("fr", "es", "de"): its plural rule for 0..199
 * and every translated message, keyed as words.js looks them up.
 * @param {string} code
 */
export function pageWords(code) {
  const path = join(HERE, "..", "..", "spit_widget", "locale", code, "LC_MESSAGES", "spit_widget.po");
  const entries = [];
  let entry = null;
  let field = null;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const m = line.match(/^(msgctxt|msgid|msgid_plural|msgstr(?:\[(\d+)\])?) (".*")$/);
    if (m) {
      if (m[1] === "msgctxt" || (m[1] === "msgid" && !(entry && entry.ctxt != null && entry.id == null))) {
        entry = { ctxt: null, id: null, strs: [] };
        entries.push(entry);
      }
      field = m[1] === "msgctxt" ? ["ctxt"] : m[1] === "msgid" ? ["id"] : m[1] === "msgid_plural" ? ["plural"]
        : ["strs", Number(m[2] || 0)];
      if (field[0] === "strs") entry.strs[field[1]] = unquote(m[3]);
      else entry[field[0]] = unquote(m[3]);
    } else if (line.startsWith('"') && entry && field) {
      if (field[0] === "strs") entry.strs[field[1]] += unquote(line);
      else entry[field[0]] += unquote(line);
    } else if (!line.trim()) field = null;
  }
  const header = entries.find((e) => e.id === "");
  const rule = /plural=([^;]+);/.exec(header.strs[0])[1];
  const plural = new Function("n", `return Number(${rule});`); // the catalogue's own rule
  const messages = {};
  for (const e of entries) {
    if (!e.id || !e.strs.every(Boolean)) continue;
    const key = e.ctxt != null ? `${e.ctxt}\u0004${e.id}` : e.id;
    messages[key] = e.plural != null ? e.strs : e.strs[0];
  }
  return { language: code, plural: Array.from({ length: 200 }, (_n, n) => plural(n)), messages };
}
