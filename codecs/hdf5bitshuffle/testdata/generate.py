#!/usr/bin/python3
"""Write testdata/vectors.json for package hdf5bitshuffle, and check the
chunks the Go encoder wrote (testdata/encoded.json) with HDF5.

Run from the package directory with Debian bookworm's packages:
python3-h5py 3.7 (HDF5 1.10.8), python3-numpy, python3-hdf5plugin 4.0.1,
python3-numcodecs 0.11, and bitshuffle 0.3.5 (the python3 module and the
HDF5 plugin libh5bshuf.so in /usr/lib/x86_64-linux-gnu/hdf5/serial/plugins):

    /usr/bin/python3 testdata/generate.py             # writes vectors.json
    go test -run TestEncoded -write-encoded .          # writes encoded.json
    /usr/bin/python3 testdata/generate.py --verify    # checks encoded.json

vectors.json holds three kinds of case:

  "hdf5": datasets written by h5py through the bitshuffle HDF5 filter
  (compression none and lz4; several element sizes, block sizes, edge
  chunks, element counts that are not a multiple of 8). For each chunk:
  its bytes as stored (read_direct_chunk), its filter_mask, and the bytes
  HDF5 decodes it to: the chunk is written again with write_direct_chunk
  into a one-chunk dataset of the chunk's shape with the same filter and
  read back whole, so that the padding of edge chunks is HDF5's too. The
  filter's cd_values are those stored in the file.

  "format": zstd chunks. Debian's bitshuffle 0.3.5 predates zstd: its filter
  writes cd_values[4] = 3 but then bit-shuffles without compressing and
  without a header (the "zstd_by_0.3.5" case records such a chunk). These
  chunks are therefore assembled here from the filter's format (see
  doc.go): the header, then for each block its bit transpose by the
  bitshuffle library (bitshuffle.bitshuffle) compressed by libzstd
  (numcodecs.Zstd, one frame) behind a big-endian length, then the trailing
  elements; the decoded bytes are the input.

  "transpose": bitshuffle.bitshuffle on random bytes (the library's bit
  transpose, applied per block with the trailing elements copied).

encoded.json holds, for each chunk of vectors.json, the Go encoder's
encoding of its decoded bytes with the codec FromCDValues gives for the
case's cd_values. --verify writes each into a one-chunk dataset with the
case's filter and cd_values (write_direct_chunk) and reads it back through
HDF5; a zstd chunk, which no HDF5 filter here can read, is decoded from the
format with numcodecs.Zstd and bitshuffle.bitunshuffle instead. Every chunk
must decode to the case's decoded bytes; each is then marked with what
checked it.
"""
import argparse
import base64
import importlib.metadata
import json
import os
import struct
import sys

PLUGINS = "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins"
if os.environ.get("HDF5_PLUGIN_PATH") != PLUGINS:
    os.environ["HDF5_PLUGIN_PATH"] = PLUGINS
    os.execv(sys.executable, [sys.executable] + sys.argv)

import bitshuffle  # noqa: E402
import h5py  # noqa: E402
import hdf5plugin  # noqa: E402
import numcodecs  # noqa: E402
import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
FILTER = 32008
# Debian's bitshuffle module reports its version as "%d.%d.%d"
BSHUF_VERSION = importlib.metadata.version("bitshuffle")
rng = np.random.default_rng(32008)


def b64(b):
    return base64.b64encode(bytes(b)).decode()


def unb64(s):
    return base64.b64decode(s)


def smooth(n, dtype):
    i = np.arange(n)
    v = 273.15 + 20 * np.sin(2 * np.pi * i / 397) + rng.normal(0, 0.05, n)
    dt = np.dtype(dtype)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        v = np.clip(np.round(v * 7 - 1500), info.min, info.max)
    return v.astype(dt)


def noise(n, dtype):
    dt = np.dtype(dtype)
    return np.frombuffer(rng.bytes(n * dt.itemsize), dtype=dt).copy()


def memfile(name):
    return h5py.File(name, "w", driver="core", backing_store=False)


def dcpl_filter(ds):
    code, flags, cd, _ = ds.id.get_create_plist().get_filter(0)
    return {"id": int(code), "flags": int(flags), "cd_values": [int(x) for x in cd]}


