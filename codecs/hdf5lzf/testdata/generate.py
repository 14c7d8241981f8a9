#!/usr/bin/python3
"""Write testdata/vectors.json for package hdf5lzf, and check the chunks the
Go encoder wrote (testdata/encoded.json) with HDF5.

Run from the package directory with Debian bookworm's python3-h5py 3.7
(HDF5 1.10.8; h5py registers its LZF filter, id 32000, itself) and
python3-numpy:

    /usr/bin/python3 testdata/generate.py             # writes vectors.json
    go test -run TestEncoded -write-encoded .          # writes encoded.json
    /usr/bin/python3 testdata/generate.py --verify    # checks encoded.json

vectors.json: datasets written by h5py with compression="lzf" (smooth and
random data, several element sizes, edge chunks, long runs). For each
chunk: its bytes as stored (read_direct_chunk), its filter_mask, and the
bytes HDF5 decodes it to: the chunk is written again with
write_direct_chunk into a one-chunk dataset of the chunk's shape with the
LZF filter and read back whole, so that the padding of edge chunks is
HDF5's too. The filter's cd_values are those stored in the file. A chunk
LZF does not shrink is stored unfiltered with bit 0 of its filter_mask set
(the filter is optional): its raw bytes are the decoded bytes.

encoded.json holds, for each chunk of vectors.json that went through the
filter (and for the random ones that did not), the Go encoder's LZF stream
of its decoded bytes. --verify writes each into a one-chunk dataset with the
LZF filter (write_direct_chunk, filter_mask 0) and reads it back through
HDF5: every chunk must decode to its decoded bytes; each is then marked
with what checked it.
"""
import argparse
import base64
import json
import os

import h5py
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(32000)


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
    else:
        v = np.round(v, 2)
    return v.astype(dt)


def noise(n, dtype):
    dt = np.dtype(dtype)
    return np.frombuffer(rng.bytes(n * dt.itemsize), dtype=dt).copy()


def memfile(name):
    return h5py.File(name, "w", driver="core", backing_store=False)


def hdf5_decode(raw, mask, dtype, chunk_shape):
    """The bytes HDF5 decodes one stored chunk to. A chunk that skipped the
    filter (mask 1) goes into a dataset without it: h5py 3.7 with HDF5
    1.10.8 stores a direct chunk's filter_mask as 0 whatever it is given."""
    kw = {} if mask & 1 else {"compression": "lzf"}
    with memfile("decode.h5") as f:
        ds = f.create_dataset("d", shape=tuple(chunk_shape), dtype=dtype, chunks=tuple(chunk_shape), **kw)
        ds.id.write_direct_chunk((0,) * len(chunk_shape), bytes(raw))
        return ds[...].tobytes()


def case(name, data, chunks, note=""):
    with memfile(name + ".h5") as f:
        ds = f.create_dataset("d", data=data, chunks=chunks, compression="lzf")
        code, flags, cd, _ = ds.id.get_create_plist().get_filter(0)
        out = []
        for idx in np.ndindex(*[-(-s // c) for s, c in zip(data.shape, chunks)]):
            offset = tuple(i * c for i, c in zip(idx, chunks))
            mask, raw = ds.id.read_direct_chunk(offset)
            dec = hdf5_decode(raw, mask, data.dtype, chunks)
            out.append({"index": list(idx), "filter_mask": int(mask), "raw": b64(raw), "decoded": b64(dec)})
    return {"name": name, "dtype": data.dtype.str, "element_size": data.dtype.itemsize, "chunk_shape": list(chunks),
            "filter": {"id": int(code), "flags": int(flags), "cd_values": [int(x) for x in cd]}, "note": note,
            "chunks": out}


def runs(n):
    """Bytes with runs of every length up to 600 and repeats up to 9000
    bytes back: back references of every length and offset range."""
    out = bytearray()
    while len(out) < n:
        k = int(rng.integers(1, 600))
        if rng.random() < 0.3 and len(out) > 10000:
            at = int(rng.integers(len(out) - 9000, len(out) - k))
            out += out[at:at + k]
        elif rng.random() < 0.5:
            out += bytes([int(rng.integers(256))]) * k
        else:
            out += rng.bytes(min(k, 40))
    return np.frombuffer(bytes(out[:n]), dtype="u1").copy()


def generate():
    cases = [
        case("f4_smooth", smooth(5000, "<f4"), (2048,), note="an edge chunk"),
        case("f8_smooth", smooth(1500, "<f8"), (1000,)),
        case("i2_2d", smooth(37 * 29, "<i2").reshape(37, 29), (16, 16), note="2-D, edge chunks"),
        case("u1_runs", runs(24000), (12000,), note="runs and repeats"),
        case("u8_counter", np.arange(1500, dtype="<u8"), (1500,)),
        case("u4_noise", noise(1000, "<u4"), (1000,), note="incompressible: stored unfiltered, filter_mask 1"),
        case("s5_text", np.array([b"lzf%02d" % (i % 100) for i in range(999)], dtype="S5"), (999,), note="5-byte strings"),
        case("u1_zeros", np.zeros(20000, dtype="u1"), (20000,), note="one long run"),
        case("f4_tiny", np.array([1.5, 1.5, 1.5], dtype="<f4"), (3,), note="three elements"),
    ]
    out = {"generator": "testdata/generate.py", "h5py": h5py.version.version, "hdf5": h5py.version.hdf5_version,
           "cases": cases}
    with open(os.path.join(HERE, "vectors.json"), "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")


def verify():
    with open(os.path.join(HERE, "vectors.json")) as fh:
        cases = {c["name"]: c for c in json.load(fh)["cases"]}
    path = os.path.join(HERE, "encoded.json")
    with open(path) as fh:
        enc = json.load(fh)
    for e in enc["chunks"]:
        c = cases[e["case"]]
        want = unb64(c["chunks"][e["chunk"]]["decoded"])
        got = hdf5_decode(unb64(e["encoded"]), 0, c["dtype"], c["chunk_shape"])
        if got != want:
            raise SystemExit(f"{e['case']} chunk {e['chunk']}: decodes to other bytes")
        e["verified"] = f"h5py {h5py.version.version}, HDF5 {h5py.version.hdf5_version}, LZF filter"
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
