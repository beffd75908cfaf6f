// The Play page's web worker: Pyodide with the castlerules wheel and attrs' wheel from this site,
// one castlerules.playground.Host, JSON requests in and answers out. The page never waits on it:
// a bot that thinks for a second thinks here.
import { loadPyodide } from "../_play/pyodide/pyodide.mjs";

const base = new URL("../_play/", self.location.href);
let host = null;

const loaded = (async () => {
  const start = performance.now();
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  const manifest = await (await fetch(new URL("manifest.json", base))).json();
  const target = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of manifest.wheels) {
    const response = await fetch(new URL(wheel, base));
    if (!response.ok) throw new Error(`${wheel}: ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "wheel", { extractDir: target });
  }
  pyodide.runPython("import importlib; importlib.invalidate_caches()\n" +
    "from castlerules.playground import Host\n_castlerules_host = Host()");
  host = pyodide.globals.get("_castlerules_host");
  return { ms: Math.round(performance.now() - start), pyodide: manifest.pyodide };
})();

loaded.then(
  (info) => self.postMessage({ loaded: info }),
  (err) => self.postMessage({ failed: String(err && err.stack || err) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await loaded;
    const start = performance.now();
    const answer = host.handle(request);
    self.postMessage({ id, answer, ms: Math.round(performance.now() - start) });
  } catch (err) {
    self.postMessage({ id, failure: String(err && err.message || err) });
  }
};
