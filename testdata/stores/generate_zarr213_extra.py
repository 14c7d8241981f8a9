#!/usr/bin/python3
"""Write a zarr 2.13 store (numcodecs 0.11) whose arrays use the codecs and
settings zcodec reads leniently or gained with them: LZMA (xz and .lzma),
Base64, zstd level 100 and lz4 acceleration -1 (which their libraries clamp),
and the values zarr reads from each.

    /usr/bin/python3 testdata/stores/generate_zarr213_extra.py

Output beside this script: zarr213_extra/ (a group with consolidated
metadata) and zarr213_extra.json (per array: path and the whole array as
zarr reads it, C order, little-endian hex).
"""
import json
import os
import shutil

import numpy as np
import zarr
from numcodecs import LZ4, LZMA, Base64, Zstd

here = os.path.dirname(os.path.abspath(__file__))
d = os.path.join(here, "zarr213_extra")
shutil.rmtree(d, ignore_errors=True)
root = zarr.open_group(zarr.DirectoryStore(d), mode="w")
x = np.linspace(0, 6, 40)
f4 = (20 + 10 * np.sin(x)).astype("<f4").reshape(8, 5)
i2 = np.arange(-20, 20, dtype="<i2").reshape(8, 5)
cases = {
    "f4_lzma_xz": (f4, dict(compressor=LZMA())),
    "f4_lzma_alone": (f4, dict(compressor=LZMA(format=2, preset=1))),
    "i2_base64_filter": (i2, dict(filters=[Base64()], compressor=None)),
    "f4_zstd_level100": (f4, dict(compressor=Zstd(level=100))),
    "i2_lz4_accel_minus1": (i2, dict(compressor=LZ4(acceleration=-1))),
}
out = {"zarr": zarr.__version__, "arrays": []}
for name, (data, kw) in cases.items():
    a = root.create_dataset(name, shape=data.shape, chunks=(3, 5), dtype=data.dtype, fill_value=0, **kw)
    a[:] = data
zarr.consolidate_metadata(root.store)
reread = zarr.open_consolidated(zarr.DirectoryStore(d))
for name in cases:
    got = np.ascontiguousarray(reread[name][...])
    out["arrays"].append({"path": name, "hex": got.astype(got.dtype.newbyteorder("<")).tobytes().hex()})
with open(os.path.join(here, "zarr213_extra.json"), "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
