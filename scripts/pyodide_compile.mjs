#!/usr/bin/env node
// Compile Python for the browser with the browser's own Python: boots the pinned Pyodide (npm package)
// under Node and runs scripts/pyodide_compile.py inside it. Called by scripts/build_vendor.py.
//
//     node scripts/pyodide_compile.mjs JOB.json
//
// JOB.json: {"indexURL": ".../node_modules/pyodide/", "stdlib_in": FILE, "stdlib_out": FILE,
//            "imports": [...], "game": [[ARCNAME, FILE], ...], "game_out": FILE}
// Files are copied into Pyodide's memory file system and the results copied back out; prints the
// report of pyodide_compile.py as JSON on stdout.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(job.indexURL, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: job.indexURL, stdout: (s) => process.stderr.write(s + "\n") });
const FS = py.FS;
for (const dir of ["/build", "/build/src", "/build/out"]) FS.mkdirTree(dir);

const inner = { imports: job.imports || [], optimize: job.optimize || 0, game: [] };
if (job.stdlib_in) {
  FS.writeFile("/build/python_stdlib.zip", readFileSync(job.stdlib_in));
  inner.stdlib_in = "/build/python_stdlib.zip";
  inner.stdlib_out = "/build/out/python_stdlib.zip";
}
(job.game || []).forEach(([arcname, file], i) => {
  FS.writeFile(`/build/src/${i}`, readFileSync(file));
  inner.game.push([arcname, `/build/src/${i}`]);
});
if (job.game_out) inner.game_out = "/build/out/game.zip";
FS.writeFile("/build/job.json", JSON.stringify(inner));

try {
  py.runPython(readFileSync(join(here, "pyodide_compile.py"), "utf8"), { filename: "pyodide_compile.py" });
} catch (err) {
  process.stderr.write(String(err.message || err) + "\n");
  process.exit(1);
}
if (job.stdlib_out) writeFileSync(job.stdlib_out, FS.readFile(inner.stdlib_out));
if (job.game_out) writeFileSync(job.game_out, FS.readFile(inner.game_out));
process.stdout.write(FS.readFile("/build/out/report.json", { encoding: "utf8" }) + "\n");
