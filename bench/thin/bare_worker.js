// bench/thin/bare_worker.html's boot: this file is both the page's module and its module worker, which
// boots the vendored Pyodide and answers Python's version; the page then sets the ready marker.
if (typeof document === "undefined") {
  const { loadPyodide } = await import("../../static/vendor/pyodide/pyodide.mjs");
  try {
    const pyodide = await loadPyodide();
    postMessage({ version: pyodide.runPython("import sys; sys.version") });
  } catch (err) {
    postMessage({ error: String(err) });
  }
} else {
  const marker = document.getElementById("bare");
  const worker = new Worker(new URL(import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    if (e.data.error) {
      marker.textContent = "Pyodide failed: " + e.data.error;
      marker.dataset.ready = "error";
    } else {
      marker.textContent = e.data.version;
      marker.dataset.ready = "true";
    }
  };
}
