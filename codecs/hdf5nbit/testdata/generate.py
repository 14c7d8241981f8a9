#!/usr/bin/python3
"""Generate vectors.json, the n-bit filter's chunks as HDF5 writes and reads them.

Run from anywhere, with Debian's python3-h5py 3.7 (HDF5 1.10.8) and Go on PATH:

    /usr/bin/python3 codecs/hdf5nbit/testdata/generate.py

Each case is a small dataset made through h5py's low-level API: a copy of
an integer datatype with set_precision and set_offset, and a dataset
creation property list with the n-bit filter (H5Pset_nbit through ctypes:
Debian's h5py 3.7 has no set_nbit). h5py writes the values, which HDF5
converts to the reduced-precision type before the filter runs. For every
stored chunk the vectors hold the filter's cd_values as HDF5 stores them
(read with H5Pget_filter2 through ctypes), the chunk's bytes on disk
(read_direct_chunk), the values h5py reads for its in-extent part with the
dataset's NumPy dtype (HDF5 converts back to the full-width type,
extending the sign of signed types), and the whole chunk as the filter's
encoder takes it: the values, padded with the fill value 0 beyond the
dataset's extent.

Then the Go encoder encodes every chunk (go test -run TestWriteGoEncoded
with -goencoded), and each Go chunk is written with write_direct_chunk into
a dataset of one chunk with the same type and filter and read back with
h5py: the vectors keep the Go bytes and the values HDF5 reads from them.

Two cases of compound and array types keep only their cd_values, to test
how FromCDValues reads such descriptions (the codec refuses to decode
them).

All values are hex of little-endian elements in C order.
"""
import ctypes
import json
import os
import subprocess
import tempfile

import h5py
import numpy as np
from h5py import h5d, h5p, h5s, h5t

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
OUT = os.path.join(HERE, "vectors.json")

hdf5 = ctypes.CDLL("libhdf5_serial.so.103")
rng = np.random.default_rng(20260612)


def cd_values(dcpl):
    flags, n = ctypes.c_uint(), ctypes.c_size_t(256)
    cd, name, config = (ctypes.c_uint * 256)(), ctypes.create_string_buffer(64), ctypes.c_uint()
    fid = hdf5.H5Pget_filter2(ctypes.c_long(dcpl.id), ctypes.c_uint(0), ctypes.byref(flags),
                              ctypes.byref(n), cd, ctypes.c_size_t(64), name, ctypes.byref(config))
    assert fid == 5, fid
    return [int(v) for v in cd[: n.value]]


def le(a):
    a = np.ascontiguousarray(a)
    return a.astype(a.dtype.newbyteorder("<")).tobytes().hex()


def nbit_type(dtype, precision, offset):
    tid = h5t.py_create(np.dtype(dtype)).copy()
    tid.set_precision(precision)
    tid.set_offset(offset)
    return tid


def create(f, name, tid, shape, chunks):
    dcpl = h5p.create(h5p.DATASET_CREATE)
    dcpl.set_chunk(chunks)
    assert hdf5.H5Pset_nbit(ctypes.c_long(dcpl.id)) >= 0
    h5d.create(f.id, name.encode(), tid, h5s.create_simple(shape), dcpl=dcpl)
    return f[name]


def dtype_str(dtype):
    return dtype.str if dtype.itemsize > 1 else "|" + dtype.str[1:]


def run_case(tmp, case):
    name, dtype, shape, chunks = case["name"], np.dtype(case["dtype"]), case["shape"], case["chunks"]
    data = np.asarray(case["data"], dtype=dtype).reshape(shape)
    path = os.path.join(tmp, name + ".h5")
    with h5py.File(path, "w") as f:
        ds = create(f, "d", nbit_type(dtype, case["precision"], case["offset"]), shape, chunks)
        ds[...] = data
    out = {"name": name, "note": case["note"], "dtype": dtype_str(dtype), "shape": list(shape), "chunks": list(chunks),
           "precision": case["precision"], "offset": case["offset"]}
    with h5py.File(path, "r") as f:
        ds = f["d"]
        assert ds.dtype == dtype, (ds.dtype, dtype)
        assert np.array_equal(ds[...], data), name + ": the values do not fit the precision"
        out["cd_values"] = cd_values(ds.id.get_create_plist())
        out["chunk_list"] = []
        for i in range(ds.id.get_num_chunks()):
            info = ds.id.get_chunk_info(i)
            offset = tuple(int(o) for o in info.chunk_offset)
            mask, raw = ds.id.read_direct_chunk(offset)
            extent = [min(c, s - o) for c, s, o in zip(chunks, shape, offset)]
            sel = tuple(slice(o, o + e) for o, e in zip(offset, extent))
            full = np.zeros(chunks, dtype=dtype)
            full[tuple(slice(0, e) for e in extent)] = data[sel]
            out["chunk_list"].append({"offset": list(offset), "extent": extent, "filter_mask": int(mask),
                                      "input": le(full), "hdf5": raw.hex(), "hdf5_values": le(ds[sel])})
    return out


def go_encode():
    """Has the Go encoder encode every chunk's input; returns {case: [hex]}."""
    with tempfile.TemporaryDirectory() as tmp:
        enc = os.path.join(tmp, "go.json")
        subprocess.run(["go", "test", "-count=1", "-run", "^TestWriteGoEncoded$", "./codecs/hdf5nbit/",
                        "-args", "-goencoded=" + enc], cwd=ROOT, check=True)
        with open(enc) as fh:
            return json.load(fh)


