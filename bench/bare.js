// bench/bare.html's boot (a file, not inline: the server's Content-Security-Policy allows no inline code).
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";
const marker = document.getElementById("bare");
try {
  const pyodide = await loadPyodide();
  marker.textContent = pyodide.runPython("import sys; sys.version");
  marker.dataset.ready = "true";
} catch (err) {
  marker.textContent = "Pyodide failed: " + err;
  marker.dataset.ready = "error";
  console.error(err);
}
