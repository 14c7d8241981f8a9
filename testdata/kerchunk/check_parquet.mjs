// Check Parquet reference sets written by `zcodec refs --format parquet`
// with an independent Parquet reader (hyparquet, with hyparquet-compressors
// for zstd), reading them as fsspec's LazyReferenceMapper does, against the
// same sets written as kerchunk JSON.
//
//     NODE_PATH=DIR/node_modules node testdata/kerchunk/check_parquet.mjs MANIFEST.json
//
// MANIFEST is a JSON list of {"parquet": DIR, "json": FILE}. For every key
// of the JSON set: a metadata key must be in .zmetadata's "metadata" with
// the same JSON value; a chunk key "<field>/i.j.k" is looked up as fsspec
// does, in row (C-order chunk number) % record_size of
// <field>/refs.<chunk number / record_size>.parq: raw if not null, else
// [path] when offset and size are 0, else [path, offset, size]. Every row
// that holds a reference must be a key of the JSON set (nothing extra).
// Prints one line a case and "cases: N ok, N failed"; exits 1 on failure.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.env.NODE_PATH || ".", "x"));
const { parquetReadObjects } = await import(require.resolve("hyparquet"));
const { compressors } = await import(require.resolve("hyparquet-compressors"));

function b64(s) {
  return s.startsWith("base64:") ? Buffer.from(s.slice(7), "base64") : Buffer.from(s, "utf8");
}

function canon(v) {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === "object") {
    const o = {};
    for (const k of Object.keys(v).sort()) o[k] = canon(v[k]);
    return o;
  }
  return v;
}

async function readRecord(file) {
  const buf = fs.readFileSync(file);
  const ab = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
  // utf8: false keeps unannotated byte arrays (raw) as bytes; path is
  // annotated STRING and still read as text.
  return parquetReadObjects({ file: ab, compressors, utf8: false });
}

async function checkCase(c) {
  const problems = [];
  const refs = JSON.parse(fs.readFileSync(c.json, "utf8")).refs;
  const zm = JSON.parse(fs.readFileSync(path.join(c.parquet, ".zmetadata"), "utf8"));
  const rs = zm.record_size;
  const records = new Map();
  const grids = {};
  for (const [k, v] of Object.entries(zm.metadata)) {
    if (k.endsWith("/.zarray")) {
      const za = v;
      const g = za.shape.map((s, i) => Math.ceil(s / za.chunks[i]));
      grids[k.slice(0, -8)] = g.length ? g : [1];
    }
  }
  const record = async (field, n) => {
    const key = field + "/" + n;
    if (!records.has(key)) {
      const f = path.join(c.parquet, field, `refs.${n}.parq`);
      records.set(key, fs.existsSync(f) ? await readRecord(f) : null);
    }
    return records.get(key);
  };
  let chunks = 0;
  for (const [k, v] of Object.entries(refs)) {
    if (k.startsWith(".z") || k.includes("/.z")) {
      if (!(k in zm.metadata)) problems.push(`${k}: not in .zmetadata`);
      else if (JSON.stringify(canon(zm.metadata[k])) !== JSON.stringify(canon(JSON.parse(b64(v).toString("utf8")))))
        problems.push(`${k}: .zmetadata holds another document`);
      continue;
    }
    const i = k.lastIndexOf("/");
    const field = k.slice(0, i);
    const g = grids[field];
    if (!g) { problems.push(`${k}: no .zarray for ${field}`); continue; }
    const idx = k.slice(i + 1).split(".").map(Number);
    let n = 0;
    idx.forEach((v, d) => { n = n * g[d] + v; });
    const rows = await record(field, Math.floor(n / rs));
    const row = rows && rows[n % rs];
    if (!row) { problems.push(`${k}: no row`); continue; }
    chunks++;
    let got;
    if (row.raw !== null && row.raw !== undefined) got = Buffer.from(row.raw).toString("base64");
    else if (row.path === null || row.path === undefined) got = null;
    else if (Number(row.offset) === 0 && Number(row.size) === 0) got = [row.path];
    else got = [row.path, Number(row.offset), Number(row.size)];
    const want = typeof v === "string" ? b64(v).toString("base64") : v;
    if (JSON.stringify(got) !== JSON.stringify(want)) problems.push(`${k}: ${JSON.stringify(got)}, JSON set ${JSON.stringify(want)}`);
  }
  // Nothing extra: every row holding a reference is a key of the JSON set.
  for (const [key, rows] of records) {
    if (!rows) continue;
    const field = key.slice(0, key.lastIndexOf("/"));
    const n0 = Number(key.slice(key.lastIndexOf("/") + 1)) * rs;
    const g = grids[field];
    const total = g.reduce((a, b) => a * b, 1);
    if (rows.length !== rs) problems.push(`${key}: ${rows.length} rows, not record_size ${rs}`);
    rows.forEach((row, r) => {
      const n = n0 + r;
      const held = (row.raw !== null && row.raw !== undefined) || (row.path !== null && row.path !== undefined);
      if (!held) return;
      if (n >= total) { problems.push(`${key}: row ${r} past the grid holds a reference`); return; }
      const idx = [];
      let m = n;
      for (let d = g.length - 1; d >= 0; d--) { idx[d] = m % g[d]; m = Math.floor(m / g[d]); }
      const ck = field + "/" + idx.join(".");
      if (!(ck in refs)) problems.push(`${ck}: in the Parquet set only`);
    });
  }
  return { problems, chunks };
}

const cases = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
let ok = 0, failed = 0;
for (const c of cases) {
  const { problems, chunks } = await checkCase(c);
  if (problems.length) {
    failed++;
    console.log(`FAIL ${c.parquet}:`);
    for (const p of problems.slice(0, 20)) console.log("    " + p);
  } else {
    ok++;
    console.log(`ok   ${path.basename(c.parquet)}: ${chunks} chunks`);
  }
}
console.log(`cases: ${ok} ok, ${failed} failed`);
process.exit(failed ? 1 : 0);
