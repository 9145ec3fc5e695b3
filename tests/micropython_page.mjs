// The page's Python modules under MicroPython itself, for tests/micropython_page.py: the vendored
// static/vendor/micropython/micropython.mjs (the page's own runtime) runs the compiled modules the page
// fetches (static/vendor/mpy/**.mpy, scripts/build_vendor.py) and tests/page_calls.py, and answers one
// JSON request a line on stdin with one JSON line on stdout: {"fn": name, "args": [...]} ->
// page_calls.call's answer. Python's own prints go to stderr.
//
//   node tests/micropython_page.mjs <micropython.mjs> <static/vendor/mpy> <tests/page_calls.py>
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [, , mjs, mpyRoot, calls] = process.argv;
const { loadMicroPython } = await import(pathToFileURL(mjs).href);
const mp = await loadMicroPython({
  stdout: (line) => process.stderr.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(from, to) {
  mp.FS.mkdir(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    if (entry.isDirectory()) copyTree(src, to + "/" + entry.name);
    else if (entry.name.endsWith(".mpy")) mp.FS.writeFile(to + "/" + entry.name, fs.readFileSync(src));
  }
}
copyTree(mpyRoot, "/lib");
mp.FS.writeFile("/lib/page_calls.py", fs.readFileSync(calls));
mp.runPython("import sys\nsys.path.insert(0, '/lib')\nimport page_calls");

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  globalThis.canfieldRequest = line;
  let out;
  try {
    mp.runPython("import js, page_calls\njs.globalThis.canfieldAnswer = page_calls.serve(js.globalThis.canfieldRequest)");
    out = String(globalThis.canfieldAnswer);
  } catch (e) {
    out = JSON.stringify({ crash: String(e).split("\n").slice(-3).join(" ") });
  }
  process.stdout.write(out + "\n");
}
