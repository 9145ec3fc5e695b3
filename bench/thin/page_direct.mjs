// The game's page with its MicroPython started without PyScript, for bench/bench_page.py --pages direct
// (issue 33: what PyScript's own start costs the page's main thread). bench_page.py serves index.html with
// PyScript's scripts taken out and this module in their place (`direct_html`); everything else is the
// game's: the same painter, worker and modules (the compiled .mpy files index.html's config names,
// static/page/main.py), loaded by the vendored micropython.mjs's loadMicroPython() and run with
// runPythonAsync (top-level await, as PyScript runs it). `pyscript.ffi` is MicroPython's jsffi, as in
// PyScript's own package.
import { loadMicroPython } from "../../static/vendor/micropython/micropython.mjs";

const tag = document.querySelector("script[data-mpy-config]");
const config = JSON.parse(tag.dataset.mpyConfig);
const at = (path) => new URL(path, document.baseURI).href;
const files = Object.entries(config.files);
const [mp, main, ...blobs] = await Promise.all([
  loadMicroPython({ url: at(config.interpreter.replace(/\.mjs$/, ".wasm")), stderr: (line) => console.error(line) }),
  fetch(at(tag.dataset.src)).then((r) => r.text()),
  ...files.map(([src]) => fetch(at(src)).then((r) => r.arrayBuffer())),
]);
document.dispatchEvent(new Event("mpy:ready"));
const dirs = new Set(["pyscript"]);
for (const [, target] of files) dirs.add(target.replace(/^\.\//, "").split("/").slice(0, -1).join("/"));
for (const dir of dirs) if (dir) mp.FS.mkdirTree("/" + dir);
files.forEach(([, target], i) => mp.FS.writeFile("/" + target.replace(/^\.\//, ""), new Uint8Array(blobs[i])));
mp.FS.writeFile("/pyscript/__init__.py", "");
mp.FS.writeFile("/pyscript/ffi.py", "from jsffi import create_proxy, to_js\n");
await mp.runPythonAsync(main);
