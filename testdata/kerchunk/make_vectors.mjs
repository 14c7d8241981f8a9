// Writes the Parquet reference set foreign.parq/ with an independent
// Parquet writer (hyparquet-writer 0.17), laid out as fsspec's
// LazyReferenceMapper writes one (columns path, offset, size, raw in that
// order; nulls in path and raw; the last record padded), and foreign.json,
// the same references as kerchunk JSON version 1, which the Go tests
// compare it with.
//
//     npm install hyparquet-writer@0.17.0
//     NODE_PATH=$PWD/node_modules node testdata/kerchunk/make_vectors.mjs
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(path.join(process.env.NODE_PATH || ".", "x"));
const { parquetWriteBuffer } = await import(require.resolve("hyparquet-writer"));

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, "foreign.parq");
fs.rmSync(out, { recursive: true, force: true });

const zarray = (shape, chunks, dtype) => ({
  chunks, compressor: null, dtype, fill_value: 0, filters: null, order: "C", shape, zarr_format: 2,
});
const meta = {
  ".zgroup": { zarr_format: 2 },
  ".zattrs": { title: "written by hyparquet-writer" },
  "a/.zarray": zarray([5, 3], [2, 2], "<i2"),
  "a/.zattrs": { _ARRAY_DIMENSIONS: ["y", "x"] },
  "g/.zgroup": { zarr_format: 2 },
  "g/s/.zarray": zarray([], [], "|u1"),
  "g/s/.zattrs": { _ARRAY_DIMENSIONS: [] },
};
const recordSize = 4;
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, ".zmetadata"), JSON.stringify({ metadata: meta, record_size: recordSize }));

// Rows: [path, offset, size, raw].
const bytes = (a) => Uint8Array.from(a);
const records = {
  "a/refs.0.parq": [
    ["file.h5", 100n, 20n, null],
    [null, 0n, 0n, bytes([1, 2, 3])],
    [null, 0n, 0n, null], // no key: reads as the fill value
    ["s3://bucket/x.h5", 0n, 0n, null], // the whole file
  ],
  "a/refs.1.parq": [
    [null, 0n, 0n, bytes([...Buffer.from("hello")])],
    ["file.h5", 0n, 7n, null],
    [null, 0n, 0n, null], // padding
    [null, 0n, 0n, null],
  ],
  "g/s/refs.0.parq": [
    [null, 0n, 0n, bytes([9])],
    [null, 0n, 0n, null],
    [null, 0n, 0n, null],
    [null, 0n, 0n, null],
  ],
};
for (const [name, rows] of Object.entries(records)) {
  const col = (i) => rows.map((r) => r[i]);
  const buf = parquetWriteBuffer({
    columnData: [
      { name: "path", data: col(0), type: "STRING" },
      { name: "offset", data: col(1), type: "INT64" },
      { name: "size", data: col(2), type: "INT64" },
      { name: "raw", data: col(3), type: "BYTE_ARRAY" },
    ],
  });
  fs.mkdirSync(path.dirname(path.join(out, name)), { recursive: true });
  fs.writeFileSync(path.join(out, name), Buffer.from(buf));
}

const refs = {};
for (const [k, v] of Object.entries(meta)) refs[k] = JSON.stringify(v);
Object.assign(refs, {
  "a/0.0": ["file.h5", 100, 20],
  "a/0.1": "base64:AQID",
  "a/1.1": ["s3://bucket/x.h5"],
  "a/2.0": "hello",
  "a/2.1": ["file.h5", 0, 7],
  "g/s/0": "base64:CQ==",
});
fs.writeFileSync(path.join(here, "foreign.json"), JSON.stringify({ version: 1, refs }, null, 1) + "\n");
