// ESLint flat config for the front end (js/) and its tests (tests/js/).
// The recommended rules, plus a few that hold the project's standards:
import js from "@eslint/js";

// Browser globals the widget uses (listed here rather than pulling in a
// package of every global name).
const browser = {
  window: "readonly", document: "readonly", globalThis: "readonly", console: "readonly",
  setTimeout: "readonly", clearTimeout: "readonly", requestAnimationFrame: "readonly",
  cancelAnimationFrame: "readonly", ResizeObserver: "readonly", PointerEvent: "readonly",
  KeyboardEvent: "readonly", MouseEvent: "readonly", Event: "readonly", Node: "readonly",
  HTMLElement: "readonly", HTMLAnchorElement: "readonly", Element: "readonly",
  getComputedStyle: "readonly", matchMedia: "readonly",
  structuredClone: "readonly",
};

export default [
  { ignores: ["spit_widget/static/**", "node_modules/**"] },
  js.configs.recommended,
  {
    files: ["js/**/*.js", "tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: browser },
    rules: {
      // Small pieces: the same limits as the Python side (STYLE.md).
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true }],
      "max-lines": ["error", { max: 450, skipBlankLines: true, skipComments: true }],
      complexity: ["error", 25],
      "max-depth": ["error", 4],
      // Dead code out: an unused name is a leftover.
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      // Equality without coercion, except the deliberate `== null` (null or undefined).
      eqeqeq: ["error", "always", { null: "ignore" }],
      "prefer-const": "error",
      "no-var": "error",
      // Untrusted text goes in through textContent only (js/README.md).
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: "Use textContent: page text is untrusted." },
        { property: "outerHTML", message: "Use textContent: page text is untrusted." }],
    },
  },
  {
    // The play page (spit_widget/site/play_assets): a page and its Pyodide worker.
    files: ["spit_widget/site/play_assets/*.mjs"],
    languageOptions: {
      ecmaVersion: 2022, sourceType: "module",
      globals: { ...browser, Worker: "readonly", URL: "readonly", confirm: "readonly",
                 indexedDB: "readonly", location: "readonly", fetch: "readonly",
                 self: "readonly", postMessage: "readonly", onmessage: "writable",
                 localStorage: "readonly", navigator: "readonly" },
    },
    rules: { eqeqeq: ["error", "always", { null: "ignore" }], "prefer-const": "error" },
  },
  {
    // Test files are long lists of `it(...)` blocks: a describe() may run long.
    files: ["tests/js/**/*.js"],
    rules: { "max-lines-per-function": "off", "max-lines": "off" },
  },
];
