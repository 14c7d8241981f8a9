// zarrita.mjs: zarrita.js as a peer of zcodec's array tests.
//
//   node zarrita.mjs read DIR PATH...   print, per array, what zarrita reads
//   node zarrita.mjs write DIR          write arrays with zarrita into DIR, then
//                                       print what zarrita reads back from them
//
// Output is one JSON document: {"arrays": [{"path", "shape", "data_type",
// "hex"}]}, hex being the whole array in C order, little-endian, as zarrita
// reads it ("strings" instead, the elements, for text arrays); after write, "written" is also the array that the values given
// to zarrita make, computed without it. Install
// zarrita first: npm ci --prefix testdata/zarrita
import * as zarr from "zarrita";
import FileSystemStore from "@zarrita/storage/fs";

function hexOf(data) {
  if (Array.isArray(data) || data.constructor?.name === "BoolArray") {
    return Buffer.from(Array.from(data, (b) => (b ? 1 : 0))).toString("hex");
  }
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("hex");
}

async function readAll(store, paths) {
  const root = zarr.root(store);
  const out = [];
  for (const p of paths) {
    const arr = await zarr.open(root.resolve(p), { kind: "array" });
    const got = await zarr.get(arr);
    if (Array.isArray(got.data) && got.data.every((x) => typeof x === "string")) {
      // text arrays ("string"): the elements themselves
      out.push({ path: p, shape: arr.shape, data_type: arr.dtype, strings: got.data });
      continue;
    }
    out.push({ path: p, shape: arr.shape, data_type: arr.dtype, hex: hexOf(got.data) });
  }
  return out;
}

// laid returns the whole array (C order) that writing data into the box
// [start, start+shape) of an array of the given shape and fill holds: the
// values zarrita was asked to store, computed without zarrita.
function laid(Ctor, arrShape, fill, start, shape, data) {
  const n = arrShape.reduce((a, b) => a * b, 1);
  const out = new Ctor(n).fill(fill);
  const rank = arrShape.length;
  const idx = new Array(rank).fill(0);
  for (let k = 0; k < data.length; k++) {
    let off = 0;
    for (let d = 0; d < rank; d++) off = off * arrShape[d] + start[d] + idx[d];
    out[off] = data[k];
    for (let d = rank - 1; d >= 0; d--) {
      if (++idx[d] < shape[d]) break;
      idx[d] = 0;
    }
  }
  return out;
}

// wave fills n values of a typed array constructor deterministically.
function wave(Ctor, n, scale, offset) {
  const a = new Ctor(n);
  for (let i = 0; i < n; i++) a[i] = Math.round((Math.sin(i / 3) * scale + offset) * 100) / 100;
  return a;
}

async function writeAll(dir) {
  const store = new FileSystemStore(dir);
  const root = zarr.root(store);
  await zarr.create(root, { attributes: { writer: "zarrita" } });
  const cases = [];
  const written = {};

  // float32 with zstd, edge chunks, one region written: absent chunks are fill
  // (zarrita cannot encode gzip or zlib)
  {
    const a = await zarr.create(root.resolve("f4_zstd"), {
      shape: [10, 7], chunkShape: [4, 4], dtype: "float32", fillValue: -1,
      codecs: [{ name: "bytes", configuration: { endian: "little" } }, { name: "zstd", configuration: { level: 5, checksum: false } }],
    });
    const data = wave(Float32Array, 42, 20, 10);
    await zarr.set(a, [zarr.slice(0, 6), null], { data, shape: [6, 7], stride: [7, 1] });
    cases.push("f4_zstd");
    written.f4_zstd = laid(Float32Array, [10, 7], -1, [0, 0], [6, 7], data);
  }
  // int16 big-endian, numcodecs.shuffle and numcodecs.lz4, "." separator
  {
    const a = await zarr.create(root.resolve("i2_shuffle_lz4_dot"), {
      shape: [9], chunkShape: [4], dtype: "int16", fillValue: 7, chunkSeparator: ".",
      codecs: [{ name: "bytes", configuration: { endian: "big" } },
        { name: "numcodecs.shuffle", configuration: { elementsize: 2 } },
        { name: "numcodecs.lz4", configuration: { acceleration: 1 } }],
    });
    const data = wave(Int16Array, 9, 300, -50);
    await zarr.set(a, null, { data, shape: [9], stride: [1] });
    cases.push("i2_shuffle_lz4_dot");
    written.i2_shuffle_lz4_dot = data;
  }
  // float64 3-d with zstd and a checksum, a region in the middle
  {
    const a = await zarr.create(root.resolve("group/f8_zstd_3d"), {
      shape: [4, 5, 6], chunkShape: [2, 2, 4], dtype: "float64", fillValue: 0,
      codecs: [{ name: "bytes", configuration: { endian: "little" } }, { name: "zstd", configuration: { level: 1, checksum: true } }],
    });
    const data = wave(Float64Array, 32, 1000, 0.5);
    await zarr.set(a, [zarr.slice(1, 3), zarr.slice(1, 5), zarr.slice(2, 6)], { data, shape: [2, 4, 4], stride: [16, 4, 1] });
    cases.push("group/f8_zstd_3d");
    written["group/f8_zstd_3d"] = laid(Float64Array, [4, 5, 6], 0, [1, 1, 2], [2, 4, 4], data);
  }
  // uint8 with transpose
  {
    const a = await zarr.create(root.resolve("u1_transpose"), {
      shape: [5, 6], chunkShape: [3, 4], dtype: "uint8", fillValue: 255,
      codecs: [{ name: "transpose", configuration: { order: [1, 0] } }, { name: "bytes" }],
    });
    const data = wave(Uint8Array, 30, 100, 120);
    await zarr.set(a, null, { data, shape: [5, 6], stride: [6, 1] });
    cases.push("u1_transpose");
    written.u1_transpose = data;
  }
  const out = await readAll(store, cases);
  for (const a of out) a.written = hexOf(written[a.path]);
  return out;
}

const [cmd, dir, ...paths] = process.argv.slice(2);
let arrays;
if (cmd === "read") {
  arrays = await readAll(new FileSystemStore(dir), paths);
} else if (cmd === "write") {
  arrays = await writeAll(dir);
} else {
  console.error("usage: node zarrita.mjs read DIR PATH... | write DIR");
  process.exit(2);
}
console.log(JSON.stringify({ arrays }));
