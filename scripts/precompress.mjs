#!/usr/bin/env node
// Write precompressed copies (FILE.br, FILE.gz) beside every text and wasm file of a built site,
// as static hosts serve them (nginx gzip_static / brotli_static, and scripts/serve.py here).
//
//     node scripts/precompress.mjs DIR [--quiet]
//
// Node's own zlib does both encodings (no package needed). Brotli at its best quality takes
// about half a minute for the 9.6 MB wasm on a 2-core machine, so results are kept in
// node_modules/.cache/canfield-precompress/ by content hash and reused by the next build.
// A copy is only written when it saves at least MIN_SAVING of the file (python_stdlib.zip
// is already deflated: compressing it again saves 2%, and would only cost the host CPU).

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

export const EXTENSIONS = new Set([
  ".html", ".js", ".mjs", ".css", ".json", ".py", ".svg", ".webmanifest", ".txt", ".wasm", ".zip", ".bin",
]);
const MIN_SIZE = 1024;      // below one packet compression gains nothing worth a second file
const MIN_SAVING = 0.05;

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(repo, "node_modules", ".cache", "canfield-precompress");

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

function encode(kind, data) {
  if (kind === "br") {
    return zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
  }
  return zlib.gzipSync(data, { level: 9 });
}

function cached(kind, data) {
  const key = createHash("sha256").update(data).digest("hex");
  const path = join(cacheDir, `${key}.${kind}`);
  if (existsSync(path)) return readFileSync(path);
  const out = encode(kind, data);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(path, out);
  return out;
}

export function precompress(root, log = () => {}) {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const path of walk(root)) {
    if (!EXTENSIONS.has(extname(path))) continue;
    const data = readFileSync(path);
    if (data.length < MIN_SIZE) continue;
    totals.files += 1;
    totals.raw += data.length;
    for (const kind of ["br", "gz"]) {
      const out = cached(kind, data);
      const keep = out.length <= data.length * (1 - MIN_SAVING);
      if (keep) writeFileSync(`${path}.${kind}`, out);
      totals[kind] += keep ? out.length : data.length;
      if (keep) log(`${relative(root, path)}.${kind}: ${data.length} -> ${out.length}`);
    }
  }
  return totals;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const quiet = args.includes("--quiet");
  const root = args.find((a) => !a.startsWith("--"));
  if (!root || !existsSync(root) || !statSync(root).isDirectory()) {
    console.error("precompress: usage: node scripts/precompress.mjs DIR [--quiet]");
    process.exit(2);
  }
  const t = precompress(root, quiet ? () => {} : (m) => console.log(`  ${m}`));
  const mb = (n) => (n / 1e6).toFixed(1);
  console.log(`${root}: ${t.files} files, ${mb(t.raw)} MB raw, ${mb(t.br)} MB as served with brotli, ` +
              `${mb(t.gz)} MB with gzip`);
}