def hdf5_decode(raw, mask, dtype, chunk_shape, cd):
    """The bytes HDF5 decodes one stored chunk to: the chunk written into a
    one-chunk dataset with the filter's cd_values, read back whole."""
    with memfile("decode.h5") as f:
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_chunk(tuple(chunk_shape))
        # cd_values[3:] are the user's; set_local writes the first three
        dcpl.set_filter(FILTER, h5py.h5z.FLAG_OPTIONAL, tuple(cd[3:]))
        space = h5py.h5s.create_simple(tuple(chunk_shape))
        tid = h5py.h5t.py_create(np.dtype(dtype))
        dsid = h5py.h5d.create(f.id, b"d", tid, space, dcpl=dcpl)
        dsid.write_direct_chunk((0,) * len(chunk_shape), bytes(raw), filter_mask=mask)
        ds = h5py.Dataset(dsid)
        stored = dcpl_filter(ds)["cd_values"]
        if stored[2:] != cd[2:]:
            raise SystemExit(f"decode dataset has cd_values {stored}, want {cd}")
        return ds[...].tobytes()


def hdf5_case(name, data, chunks, nelems=0, cname="lz4", note=""):
    with memfile(name + ".h5") as f:
        ds = f.create_dataset("d", data=data, chunks=chunks, **hdf5plugin.Bitshuffle(nelems=nelems, cname=cname))
        filt = dcpl_filter(ds)
        out = []
        for idx in np.ndindex(*[-(-s // c) for s, c in zip(data.shape, chunks)]):
            offset = tuple(i * c for i, c in zip(idx, chunks))
            mask, raw = ds.id.read_direct_chunk(offset)
            dec = hdf5_decode(raw, mask, data.dtype, chunks, filt["cd_values"])
            out.append({"index": list(idx), "filter_mask": int(mask), "raw": b64(raw), "decoded": b64(dec)})
    return {"name": name, "source": "hdf5", "dtype": data.dtype.str, "element_size": data.dtype.itemsize,
            "chunk_shape": list(chunks), "filter": filt, "note": note, "chunks": out}


def format_chunk(arr, block, level):
    """A zstd chunk assembled from the filter's format."""
    es = arr.dtype.itemsize
    if block == 0:
        block = max(8192 // es // 8 * 8, 128)
    n = arr.size
    out = struct.pack(">QI", arr.nbytes, block * es)
    at = 0
    zstd = numcodecs.Zstd(level=level)
    while n - at >= 8:
        k = min(block, (n - at) // 8 * 8)
        shuffled = bitshuffle.bitshuffle(arr[at:at + k], k).tobytes()
        comp = zstd.encode(shuffled)
        out += struct.pack(">I", len(comp)) + comp
        at += k
    out += arr[at:].tobytes()
    return out


def format_case(name, arr, block, level, note=""):
    cd = [0, 4, arr.dtype.itemsize, block, 3, level & 0xFFFFFFFF]
    raw = format_chunk(arr, block, level)
    return {"name": name, "source": "format", "dtype": arr.dtype.str, "element_size": arr.dtype.itemsize,
            "chunk_shape": [arr.size], "filter": {"id": FILTER, "flags": 1, "cd_values": cd}, "note": note,
            "chunks": [{"index": [0], "filter_mask": 0, "raw": b64(raw), "decoded": b64(arr.tobytes())}]}


def transpose_cases():
    out = []
    for es in (1, 2, 3, 4, 5, 8, 12, 16):
        for n, block in ((8, 0), (72, 0), (203, 0), (200, 16), (151, 24)):
            raw = rng.bytes(n * es)
            arr = np.frombuffer(raw, dtype=f"V{es}") if es not in (1, 2, 4, 8) else np.frombuffer(raw, dtype=f"u{es}")
            shuffled = bitshuffle.bitshuffle(arr, block).tobytes()
            out.append({"element_size": es, "block": block, "input": b64(raw), "output": b64(shuffled)})
    return out


def generate():
    cases = [
        hdf5_case("f4_smooth_lz4", smooth(3000, "<f4"), (2048,), note="default block (2048 elements), an edge chunk"),
        hdf5_case("f4_smooth_none", smooth(3000, "<f4"), (2048,), cname="none", note="no compression, no header"),
        hdf5_case("u1_noise_lz4", noise(1003, "u1"), (1003,), note="1003 elements: 3 trailing, noise"),
        hdf5_case("u1_smooth_none_b64", smooth(1003, "u1"), (1003,), nelems=64, cname="none"),
        hdf5_case("i2_2d_lz4_b64", smooth(37 * 29, "<i2").reshape(37, 29), (16, 16), nelems=64, note="2-D, edge chunks"),
        hdf5_case("f8_smooth_lz4_b8", smooth(1200, "<f8"), (600,), nelems=8, note="blocks of 8 elements"),
        hdf5_case("u4_noise_none", noise(1500, "<u4"), (1500,), cname="none"),
        hdf5_case("u2_none_b128_1001", smooth(1001, "<u2"), (1001,), nelems=128, cname="none", note="1001 elements: 7 trailing"),
        hdf5_case("s3_lz4_b16", noise(999, "S3"), (999,), nelems=16, note="3-byte elements"),
        hdf5_case("s12_none", noise(300, "S12"), (300,), cname="none", note="12-byte elements, default block 680"),
        hdf5_case("c16_lz4", (smooth(600, "<f8") + 1j * smooth(600, "<f8")).astype("<c16"), (600,),
                  note="16-byte elements: default block 512, one full block"),
        hdf5_case("i8_big_lz4", np.arange(2500, dtype=">i8"), (2500,), note="big-endian elements; 2 full blocks, 448, 4 trailing"),
        hdf5_case("zstd_by_0.3.5", smooth(1000, "<f4"), (1000,), cname="zstd",
                  note="bitshuffle 0.3.5 ignores compression 3: bit shuffle only, no header"),
        format_case("f4_smooth_zstd", smooth(3000, "<f4"), 0, 3, note="assembled from the format"),
        format_case("u1_noise_zstd_b64_1003", noise(1003, "u1"), 64, 1, note="assembled from the format"),
        format_case("f8_zstd_b8_l19", smooth(999, "<f8"), 8, 19, note="assembled from the format"),
        format_case("s3_zstd_neg", noise(515, "S3"), 0, -5, note="assembled from the format; level -5"),
    ]
    out = {
        "generator": "testdata/generate.py",
        "h5py": h5py.version.version, "hdf5": h5py.version.hdf5_version,
        "bitshuffle": BSHUF_VERSION, "numcodecs": numcodecs.__version__,
        "cases": cases, "transpose": transpose_cases(),
    }
    with open(os.path.join(HERE, "vectors.json"), "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")


def format_decode(raw, es, n):
    """Decode a zstd chunk from the format, with libzstd and the bitshuffle
    library."""
    total, block_bytes = struct.unpack(">QI", raw[:12])
    if total != n:
        raise ValueError(f"header total {total}, want {n}")
    block = block_bytes // es
    nel = total // es
    at, pos, out = 0, 12, b""
    zstd = numcodecs.Zstd()
    while nel - at >= 8:
        k = min(block, (nel - at) // 8 * 8)
        (clen,) = struct.unpack(">I", raw[pos:pos + 4])
        shuffled = zstd.decode(raw[pos + 4:pos + 4 + clen])
        arr = np.frombuffer(shuffled, dtype=f"V{es}")
        out += bitshuffle.bitunshuffle(arr, k).tobytes()
        pos += 4 + clen
        at += k
    return out + raw[pos:pos + (nel - at) * es]


def verify():
    with open(os.path.join(HERE, "vectors.json")) as fh:
        cases = {c["name"]: c for c in json.load(fh)["cases"]}
    path = os.path.join(HERE, "encoded.json")
    with open(path) as fh:
        enc = json.load(fh)
    for e in enc["chunks"]:
        case = cases[e["case"]]
        raw, want = unb64(e["encoded"]), unb64(case["chunks"][e["chunk"]]["decoded"])
        cd, es = case["filter"]["cd_values"], case["element_size"]
        if len(cd) > 4 and cd[4] == 3 and case["source"] == "format":
            got = format_decode(raw, es, len(want))
            e["verified"] = f"format: numcodecs {numcodecs.__version__} zstd, bitshuffle {BSHUF_VERSION} bitunshuffle"
        else:
            got = hdf5_decode(raw, 0, case["dtype"], case["chunk_shape"], cd)
            e["verified"] = f"h5py {h5py.version.version}, HDF5 {h5py.version.hdf5_version}, bitshuffle {BSHUF_VERSION} filter"
        if got != want:
            raise SystemExit(f"{e['case']} chunk {e['chunk']}: decodes to other bytes")
    with open(path, "w") as fh:
        json.dump(enc, fh, indent=1)
        fh.write("\n")
    print(f"verified {len(enc['chunks'])} chunks")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--verify", action="store_true")
    if ap.parse_args().verify:
        verify()
    else:
        generate()
