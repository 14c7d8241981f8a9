#!/usr/bin/python3
"""Generate HDF5 raw-chunk vectors for zcodec's bytes->bytes codecs.

Run with Debian's interpreter and packages (python3-h5py, python3-numpy,
hdf5-filter-plugin for the bzip2 filter 307):

    /usr/bin/python3 testdata/hdf5chunks/gen_hdf5.py

For each case it writes a chunked dataset with HDF5's own filters, reads
every chunk back raw with read_direct_chunk (the filtered bytes as stored
in the file), and records them with the decoded chunk (little-endian
elements) and the Zarr v3 codec chain that should decode them, after a
bytes codec with the dataset's byte order ("endian"):

    HDF5 shuffle (2)  -> numcodecs.shuffle {"elementsize": element size}
    HDF5 deflate (1)  -> numcodecs.zlib {"level": level}
    HDF5 bzip2 (307)  -> numcodecs.bz2 {"level": level}

Outputs: chunks.json and *.bin beside this script.
"""
import hashlib
import json
import os
import tempfile

import h5py
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
os.environ.setdefault("HDF5_PLUGIN_PATH", "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins")

files = {}
cases = []


def save(data):
    name = hashlib.sha256(data).hexdigest()[:16] + ".bin"
    files[name] = bytes(data)
    return name


def field(dtype, n, seed):
    rng = np.random.default_rng(seed)
    x = np.linspace(0, 12, n)
    if np.dtype(dtype).kind == "f":
        a = 273.15 + 20 * np.sin(x) + rng.normal(0, 0.05, n)
    else:
        a = 1000 * np.sin(x) + rng.integers(-3, 4, n)
    return a.astype(dtype)


def case(name, dtype, n, chunk, kwargs, chain):
    data = field(dtype, n, len(cases))
    path = os.path.join(tempfile.mkdtemp(), "t.h5")
    with h5py.File(path, "w") as f:
        ds = f.create_dataset("x", data=data, chunks=(chunk,), **kwargs)
        pipeline = [list(ds.id.get_create_plist().get_filter(i)[:3]) for i in range(ds.id.get_create_plist().get_nfilters())]
    with h5py.File(path, "r") as f:
        ds = f["x"]
        chunks = []
        for i in range(n // chunk):
            mask, raw = ds.id.read_direct_chunk((i * chunk,))
            assert mask == 0, "a filter was skipped"
            dec = data[i * chunk:(i + 1) * chunk].astype("<" + np.dtype(dtype).str[1:]).tobytes()
            chunks.append({"raw": save(raw), "decoded": save(dec)})
    cases.append({
        "name": name, "dtype": np.dtype(dtype).name, "chunk_elements": chunk,
        "endian": "big" if np.dtype(dtype).byteorder == ">" else "little",
        "hdf5_filters": [[fid, flags, [int(v) for v in cd]] for fid, flags, cd in pipeline],
        "codecs": chain, "chunks": chunks,
    })


shuf = lambda es: {"name": "numcodecs.shuffle", "configuration": {"elementsize": es}}
zl = lambda lvl: {"name": "numcodecs.zlib", "configuration": {"level": lvl}}
bz = lambda lvl: {"name": "numcodecs.bz2", "configuration": {"level": lvl}}

case("f4-shuffle-deflate4", "<f4", 4096, 1024, dict(shuffle=True, compression="gzip", compression_opts=4), [shuf(4), zl(4)])
case("f8-shuffle-deflate9", "<f8", 2048, 512, dict(shuffle=True, compression="gzip", compression_opts=9), [shuf(8), zl(9)])
case("i2-deflate1", "<i2", 3000, 1000, dict(compression="gzip", compression_opts=1), [zl(1)])
case("f4-be-shuffle-deflate6", ">f4", 2048, 1024, dict(shuffle=True, compression="gzip", compression_opts=6), [shuf(4), zl(6)])
case("f4-bzip2-9", "<f4", 4096, 2048, dict(compression=307, compression_opts=(9,)), [bz(9)])
case("f8-shuffle-bzip2-1", "<f8", 2048, 1024, dict(shuffle=True, compression=307, compression_opts=(1,)), [shuf(8), bz(1)])

for f in os.listdir(HERE):
    if f.endswith(".bin"):
        os.remove(os.path.join(HERE, f))
for name, data in files.items():
    with open(os.path.join(HERE, name), "wb") as fh:
        fh.write(data)
with open(os.path.join(HERE, "chunks.json"), "w") as fh:
    json.dump({"generator": "gen_hdf5.py", "h5py": h5py.__version__, "hdf5": h5py.version.hdf5_version,
               "cases": cases}, fh, indent=1)
    fh.write("\n")
print(len(cases), "cases,", len(files), "files,", sum(map(len, files.values())), "bytes")
