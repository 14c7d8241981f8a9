// Write a Zarr v3 float32 array with zarrita.js and the codec list
// [{"name": "bytes"}], which zarrita writes as given (no "endian") and reads
// as little-endian, and record the values zarrita reads back. Run it from a
// directory whose node_modules holds zarrita 0.7.5 and
// @zarrita/storage (npm ci --prefix testdata/zarrita), e.g.
//   cp testdata/stores/generate_zarrita_noendian.mjs testdata/zarrita/ &&
//   node testdata/zarrita/generate_zarrita_noendian.mjs testdata/stores/zarrita_noendian
import * as zarr from "zarrita";
import FileSystemStore from "@zarrita/storage/fs";
import * as fs from "node:fs";
import * as path from "node:path";

const dir = process.argv[2];
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const root = zarr.root(new FileSystemStore(dir));
const a = await zarr.create(root.resolve("f4"), {
  shape: [6], chunkShape: [3], dtype: "float32", fillValue: 0, codecs: [{ name: "bytes" }],
});
const data = new Float32Array([1.5, -2.25, 3.125, 1e-3, 65504, -0.0]);
await zarr.set(a, null, { data, shape: [6], stride: [1] });
const back = await zarr.get(await zarr.open(root.resolve("f4"), { kind: "array" }));
const hex = Buffer.from(back.data.buffer, back.data.byteOffset, back.data.byteLength).toString("hex");
fs.writeFileSync(path.join(dir, "expected.json"), JSON.stringify({ zarrita: "0.7.5", path: "f4", hex }, null, 1) + "\n");
