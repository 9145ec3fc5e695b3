// A module worker that boots the vendored Pyodide, as the page's solver worker does, and runs the Python
// it is sent beside the engine's files: bench/bench_solver_pyodide.py --where worker measures the solver
// off the main thread, where the page runs it.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const ready = loadPyodide({ indexURL: "../static/vendor/pyodide/" });

self.onmessage = async ({ data: { files, code } }) => {
  try {
    const py = await ready;
    py.FS.mkdirTree("/home/pyodide/canfield");
    for (const [path, text] of Object.entries(files)) py.FS.writeFile("/home/pyodide/" + path, text);
    py.runPython('import sys; sys.path.insert(0, "/home/pyodide")');
    self.postMessage({ version: py.runPython("import sys; sys.version.split()[0]"), text: py.runPython(code) });
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
