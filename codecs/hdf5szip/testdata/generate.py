#!/usr/bin/python3
"""Writes vectors.json: chunks that libhdf5's szip filter (libaec's szlib
interface) wrote, and the encodings package hdf5szip gives of the same
chunks, each checked by libhdf5.

Run from the module root:

    /usr/bin/python3 codecs/hdf5szip/testdata/generate.py

For each case the script writes a small dataset with h5py (compression
"szip" or the filter set directly, for parameters h5py does not offer), and
records for every chunk the filter wrote:

  raw      the chunk as stored (dsid.read_direct_chunk): HDF5's 4-byte
           little-endian size, then the CCSDS 121 stream
  decoded  the chunk libhdf5 decodes from raw, read in the file's own data
           type (no conversion), so in the file's byte order with any
           padding bits as stored
  go       hdf5szip's encoding of decoded (from szipgo, the Go program
           beside this script), present only where it differs from raw

Every Go encoding is written into a dataset of the same type, chunk shape and
filter with write_direct_chunk and read back through libhdf5; the script
fails unless every one reads back as decoded, and records that in
"go_check". Chunks HDF5 stored without the filter (szip is an optional
filter: HDF5 skips it for a chunk it does not shrink) are not vectors; their
count is recorded.
"""

import base64
import json
import os
import subprocess
import sys

import h5py
import numpy as np
from h5py import h5d, h5p, h5s, h5t, h5z

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

NN, EC, RAW, K13 = h5z.SZIP_NN_OPTION_MASK, h5z.SZIP_EC_OPTION_MASK, 128, 1


def b64(b):
    return base64.b64encode(bytes(b)).decode()


