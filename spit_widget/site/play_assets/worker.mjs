// A fast page's worker: Pyodide with the game's wheels (lock.json lists them, the site's own
// files under pypi/, so they download while the runtime starts), the bridge (bridge.py), then
// the page's code (its first message), whose last line is the widget to show; that widget's
// comm talks to the page. Posts {kind: "comm_open" | "comm_msg" | "comm_close" | "show" |
// "warning" | "error", ...}.
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

// Listening from the first moment: the page posts its code at once, while Pyodide loads.
const code = new Promise((resolve) => { onmessage = ({ data }) => resolve(data.code); });
const site = new URL("..", import.meta.url).href;
try {
  const lock = await (await fetch(site + "play/lock.json")).json();
  const [py, bridge] = await Promise.all([
    loadPyodide({
      indexURL: site + "static/pyodide/",
      lockFileContents: lock,
      packageBaseUrl: site + "pypi/",
      packages: Object.keys(lock.packages),
    }),
    fetch(site + "play/bridge.py").then((r) => r.text()),
  ]);
  self.to_page = (text) => postMessage(JSON.parse(text));
  py.FS.writeFile("/tmp/play_bridge.py", bridge);
  py.runPython("import sys; sys.path.insert(0, '/tmp'); import play_bridge");
  const fromPage = py.pyimport("play_bridge").from_page;
  const source = await code;
  onmessage = (e) => fromPage(JSON.stringify(e.data));
  const widget = await py.runPythonAsync(source);
  if (!widget?.comm) throw new Error("the page's code made no widget to show");
  postMessage({ kind: "show", id: widget.comm.comm_id });
} catch (error) {
  postMessage({ kind: "error", text: String(error && error.message || error) });
}