def read_go_chunk(tmp, case, raw):
    dtype, chunks = np.dtype(case["dtype"]), case["chunks"]
    path = os.path.join(tmp, "go_" + case["name"] + ".h5")
    with h5py.File(path, "w") as f:
        ds = create(f, "d", nbit_type(dtype, case["precision"], case["offset"]), tuple(chunks), tuple(chunks))
        assert cd_values(ds.id.get_create_plist()) == case["cd_values"]
        ds.id.write_direct_chunk((0,) * len(chunks), bytes.fromhex(raw), 0)
    with h5py.File(path, "r") as f:
        return le(f["d"][...])


def fit(dtype, precision, n):
    """n random values that fit precision bits of dtype."""
    if np.dtype(dtype).kind == "i":
        return list(rng.integers(-(2 ** (precision - 1)), 2 ** (precision - 1) - 1, n, endpoint=True))
    return list(rng.integers(0, 2 ** precision - 1, n, endpoint=True, dtype=np.uint64))


def edges(dtype, precision, n):
    """The extreme values of the precision, then random ones."""
    if np.dtype(dtype).kind == "i":
        ext = [-(2 ** (precision - 1)), 2 ** (precision - 1) - 1, -1, 0]
    else:
        ext = [0, 2 ** precision - 1, 1]
    return ext + fit(dtype, precision, n - len(ext))


def case(name, dtype, precision, offset, shape, chunks, note, data=None):
    n = int(np.prod(shape))
    return dict(name=name, dtype=dtype, precision=precision, offset=offset, shape=shape, chunks=chunks, note=note,
                data=edges(dtype, precision, n) if data is None else data)


CASES = [
    case("i4_p12_o4", "<i4", 12, 4, (100,), (64,), "int32, 12 bits at bit 4 (the benchmark's type); edge chunk of 36"),
    case("i4_be_p12_o0", ">i4", 12, 0, (70,), (32,), "big-endian int32, 12 bits at bit 0"),
    case("u1_p3_o2", "|u1", 3, 2, (40,), (16,), "uint8, 3 bits at bit 2"),
    case("i1_p7_o1", "|i1", 7, 1, (40,), (16,), "int8, 7 bits at bit 1"),
    case("u2_p5_o3", "<u2", 5, 3, (50,), (24,), "uint16, 5 bits at bit 3"),
    case("i2_be_p9_o7", ">i2", 9, 7, (50,), (24,), "big-endian int16, 9 bits ending at the top bit"),
    case("i8_p40_o10", "<i8", 40, 10, (30,), (16,), "int64, 40 bits at bit 10"),
    case("u8_be_p63_o1", ">u8", 63, 1, (30,), (16,), "big-endian uint64, 63 bits (the unpacker's two-part path)"),
    case("i8_p1_o63", "<i8", 1, 63, (20,), (20,), "int64 of one bit, the top one: the values -1 and 0"),
    case("u4_p32_full", "<u4", 32, 0, (20,), (10,), "uint32 of full precision: the filter leaves chunks unchanged"),
    case("u4_p31_o1", "<u4", 31, 1, (20,), (10,), "uint32, 31 bits at bit 1"),
    case("u4_p1_o0", "<u4", 1, 0, (17,), (17,), "uint32 of one bit: 17 bits and one byte"),
    case("i4_p8_o8", "<i4", 8, 8, (16,), (16,), "int32 of 8 bits: 16 whole bytes, then the filter's extra byte"),
    case("i2_2d_p10_o3", "<i2", 10, 3, (9, 11), (4, 8), "2-D int16, 10 bits at bit 3, partial edge chunks in both dimensions"),
]


def descriptions(tmp):
    """cd_values of compound and array types, which the codec reads but refuses to decode."""
    out = []
    path = os.path.join(tmp, "types.h5")
    with h5py.File(path, "w") as f:
        a = nbit_type("<i2", 10, 2)
        b = h5t.py_create(np.dtype("<f8")).copy()
        c = h5t.array_create(nbit_type(">u1", 4, 0), (3,))
        cmp = h5t.create(h5t.COMPOUND, 16)
        cmp.insert(b"a", 0, a)
        cmp.insert(b"b", 4, b)
        cmp.insert(b"c", 12, c)
        arr = h5t.array_create(nbit_type("<u4", 20, 5), (2, 3))
        for name, tid in (("compound", cmp), ("array", arr)):
            ds = create(f, name, tid, (10,), (5,))
            out.append({"name": name, "cd_values": cd_values(ds.id.get_create_plist())})
    return out


def main():
    with tempfile.TemporaryDirectory() as tmp:
        cases = [run_case(tmp, c) for c in CASES]
        vectors = {"generator": "codecs/hdf5nbit/testdata/generate.py",
                   "peers": "h5py %s, HDF5 %s, numpy %s" % (h5py.version.version, h5py.version.hdf5_version, np.__version__),
                   "cases": cases, "descriptions": descriptions(tmp)}
        with open(OUT, "w") as fh:
            json.dump(vectors, fh, indent=1)
        go = go_encode()
        for c in cases:
            for ch, raw in zip(c["chunk_list"], go[c["name"]]):
                ch["go"] = raw
                ch["go_values"] = read_go_chunk(tmp, c, raw)
    with open(OUT, "w") as fh:
        json.dump(vectors, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