def data(kind, shape, dtype, rng, precision=None):
    """Test data of a kind: smooth, random, zeros, constant, sparse, steps;
    integers in the range of the type, or of its precision when given."""
    dt = np.dtype(dtype)
    n = int(np.prod(shape))
    if dt.kind == "f":
        lo, hi = -1e3, 1e3
    elif precision is not None:
        signed = dt.kind == "i"
        lo = -float(1 << (precision - 1)) if signed else 0.0
        hi = float((1 << (precision - 1)) - 1) if signed else float((1 << precision) - 1)
    else:
        info = np.iinfo(dt)
        lo, hi = float(info.min), float(info.max)
    t = np.arange(n, dtype=np.float64)
    if kind == "smooth":
        mid, amp = (lo + hi) / 2, (hi - lo) / 8
        v = mid + amp * np.sin(2 * np.pi * t / 700) + amp / 20 * np.sin(2 * np.pi * t / 31)
        v += rng.normal(0, amp / 400 + 0.6, n)
    elif kind == "random":
        v = rng.uniform(lo, hi, n)
    elif kind == "zeros":
        v = np.zeros(n)
    elif kind == "constant":
        v = np.full(n, lo + (hi - lo) * 0.7)
    elif kind == "sparse":
        v = np.zeros(n)
        idx = rng.choice(n, max(1, n // 40), replace=False)
        v[idx] = rng.uniform(lo / 4, hi / 4, len(idx))
    elif kind == "steps":  # long runs of equal values: zero blocks under nn
        v = np.repeat(rng.uniform(lo / 2, hi / 2, n // 300 + 1), 300)[:n]
    else:
        raise ValueError(kind)
    if dt.kind != "f":
        v = np.clip(np.round(v), lo, hi)
    return v.astype(dt).reshape(shape)


def filter_of(dset):
    plist = dset.id.get_create_plist()
    for i in range(plist.get_nfilters()):
        code, flags, cd, name = plist.get_filter(i)
        if code == h5z.FILTER_SZIP:
            return [int(x) for x in cd]
    raise RuntimeError("no szip filter")


def read_as_stored(dset, shape, tid):
    """Reads a whole dataset in its file type, without conversion."""
    buf = np.empty(int(np.prod(shape)) * tid.get_size(), dtype=np.uint8)
    dset.id.read(h5s.create_simple(tuple(shape)), h5s.ALL, buf, mtype=tid)
    return buf.tobytes()


def one_chunk_dataset(f, name, tid, chunks, cd_user):
    """A dataset that is one chunk of the given shape, with the szip filter
    given the user parameters [options_mask, pixels_per_block]."""
    dcpl = h5p.create(h5p.DATASET_CREATE)
    dcpl.set_chunk(tuple(chunks))
    dcpl.set_filter(h5z.FILTER_SZIP, h5z.FLAG_OPTIONAL, tuple(cd_user))
    sid = h5s.create_simple(tuple(chunks))
    return h5py.Dataset(h5d.create(f.id, name.encode(), tid, sid, dcpl=dcpl))


def write_case(f, case, rng):
    """Writes a case's dataset and returns its vector entry."""
    name, dtype, shape, chunks = case["name"], case["dtype"], case["shape"], case["chunks"]
    mask, ppb = case["mask"], case["ppb"]
    tid = h5t.py_create(np.dtype(dtype)).copy()
    if "precision" in case:
        tid.set_precision(case["precision"])
    dcpl = h5p.create(h5p.DATASET_CREATE)
    dcpl.set_chunk(tuple(chunks))
    if case.get("direct"):
        dcpl.set_filter(h5z.FILTER_SZIP, h5z.FLAG_OPTIONAL, (mask | RAW | K13, ppb))
    else:
        dcpl.set_szip(mask, ppb)
    sid = h5s.create_simple(tuple(shape))
    dset = h5py.Dataset(h5d.create(f.id, name.encode(), tid, sid, dcpl=dcpl))
    dset[...] = data(case["kind"], shape, dtype, rng, case.get("precision"))
    cd = filter_of(dset)

    # libhdf5 decodes each raw chunk in a one-chunk dataset of the same
    # type, chunk shape and filter.
    probe = one_chunk_dataset(f, name + "_probe", tid, chunks, (mask | RAW | K13, ppb))
    if filter_of(probe) != cd:
        raise RuntimeError(f"{name}: probe cd_values {filter_of(probe)} != {cd}")
    entry = {
        "name": name, "dtype": dtype, "shape": list(shape), "chunk_shape": list(chunks),
        "kind": case["kind"], "cd_values": cd, "chunks": [], "unfiltered_chunks": 0,
    }
    if "precision" in case:
        entry["precision"] = case["precision"]
    zero = (0,) * len(chunks)
    for i in range(dset.id.get_num_chunks()):
        info = dset.id.get_chunk_info(i)
        mask_, raw = dset.id.read_direct_chunk(info.chunk_offset)
        if mask_ != 0:
            entry["unfiltered_chunks"] += 1
            continue
        probe.id.write_direct_chunk(zero, raw)
        decoded = read_as_stored(probe, chunks, tid)
        entry["chunks"].append({"offset": list(info.chunk_offset), "raw": raw, "decoded": decoded})
    entry["_tid"], entry["_probe"] = tid, probe
    return entry


def cases():
    """The case list: every data type in both byte orders and both options,
    then the parameters and data that exercise particular paths."""
    out = []
    ppbs = [8, 16, 32, 10, 8, 32, 16, 4]
    kinds = ["smooth", "random", "sparse", "steps", "smooth", "constant"]
    i = 0
    for base in ["i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", "f4", "f8"]:
        for order in (["<", ">"] if base[1] != "1" else ["|"]):
            for opt in ["nn", "ec"]:
                dt = order + base if order != "|" else base
                size = np.dtype(dt).itemsize
                n = 1024 // size  # 1 KiB chunks, the second an edge chunk
                out.append({
                    "name": f"{dt.replace('<', 'le_').replace('>', 'be_')}_{opt}_{i}",
                    "dtype": dt, "shape": [n + n // 3], "chunks": [n],
                    "mask": NN if opt == "nn" else EC, "ppb": ppbs[i % len(ppbs)],
                    "kind": kinds[i % len(kinds)],
                })
                i += 1
    # 2-D chunks with edge chunks; a last dimension that is not a multiple
    # of the block size (padded scanlines), one shorter than a block (the
    # scanline becomes the chunk), one longer than 4096 (128 blocks).
    out += [
        {"name": "2d_edges_i2_nn", "dtype": "<i2", "shape": [45, 70], "chunks": [20, 30], "mask": NN, "ppb": 16, "kind": "smooth"},
        {"name": "2d_edges_f4_ec", "dtype": ">f4", "shape": [33, 50], "chunks": [16, 20], "mask": EC, "ppb": 8, "kind": "smooth"},
        {"name": "2d_narrow_u2_nn", "dtype": "<u2", "shape": [300, 5], "chunks": [200, 5], "mask": NN, "ppb": 16, "kind": "smooth"},
        {"name": "long_scanline_u1_ec", "dtype": "u1", "shape": [4200], "chunks": [4200], "mask": EC, "ppb": 32, "kind": "sparse"},
        {"name": "3d_f8_nn", "dtype": "<f8", "shape": [4, 10, 13], "chunks": [3, 10, 13], "mask": NN, "ppb": 16, "kind": "smooth"},
        # zero blocks: long runs (remainder of segment), runs across segments
        {"name": "zeros_i4_nn", "dtype": "<i4", "shape": [2048], "chunks": [2048], "mask": NN, "ppb": 8, "kind": "zeros"},
        {"name": "zeros_u2_ec", "dtype": ">u2", "shape": [2500], "chunks": [2500], "mask": EC, "ppb": 16, "kind": "zeros"},
        {"name": "constant_i2_nn", "dtype": "<i2", "shape": [2000], "chunks": [2000], "mask": NN, "ppb": 32, "kind": "constant"},
        {"name": "steps_u1_nn", "dtype": "u1", "shape": [3000], "chunks": [3000], "mask": NN, "ppb": 8, "kind": "steps"},
        {"name": "sparse_i2_ec", "dtype": "<i2", "shape": [2000], "chunks": [2000], "mask": EC, "ppb": 8, "kind": "sparse"},
        # block sizes h5py does not offer, through the filter itself
        {"name": "ppb2_i2_nn", "dtype": "<i2", "shape": [700], "chunks": [700], "mask": NN, "ppb": 2, "kind": "smooth", "direct": True},
        {"name": "ppb64_i2_nn", "dtype": "<i2", "shape": [2000], "chunks": [2000], "mask": NN, "ppb": 64, "kind": "smooth", "direct": True},
        {"name": "ppb64_u1_ec", "dtype": "u1", "shape": [4500], "chunks": [4500], "mask": EC, "ppb": 64, "kind": "sparse", "direct": True},
        # reduced precision: bits_per_pixel below the type's size
        {"name": "prec12_i2_nn", "dtype": "<i2", "shape": [1000], "chunks": [1000], "mask": NN, "ppb": 16, "kind": "smooth", "precision": 12},
        {"name": "prec7_u1_ec", "dtype": "u1", "shape": [1500], "chunks": [1500], "mask": EC, "ppb": 8, "kind": "smooth", "precision": 7},
        {"name": "prec20_i4_nn", "dtype": ">i4", "shape": [600], "chunks": [600], "mask": NN, "ppb": 32, "kind": "smooth", "precision": 20},
        {"name": "prec24_u4_ec", "dtype": "<u4", "shape": [600], "chunks": [600], "mask": EC, "ppb": 16, "kind": "random", "precision": 24},
        {"name": "prec40_i8_nn", "dtype": "<i8", "shape": [300], "chunks": [300], "mask": NN, "ppb": 8, "kind": "smooth", "precision": 40},
    ]
    return out


def go_encode(entries):
    reqs = []
    for e in entries:
        for c in e["chunks"]:
            reqs.append({"op": "encode", "cd_values": e["cd_values"], "data": b64(c["decoded"])})
    out = subprocess.run(["go", "run", "./codecs/hdf5szip/testdata/szipgo"], cwd=ROOT,
                         input=json.dumps(reqs).encode(), capture_output=True, check=True).stdout
    res = iter(json.loads(out))
    for e in entries:
        for c in e["chunks"]:
            r = next(res)
            if "error" in r:
                raise RuntimeError(f"{e['name']}: Go encode: {r['error']}")
            c["go"] = base64.b64decode(r["data"])


def main():
    rng = np.random.default_rng(20240607)
    path = os.path.join(HERE, "scratch.h5")
    with h5py.File(path, "w") as f:
        entries = [write_case(f, c, rng) for c in cases()]
        go_encode(entries)
        checked = identical = 0
        for e in entries:
            for c in e["chunks"]:
                e["_probe"].id.write_direct_chunk((0,) * len(e["chunk_shape"]), c["go"])
                back = read_as_stored(e["_probe"], e["chunk_shape"], e["_tid"])
                if back != c["decoded"]:
                    sys.exit(f"{e['name']} chunk {c['offset']}: libhdf5 decodes the Go encoding differently")
                checked += 1
                identical += c["go"] == c["raw"]
    os.remove(path)
    total_raw = sum(len(c["raw"]) for e in entries for c in e["chunks"])
    total_go = sum(len(c["go"]) for e in entries for c in e["chunks"])
    doc = {
        "generator": "codecs/hdf5szip/testdata/generate.py",
        "h5py": h5py.version.version, "hdf5": h5py.version.hdf5_version,
        "szip_filter_config": h5z.get_filter_info(h5z.FILTER_SZIP),
        "go_check": {
            "chunks": checked, "identical_to_libaec": identical,
            "libhdf5_decodes_all": True, "libaec_bytes": total_raw, "go_bytes": total_go,
        },
        "cases": [],
    }
    for e in entries:
        for k in ["_tid", "_probe"]:
            del e[k]
        for c in e["chunks"]:
            same = c["go"] == c["raw"]
            c["raw"], c["decoded"] = b64(c["raw"]), b64(c["decoded"])
            c["go"] = None if same else b64(c["go"])
        doc["cases"].append(e)
    with open(os.path.join(HERE, "vectors.json"), "w") as out:
        json.dump(doc, out, indent=1)
        out.write("\n")
    print(f"{len(entries)} cases, {checked} chunks, {identical} Go encodings identical to libaec's; "
          f"libaec {total_raw} bytes, Go {total_go} bytes")


if __name__ == "__main__":
    main()
