// The widget's stylesheet. It is injected by render() as a <style> element
// inside each view's root (so the Python side needs only `_esm`, any host
// works, and two views never fight over a shared element). Every class is
// prefixed `spit-`. Colours come from JupyterLab's theme variables with
// fallbacks, so light and dark themes both work; card faces stay white.

export const CSS = `
.spit-root {
  --spit-fg: var(--jp-ui-font-color1, #1f2328);
  --spit-fg2: var(--jp-ui-font-color2, #59636e);
  --spit-bg: var(--jp-layout-color1, #ffffff);
  --spit-bg2: var(--jp-layout-color2, #f3f4f6);
  --spit-border: var(--jp-border-color2, #d0d7de);
  --spit-brand: var(--jp-brand-color1, #1976d2);
  --spit-warn: var(--jp-warn-color1, #e65100);
  --spit-error: var(--jp-error-color1, #d32f2f);
  --spit-success: var(--jp-success-color1, #2e7d32);
  --spit-hl: #ffd54f;
  --spit-sel: #40c4ff;
  --spit-felt: #1f7043;
  --spit-felt: color-mix(in srgb, #1f7a47 86%, var(--spit-bg));
  --spit-font: var(--jp-ui-font-family, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  position: relative;
  box-sizing: border-box;
  width: 100%;
  min-width: 280px;
  max-width: 1120px;
  padding: 10px;
  border-radius: 16px;
  color: var(--spit-fg);
  font-family: var(--spit-font);
  font-size: 13px;
  line-height: 1.35;
  container-type: inline-size;
  container-name: spit;
  outline: none;
  -webkit-user-select: none;
  user-select: none;
}
.spit-root *, .spit-root *::before, .spit-root *::after { box-sizing: border-box; }
.spit-root [hidden] { display: none !important; }
.spit-root:focus-visible { outline: 2px solid var(--spit-brand); outline-offset: 2px; }
.spit-root button:focus-visible, .spit-root select:focus-visible {
  outline: 3px solid var(--spit-sel); outline-offset: 2px;
}
.spit-sr-only {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}

/* Header: title, record, controls */
.spit-header { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 18px; margin: 0 2px 10px; }
.spit-title { display: flex; align-items: baseline; gap: 8px; }
.spit-title-name { font: 700 20px/1 Georgia, "Times New Roman", serif; letter-spacing: .02em; }
.spit-variant { color: var(--spit-fg2); font-size: 12px; }
.spit-stats { display: flex; flex-wrap: wrap; gap: 4px 14px; color: var(--spit-fg2); font-size: 12px; }
.spit-stat b { color: var(--spit-fg); font-size: 14px; font-variant-numeric: tabular-nums; }
.spit-controls { margin-left: auto; display: flex; flex-wrap: wrap; align-items: center; gap: 6px; }
.spit-pace-label { display: inline-flex; align-items: center; gap: 6px; color: var(--spit-fg2); font-size: 12px; }
.spit-pace {
  font: 600 13px/1.2 var(--spit-font); padding: 6px 8px; border-radius: 8px;
  border: 1px solid var(--spit-border); background: var(--spit-bg); color: var(--spit-fg); cursor: pointer;
}
.spit-btn {
  font: 600 13px/1 var(--spit-font); padding: 8px 12px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--spit-border); background: var(--spit-bg2); color: var(--spit-fg);
  transition: background-color .15s, border-color .15s, transform .08s, box-shadow .15s, opacity .15s;
  touch-action: manipulation;
}
.spit-btn:hover:not(:disabled) {
  border-color: var(--spit-brand);
  background: color-mix(in srgb, var(--spit-brand) 12%, var(--spit-bg2));
}
.spit-btn:active:not(:disabled) { transform: translateY(1px); }
.spit-btn:disabled { opacity: .45; cursor: not-allowed; }
.spit-btn-primary, .spit-btn-primary:hover:not(:disabled) {
  background: var(--spit-brand); border-color: transparent; color: #fff;
}
.spit-btn-big { font-size: 15px; padding: 11px 18px; min-width: 104px; border-radius: 10px; }
.spit-btn-stuck:not(:disabled) { border-color: var(--spit-warn); }
.spit-btn-spit.spit-btn-ready {
  background: var(--spit-brand); color: #fff; border-color: transparent;
  animation: spit-ready 1s ease-in-out infinite alternate;
}
.spit-nudge { animation: spit-nudge .32s ease-in-out; }

/* Layout: table + status bar, move log to the side when there is room */
.spit-main {
  display: grid; gap: 10px; grid-template-columns: minmax(0, 1fr);
  grid-template-areas: "table" "bar" "panel";
}
@container spit (min-width: 760px) {
  .spit-main {
    grid-template-columns: minmax(0, 1fr) minmax(200px, 250px);
    grid-template-areas: "table panel" "bar panel";
  }
  .spit-log { min-height: 0; }
}

/* The felt */
.spit-table {
  grid-area: table;
  container-type: inline-size;
  container-name: spit-table;
  --spit-w: clamp(38px, 10vw, 84px);
  --spit-w: clamp(38px, 100cqi / 6.3, 92px);
  --spit-h: calc(var(--spit-w) * 1.4);
  --spit-r: calc(var(--spit-w) * .08);
  --spit-peek: calc(var(--spit-w) * .085);
  --spit-gap: calc(var(--spit-w) * .2);
  position: relative;
  display: flex; flex-direction: column; align-items: stretch; gap: 8px;
  padding: 12px 10px;
  border-radius: 18px;
  background:
    radial-gradient(ellipse at 50% 45%, rgba(255,255,255,.12), rgba(255,255,255,0) 62%),
    radial-gradient(ellipse at 50% 50%, rgba(0,0,0,0) 55%, rgba(0,0,0,.30) 100%),
    var(--spit-felt);
  border: 1px solid rgba(0,0,0,.35);
  box-shadow: inset 0 0 0 4px rgba(0,0,0,.12), inset 0 2px 16px rgba(0,0,0,.35), 0 2px 6px rgba(0,0,0,.18);
  color: #fff;
}
.spit-side { display: flex; flex-direction: column; align-items: center; gap: 6px; }
.spit-tag {
  display: flex; align-items: center; justify-content: center; gap: 8px; min-height: 20px;
  font-weight: 700; font-size: 13px; letter-spacing: .02em; text-shadow: 0 1px 2px rgba(0,0,0,.55);
}
.spit-chip {
  background: var(--spit-hl); color: #3a2a00; border-radius: 999px; padding: 2px 8px;
  font-size: 10.5px; font-weight: 800; letter-spacing: .06em; text-transform: uppercase; text-shadow: none;
}
.spit-stocks { display: flex; flex-wrap: wrap; justify-content: center; gap: var(--spit-gap); }
.spit-stock { display: flex; flex-direction: column; align-items: center; gap: 4px; }
.spit-stack {
  position: relative; width: var(--spit-w);
  height: calc(var(--spit-h) + 4 * var(--spit-peek));
}
.spit-stack > .spit-anchor, .spit-backs > .spit-back { position: absolute; left: 0; }
.spit-stock[data-player="0"] .spit-stack > .spit-anchor { top: calc(4 * var(--spit-peek)); }
.spit-stock[data-player="0"] .spit-backs > .spit-back { top: calc((4 - var(--spit-depth)) * var(--spit-peek)); }
.spit-stock[data-player="1"] .spit-stack > .spit-anchor { top: 0; }
.spit-stock[data-player="1"] .spit-backs > .spit-back { top: calc(var(--spit-depth) * var(--spit-peek)); }
.spit-count {
  position: absolute; right: calc(var(--spit-w) * -.12); z-index: 2;
  min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px;
  display: grid; place-items: center;
  font: 700 11px/1 var(--spit-font); font-variant-numeric: tabular-nums;
  color: #1b1b1b; background: #f5f5ef; box-shadow: 0 1px 3px rgba(0,0,0,.45);
  pointer-events: none;
}
.spit-count:empty { display: none; }
.spit-stock[data-player="0"] .spit-count { top: -4px; }
.spit-stock[data-player="1"] .spit-count { bottom: -4px; }
.spit-key {
  font: 700 11px/1 var(--spit-font); color: rgba(255,255,255,.85);
  padding: 2px 6px; border-radius: 4px; border: 1px solid rgba(255,255,255,.35);
  background: rgba(0,0,0,.18);
}

/* Slots: the dashed outline of an empty place */
.spit-anchor {
  position: relative; display: block; width: var(--spit-w); height: var(--spit-h);
  border-radius: var(--spit-r);
}
.spit-anchor::before {
  content: ""; position: absolute; inset: 0; border-radius: inherit;
  border: 2px dashed rgba(255,255,255,.38); background: rgba(0,0,0,.08);
}

/* Cards */
.spit-card, .spit-back, .spit-slotbtn, .spit-slotcard, .spit-centre-card {
  display: block; width: var(--spit-w); height: var(--spit-h); border-radius: var(--spit-r);
}
.spit-slotbtn {
  appearance: none; -webkit-appearance: none; margin: 0; padding: 0; border: 0; font: inherit;
  background: transparent; position: relative; cursor: pointer;
  -webkit-tap-highlight-color: transparent; touch-action: manipulation;
  transition: transform 200ms cubic-bezier(.25,.8,.35,1), box-shadow 160ms ease;
}
.spit-slotcard, .spit-centre-card { position: relative; }
.spit-slotbtn.spit-empty { cursor: default; }
.spit-root[data-variant="classic"] .spit-slotbtn.spit-empty { cursor: pointer; }
.spit-face {
  background: linear-gradient(160deg, #ffffff, #f6f5ee);
  border: 1px solid rgba(0,0,0,.3);
  box-shadow: 0 1px 1px rgba(0,0,0,.22), 0 3px 8px rgba(0,0,0,.28);
  color: #1b1b1b; overflow: hidden;
}
.spit-face-svg { display: block; width: 100%; height: 100%; pointer-events: none; }
.spit-face-svg path, .spit-face-svg text { fill: currentColor; }
.spit-index-rank, .spit-court-letter { font-family: Georgia, "Times New Roman", serif; font-weight: 700; }
.spit-court-frame { fill: currentColor; fill-opacity: .07; stroke: currentColor; stroke-width: 1.4; }
.spit-ink-black { color: #1b1b1b; }
.spit-ink-red { color: #c8102e; }
.spit-ink-green { color: #12803a; }
.spit-ink-blue { color: #1457c2; }
.spit-back {
  border: calc(var(--spit-w) * .05) solid #f4f2ea;
  background:
    repeating-linear-gradient(45deg, rgba(255,255,255,.16) 0 1.5px, rgba(255,255,255,0) 1.5px 6px),
    repeating-linear-gradient(-45deg, rgba(255,255,255,.16) 0 1.5px, rgba(255,255,255,0) 1.5px 6px),
    linear-gradient(160deg, #a3222f, #6d0f1b);
  box-shadow: 0 0 0 1px rgba(0,0,0,.35), 0 2px 5px rgba(0,0,0,.3);
}

/* Your cards: playable, picked up, in flight */
.spit-slotbtn.spit-card:hover { transform: translateY(calc(var(--spit-w) * -.05)); }
.spit-slotbtn.spit-playable {
  box-shadow: 0 0 0 3px var(--spit-hl), 0 0 14px 4px rgba(255,213,79,.7), 0 5px 10px rgba(0,0,0,.35);
  transform: translateY(calc(var(--spit-w) * -.06));
}
.spit-slotbtn.spit-playable.spit-fits-both {
  box-shadow: 0 0 0 3px var(--spit-hl), 0 0 0 6px rgba(255,213,79,.45), 0 0 16px 6px rgba(255,213,79,.6), 0 5px 10px rgba(0,0,0,.35);
}
.spit-slotbtn.spit-movable:not(.spit-playable) { outline: 2px dotted rgba(255,255,255,.9); outline-offset: 3px; }
.spit-slotbtn.spit-card.spit-selected, .spit-slotbtn.spit-card.spit-selected:hover {
  transform: translateY(calc(var(--spit-w) * -.24)) rotate(-2deg);
  box-shadow: 0 0 0 3px var(--spit-sel), 0 0 18px 4px rgba(64,196,255,.6), 0 14px 22px rgba(0,0,0,.45);
  z-index: 3;
}
.spit-slotbtn.spit-card.spit-in-flight, .spit-slotbtn.spit-card.spit-in-flight:hover {
  transform: translate(var(--spit-dx, 0px), var(--spit-dy, 0px)) rotate(var(--spit-rot, 4deg)) scale(1.06);
  box-shadow: 0 16px 28px rgba(0,0,0,.45);
  z-index: 30; pointer-events: none;
}
.spit-slotbtn.spit-snap { transition: none !important; }
.spit-slotbtn.spit-refused {
  box-shadow: 0 0 0 3px #ff5252, 0 0 18px 5px rgba(255,82,82,.75), 0 5px 10px rgba(0,0,0,.35) !important;
}
.spit-slotbtn.spit-card.spit-hinted:not(.spit-selected):not(.spit-in-flight) {
  animation: spit-hint 1s ease-in-out infinite alternate;
}
.spit-centre.spit-hint-target:not(.spit-fits):not(.spit-chosen) .spit-centre-anchor {
  box-shadow: 0 0 0 2px rgba(255,255,255,.85), 0 0 16px 4px rgba(255,255,255,.45);
}
.spit-slotbtn.spit-empty.spit-move-target { box-shadow: 0 0 0 3px rgba(255,255,255,.55); }
.spit-slot-chosen .spit-slotbtn.spit-empty { box-shadow: 0 0 0 3px var(--spit-sel), 0 0 16px 4px rgba(64,196,255,.55); }
.spit-slotbtn.spit-empty:focus-visible { outline-offset: 3px; }
.spit-reveal { animation: spit-reveal 200ms ease-out; }

/* The middle: spit piles and centre piles */
.spit-middle {
  position: relative; display: flex; justify-content: center; align-items: flex-start;
  gap: calc(var(--spit-w) * .32); margin: calc(var(--spit-w) * .12) 0;
}
.spit-centres { display: flex; justify-content: center; gap: calc(var(--spit-w) * .3); }
.spit-centre {
  display: flex; flex-direction: column; align-items: center; gap: 7px;
  width: calc(var(--spit-w) * 1.5);
}
.spit-centre-btn {
  appearance: none; -webkit-appearance: none; margin: 0; padding: 0; border: 0; font: inherit;
  background: none; position: relative; display: block; border-radius: var(--spit-r); cursor: default;
  -webkit-tap-highlight-color: transparent; touch-action: manipulation;
}
.spit-centre.spit-targetable .spit-centre-btn { cursor: pointer; }
.spit-centre-anchor { transition: box-shadow .15s; }
.spit-centre[data-depth="1"] .spit-face { box-shadow: 1.5px 1.5px 0 #e4e3da, 2.5px 2.5px 0 rgba(0,0,0,.3), 0 3px 8px rgba(0,0,0,.3); }
.spit-centre[data-depth="2"] .spit-face { box-shadow: 1.5px 1.5px 0 #e4e3da, 2.5px 2.5px 0 rgba(0,0,0,.25), 3.5px 3.5px 0 #dddcd2, 4.5px 4.5px 0 rgba(0,0,0,.3), 0 5px 10px rgba(0,0,0,.3); }
.spit-centre[data-depth="3"] .spit-face { box-shadow: 1.5px 1.5px 0 #e4e3da, 2.5px 2.5px 0 rgba(0,0,0,.25), 3.5px 3.5px 0 #dddcd2, 4.5px 4.5px 0 rgba(0,0,0,.25), 5.5px 5.5px 0 #d6d5cb, 6.5px 6.5px 0 rgba(0,0,0,.3), 0 7px 12px rgba(0,0,0,.3); }
.spit-centre .spit-count { top: -8px; right: -10px; }
.spit-centre.spit-fits .spit-centre-anchor {
  box-shadow: 0 0 0 3px var(--spit-hl), 0 0 18px 5px rgba(255,213,79,.65);
  animation: spit-pulse .9s ease-in-out infinite alternate;
}
.spit-centre.spit-slappable .spit-centre-anchor {
  box-shadow: 0 0 0 3px var(--spit-hl), 0 0 18px 5px rgba(255,213,79,.65);
  animation: spit-pulse .9s ease-in-out infinite alternate;
}
.spit-centre.spit-chosen .spit-centre-anchor {
  box-shadow: 0 0 0 3px var(--spit-sel), 0 0 20px 6px rgba(64,196,255,.6);
}
.spit-needs {
  max-width: 100%; padding: 3px 9px; border-radius: 999px; text-align: center;
  font: 700 12px/1.2 var(--spit-font); color: #fff; background: rgba(0,0,0,.32);
  box-shadow: inset 0 0 0 1px rgba(255,255,255,.16); overflow-wrap: anywhere;
}
.spit-needs:empty { visibility: hidden; }
.spit-spitpile { display: flex; flex-direction: column; align-items: center; gap: 6px; width: calc(var(--spit-w) * 1.1); }
.spit-spitstack {
  position: relative; width: calc(var(--spit-w) * .82); height: calc(var(--spit-h) * .82);
  border-radius: var(--spit-r);
}
.spit-spitstack::before {
  content: ""; position: absolute; inset: 0; border-radius: inherit; border: 2px dashed rgba(255,255,255,.3);
}
.spit-spitstack > .spit-back { position: absolute; inset: 0; width: 100%; height: 100%; }
.spit-spitpile[data-depth="1"] .spit-back { box-shadow: 0 0 0 1px rgba(0,0,0,.35), 2px 2px 0 #e9e7de, 3px 3px 0 rgba(0,0,0,.35); }
.spit-spitpile[data-depth="2"] .spit-back { box-shadow: 0 0 0 1px rgba(0,0,0,.35), 2px 2px 0 #e9e7de, 3px 3px 0 rgba(0,0,0,.3), 4px 4px 0 #e0ded4, 5px 5px 0 rgba(0,0,0,.35); }
.spit-spitpile[data-depth="3"] .spit-back { box-shadow: 0 0 0 1px rgba(0,0,0,.35), 2px 2px 0 #e9e7de, 3px 3px 0 rgba(0,0,0,.3), 4px 4px 0 #e0ded4, 5px 5px 0 rgba(0,0,0,.3), 6px 6px 0 #d8d6cc, 7px 7px 0 rgba(0,0,0,.35); }
.spit-spitpile.spit-is-empty .spit-back { display: none; }
.spit-root[data-variant="classic"] .spit-spitpile[data-player="0"] { cursor: pointer; }
.spit-spitcount {
  position: absolute; inset: 0; display: grid; place-items: center;
  font: 800 calc(var(--spit-w) * .3)/1 var(--spit-font); font-variant-numeric: tabular-nums;
  color: #fff; text-shadow: 0 1px 3px rgba(0,0,0,.85);
}
.spit-spitpile.spit-is-empty .spit-spitcount { color: rgba(255,255,255,.6); text-shadow: none; }
.spit-spitlabel {
  max-width: 100%; font-size: 11px; font-weight: 600; color: rgba(255,255,255,.85); text-align: center;
  overflow-wrap: anywhere;
}
.spit-paused-banner {
  display: none; position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); z-index: 20;
  padding: 6px 18px; border-radius: 999px; background: rgba(0,0,0,.66); color: #fff;
  font: 800 13px/1.2 var(--spit-font); letter-spacing: .16em; text-transform: uppercase; pointer-events: none;
}
.spit-table.spit-is-paused .spit-paused-banner { display: block; }
.spit-root[data-readonly="true"] .spit-paused-banner,
.spit-root[data-readonly="true"] .spit-controls,
.spit-root[data-readonly="true"] .spit-btn-big,
.spit-root[data-readonly="true"] .spit-keys,
.spit-root[data-readonly="true"] .spit-key { display: none; }
.spit-root[data-readonly="true"] .spit-table.spit-is-paused .spit-stocks,
.spit-root[data-readonly="true"] .spit-table.spit-is-paused .spit-centres { filter: none; }
.spit-table.spit-is-paused .spit-stocks, .spit-table.spit-is-paused .spit-centres { filter: saturate(.55) brightness(.92); }

/* Status bar */
.spit-bar {
  grid-area: bar; display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px;
  padding: 8px 12px; border-radius: 12px; border: 1px solid var(--spit-border); background: var(--spit-bg2);
}
.spit-statusbox { flex: 1 1 220px; min-width: 0; min-height: 52px; display: flex; flex-direction: column; justify-content: center; gap: 4px; }
.spit-status { font-weight: 700; font-size: 14px; min-height: 1.35em; }
.spit-message {
  font-size: 13px; padding: 4px 8px; border-radius: 6px; border-left: 3px solid var(--spit-fg2);
  background: color-mix(in srgb, var(--spit-fg2) 10%, transparent); user-select: text; -webkit-user-select: text;
}
.spit-message[data-kind="refused"] {
  border-left-color: var(--spit-warn); background: rgba(230,81,0,.12);
  background: color-mix(in srgb, var(--spit-warn) 15%, transparent);
}
.spit-message[data-kind="hint"] {
  border-left-color: var(--spit-brand); background: rgba(25,118,210,.12);
  background: color-mix(in srgb, var(--spit-brand) 14%, transparent);
}
.spit-message[data-kind="error"] {
  border-left-color: var(--spit-error); background: rgba(211,47,47,.1);
  background: color-mix(in srgb, var(--spit-error) 12%, transparent);
}
.spit-flash { animation: spit-flash .6s ease-out; }
.spit-prompt { font-size: 12px; color: var(--spit-fg2); font-style: italic; }
.spit-cards-left { color: var(--spit-fg2); font-size: 13px; font-weight: 600; white-space: nowrap; font-variant-numeric: tabular-nums; }

/* Move log and key legend */
.spit-panel { grid-area: panel; display: flex; flex-direction: column; gap: 6px; min-width: 0; min-height: 0; }
.spit-panel-title { font-size: 11px; font-weight: 800; letter-spacing: .08em; text-transform: uppercase; color: var(--spit-fg2); }
.spit-log {
  list-style: none; margin: 0; padding: 6px 8px; overflow-y: auto; contain: strict; flex: 1 1 auto;
  min-height: 150px; border: 1px solid var(--spit-border); border-radius: 10px; background: var(--spit-bg);
  font-size: 12.5px; line-height: 1.35; user-select: text; -webkit-user-select: text;
}
.spit-log-item { position: relative; padding: 2px 0 2px 12px; }
.spit-log-item::before {
  content: ""; position: absolute; left: 1px; top: .62em; width: 6px; height: 6px; border-radius: 50%;
  background: var(--spit-fg2); opacity: .5;
}
.spit-log-item[data-player="0"]::before { background: var(--spit-brand); opacity: 1; }
.spit-log-item[data-player="1"]::before { background: var(--spit-warn); opacity: 1; }
.spit-log-item:last-child { font-weight: 600; }
.spit-keys { display: flex; flex-wrap: wrap; gap: 3px 10px; color: var(--spit-fg2); font-size: 11px; }
.spit-keys kbd {
  font: 700 10px/1 var(--jp-code-font-family, ui-monospace, monospace); padding: 2px 5px; border-radius: 4px;
  border: 1px solid var(--spit-border); border-bottom-width: 2px; background: var(--spit-bg); color: var(--spit-fg);
}

/* Error panel */
.spit-error {
  margin: 0 0 10px; padding: 8px 10px; border-radius: 10px; border: 1px solid var(--spit-error);
  background: rgba(211,47,47,.08); background: color-mix(in srgb, var(--spit-error) 9%, transparent);
}
.spit-error-title { font-weight: 700; color: var(--spit-error); cursor: pointer; }
.spit-error-pre {
  margin: 6px 0 0; max-height: 280px; overflow: auto; white-space: pre; user-select: text; -webkit-user-select: text;
  font: 12px/1.4 var(--jp-code-font-family, ui-monospace, SFMono-Regular, Menlo, monospace); color: var(--spit-fg);
}

/* End-of-game dialog */
.spit-dialog {
  position: absolute; inset: 0; z-index: 50; display: grid; place-items: center; padding: 16px;
  border-radius: inherit; background: rgba(0,0,0,.45); animation: spit-fade .18s ease-out;
}
.spit-dialog-box {
  width: min(420px, 100%); padding: 22px 24px 18px; border-radius: 16px; text-align: center;
  background: var(--spit-bg); color: var(--spit-fg); border: 1px solid var(--spit-border);
  box-shadow: 0 24px 60px rgba(0,0,0,.45); animation: spit-pop .22s cubic-bezier(.2,.9,.3,1.2);
}
.spit-dialog-title { margin: 0 0 8px; font: 700 24px/1.2 Georgia, "Times New Roman", serif; }
.spit-dialog[data-winner="0"] .spit-dialog-title { color: var(--spit-success); }
.spit-dialog-text { margin: 0 0 8px; font-size: 14px; user-select: text; -webkit-user-select: text; }
.spit-dialog-cards { margin: 0 0 16px; font-weight: 700; color: var(--spit-fg2); font-variant-numeric: tabular-nums; }
.spit-dialog-buttons { display: flex; justify-content: center; flex-wrap: wrap; gap: 8px; }
.spit-dialog-new { font-size: 15px; padding: 10px 20px; }

/* Flying clones of other players' cards */
.spit-fx { position: absolute; inset: 0; pointer-events: none; z-index: 40; }
.spit-flying { position: absolute; margin: 0; will-change: transform; box-shadow: 0 12px 24px rgba(0,0,0,.45); }

@keyframes spit-reveal { from { transform: perspective(400px) rotateY(80deg); } to { transform: none; } }
@keyframes spit-pulse { from { filter: brightness(1); } to { filter: brightness(1.12); } }
@keyframes spit-ready { from { box-shadow: 0 0 0 0 rgba(25,118,210,.55); } to { box-shadow: 0 0 0 6px rgba(25,118,210,0); } }
@keyframes spit-nudge { 0%, 100% { transform: none; } 25% { transform: translateX(-4px); } 75% { transform: translateX(4px); } }
@keyframes spit-flash { from { box-shadow: 0 0 0 3px color-mix(in srgb, var(--spit-warn) 45%, transparent); } to { box-shadow: 0 0 0 0 transparent; } }
@keyframes spit-hint {
  from { transform: translateY(calc(var(--spit-w) * -.06)); }
  to { transform: translateY(calc(var(--spit-w) * -.16)); }
}
@keyframes spit-fade { from { opacity: 0; } to { opacity: 1; } }
@keyframes spit-pop { from { transform: scale(.92); opacity: 0; } to { transform: none; opacity: 1; } }

@container spit-table (max-width: 420px) {
  .spit-needs { font-size: 10.5px; padding: 2px 6px; }
  .spit-tag { font-size: 12px; }
  .spit-count { min-width: 16px; height: 16px; font-size: 10px; }
}
@media (prefers-reduced-motion: reduce) {
  .spit-root *, .spit-root *::before, .spit-root *::after {
    animation-duration: 1ms !important; animation-iteration-count: 1 !important; transition-duration: 1ms !important;
  }
}
`;
