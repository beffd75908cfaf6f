// The Play page's web worker: Pyodide with the castlerules wheel and attrs' wheel from this site,
// one castlerules.playground.Host, JSON requests in and answers out. The page never waits on it:
// a bot that thinks for a second thinks here.
//
// The manifest (../_play/manifest.json, written by the docs build) names the runtime's folder and
// the wheels by the hash of their contents, so a browser may keep them for good. The wheels are
// fetched while the runtime starts; the catalog the menus need is in the manifest, so nothing but
// importing castlerules.playground (and reading the solved tables it names) stands between the
// runtime and "ready".

const base = new URL("../_play/", self.location.href);
let host = null;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: ${response.status}`);
  return response.arrayBuffer();
}

const loaded = (async () => {
  const start = performance.now();
  const manifest = await (await fetch(new URL("manifest.json", base), { cache: "no-cache" })).json();
  const indexURL = new URL(manifest.runtime, base).href;
  const wheels = Promise.all(manifest.wheels.map((w) => fetchBytes(new URL(w, base))));
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  const runtime = performance.now();
  const target = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const bytes of await wheels) pyodide.unpackArchive(bytes, "wheel", { extractDir: target });
  const unpacked = performance.now();
  pyodide.runPython("import importlib; importlib.invalidate_caches()\n" +
    "from castlerules.playground import Host\n_castlerules_host = Host()");
  host = pyodide.globals.get("_castlerules_host");
  // solved tables the site ships (a small endgame): a view then carries each seat's chance
  for (const table of manifest.tables || []) {
    const text = new TextDecoder().decode(await fetchBytes(new URL(table, base)));
    host.handle(JSON.stringify({ cmd: "table", args: { text } }));
  }
  const end = performance.now();
  return {
    ms: Math.round(end - start), pyodide: manifest.pyodide,
    phases: { runtime: Math.round(runtime - start), wheels: Math.round(unpacked - runtime), imports: Math.round(end - unpacked) },
  };
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
