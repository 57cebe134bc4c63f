// A fast page: the widget's own front end (#spit-app's data-front-end: widget.js, course.js),
// given by a small model what anywidget gives it (get, set, on, off, send, save_changes), its
// traits carried to and from the Python side in the worker (worker.mjs) as ipywidgets' comm
// messages. The worker runs the page's code (#spit-app's data-code).
const app = document.getElementById("spit-app");
const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
worker.postMessage({ code: app.dataset.code });
const frontEnd = import(`./${app.dataset.frontEnd}.js`);  // fetched while Pyodide starts
const models = {};

// The table's language: the one chosen in the bar's menu (kept in this browser), else
// the browser's. The table reads it from <html lang> as it is drawn (js/words.js) and
// says it to Python; a new choice is said to Python at once, and the table relabels.
const LANGUAGE_KEY = "spit-widget-language";
const menu = document.getElementById("spit-language");
function kept() {
  try {
    return localStorage.getItem(LANGUAGE_KEY) || "";
  } catch {
    return "";  // no storage for this site: the browser's language, every time
  }
}
const spoken = () => kept() || navigator.language || "en";
document.documentElement.lang = spoken();
if (menu) {
  menu.value = kept();
  menu.addEventListener("change", () => {
    try {
      localStorage.setItem(LANGUAGE_KEY, menu.value);
    } catch {
      // not kept: this page still speaks it
    }
    document.documentElement.lang = menu.value || navigator.language || "en";
    for (const model of Object.values(models)) model.send({ kind: "language", language: document.documentElement.lang });
  });
}

/** A model for the comm ``id``: ``state`` is the widget's traits as Python last sent them. */
function makeModel(id, state) {
  const listeners = {};
  const changed = {};
  const post = (data) => worker.postMessage({ id, data });
  const emit = (event, ...args) => listeners[event]?.forEach((cb) => cb(...args));
  return {
    get: (key) => state[key],
    set: (key, value) => { state[key] = value; changed[key] = value; emit("change:" + key); },
    save_changes: () => {
      const sent = { ...changed };
      for (const key of Object.keys(changed)) delete changed[key];
      post({ method: "update", state: sent, buffer_paths: [] });
    },
    on: (event, cb) => { (listeners[event] ||= new Set()).add(cb); },
    off: (event, cb) => { if (cb) listeners[event]?.delete(cb); else delete listeners[event]; },
    send: (content) => post({ method: "custom", content }),
    /** A message from Python: traits changed, or a custom message for the front end. */
    receive: (data) => {
      if (data.method === "update" || data.method === "echo_update") {
        for (const [key, value] of Object.entries(data.state)) {
          state[key] = value;
          emit("change:" + key);
        }
      } else if (data.method === "custom") emit("msg:custom", data.content, []);
    },
  };
}

/** A warning from Python (the browser keeps no storage for the site): shown over the table. */
function warn(text) {
  let note = document.getElementById("spit-warning");
  if (!note) {
    note = Object.assign(document.createElement("p"), { id: "spit-warning", role: "alert" });
    app.before(note);
  }
  note.textContent = note.textContent ? `${note.textContent} ${text}` : text;
}

worker.onmessage = async ({ data: m }) => {
  if (m.kind === "comm_open") models[m.id] = makeModel(m.id, m.data.state || {});
  else if (m.kind === "comm_msg") models[m.id]?.receive(m.data);
  else if (m.kind === "comm_close") delete models[m.id];
  else if (m.kind === "show") {
    app.replaceChildren();
    const { default: widget } = await frontEnd;
    await widget.render({ model: models[m.id], el: app });
  } else if (m.kind === "warning") {
    warn(m.text);
  } else if (m.kind === "error") {
    app.textContent = `${document.body.dataset.notStarted} ${m.text}`;
  }
};

document.getElementById("spit-forget").addEventListener("click", () => {
  if (!confirm(document.body.dataset.forgetAsk)) return;
  worker.terminate();  // it holds the database open
  const asked = indexedDB.deleteDatabase(document.body.dataset.database);
  asked.onsuccess = asked.onerror = () => location.reload();
});
