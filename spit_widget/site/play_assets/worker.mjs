// The play page's worker: Pyodide with the game's wheels (lock.json lists them, the site's
// own files under pypi/, so they download while the runtime starts), the bridge (bridge.py),
// then a table whose comm talks to the page. Posts {kind: "comm_open" | "comm_msg" | "comm_close" | "show" | "error", ...}.
import { loadPyodide } from "../static/pyodide/pyodide.mjs";

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
  onmessage = (e) => fromPage(JSON.stringify(e.data));
  await py.runPythonAsync(`
from spit_widget.stats.browser import keep_in_browser
await keep_in_browser()
from spit_widget import SpitWidget
table = SpitWidget()
import js, json
js.to_page(json.dumps({"kind": "show", "id": table.comm.comm_id}))
`);
} catch (error) {
  postMessage({ kind: "error", text: String(error && error.message || error) });
}
