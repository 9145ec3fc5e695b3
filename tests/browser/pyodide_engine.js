// Boots the vendored Pyodide alone; the test sends the engine's files and runs Python.
// A file, not an inline script: the server's Content-Security-Policy allows no inline code.
import { loadPyodide } from "../../static/vendor/pyodide/pyodide.mjs";
window.pyodideReady = loadPyodide({ indexURL: "../../static/vendor/pyodide/" }).then((py) => {
  window.pyodide = py;
  document.getElementById("status").dataset.ready = "true";
  return py.version;
});
