// Opens a Zarr v3 hierarchy with zarrita.js through the consolidated
// metadata of its root group's zarr.json alone, and prints, as one JSON
// object, the nodes it lists ("path:kind", sorted) and each array's shape,
// data type and values (the decoded bytes in hex, little-endian, C order).
//
//   node read_consolidated.mjs STORE_DIR
//
// Used by zarr's Consolidate test; install with
// `npm ci --prefix testdata/zarrita`.
import * as zarr from "zarrita";
import { FileSystemStore } from "@zarrita/storage";

const [dir] = process.argv.slice(2);
const store = await zarr.withConsolidatedMetadata(new FileSystemStore(dir), { format: "v3" });
const nodes = store.contents();
const out = { nodes: nodes.map((n) => `${n.path}:${n.kind}`).sort(), arrays: {} };
for (const n of nodes) {
  if (n.kind !== "array") continue;
  try {
    const arr = await zarr.open(zarr.root(store).resolve(n.path), { kind: "array" });
    const chunk = await zarr.get(arr);
    const data = chunk.data;
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    out.arrays[n.path] = { shape: chunk.shape, dtype: arr.dtype, hex: bytes.toString("hex") };
  } catch (err) {
    out.arrays[n.path] = { error: String(err && err.stack ? err.stack : err) };
  }
}
process.stdout.write(JSON.stringify(out) + "\n");
