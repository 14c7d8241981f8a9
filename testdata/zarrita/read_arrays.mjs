// Reads Zarr v3 arrays from a directory store with zarrita.js and prints,
// as one JSON object, each array's shape, data type and values: the bytes
// of the decoded typed array in hex (little-endian, C order), so that the
// comparison with zcodec is exact.
//
//   node read_arrays.mjs STORE_DIR ARRAY_PATH...
//
// Used by codecs/sharding's zarrita test; install with
// `npm ci --prefix testdata/zarrita`.
import * as zarr from "zarrita";
import { FileSystemStore } from "@zarrita/storage";

const [dir, ...paths] = process.argv.slice(2);
const root = zarr.root(new FileSystemStore(dir));
const out = {};
for (const path of paths) {
  try {
    const arr = await zarr.open(root.resolve(path), { kind: "array" });
    const chunk = await zarr.get(arr);
    const data = chunk.data;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    out[path] = { shape: chunk.shape, dtype: arr.dtype, hex: bytes.toString("hex") };
  } catch (err) {
    out[path] = { error: String(err && err.stack ? err.stack : err) };
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
