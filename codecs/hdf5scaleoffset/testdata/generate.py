#!/usr/bin/python3
"""Generate vectors.json, the scale-offset filter's chunks as HDF5 writes and reads them.

Run from anywhere, with Debian's python3-h5py 3.7 (HDF5 1.10.8) and Go on PATH:

    /usr/bin/python3 codecs/hdf5scaleoffset/testdata/generate.py

Each case is a small dataset written by h5py with the scale-offset filter
(create_dataset(scaleoffset=N); the low-level API with H5Pset_fill_value(...,
NULL) for datasets without a fill value). For every stored chunk the vectors
hold the filter's cd_values as HDF5 stores them (read with H5Pget_filter2
through ctypes: h5py's get_filter returns only the first 16), the chunk's
bytes on disk (read_direct_chunk), the values h5py reads for its in-extent
part, and the whole chunk that HDF5 gave the filter: the data, padded with
the fill value (0 without one) beyond the dataset's extent.

Then the Go encoder encodes every such chunk (go test -run TestWriteGoEncoded
with -goencoded), and each Go chunk is written with write_direct_chunk into
a dataset of one chunk with the same filter settings and read back with
h5py: the vectors keep the Go bytes and the values HDF5 reads from them.
The Go tests check that the decoder gives h5py's values for HDF5's chunks
and for the Go chunks, and that the encoder still writes the Go bytes
(which equal HDF5's own). A chunk that HDF5 stores as other values than
its own (f4_tolerance_gap) has no Go chunk: the encoder refuses it.

They also hold the C library's powf(10, k) and pow(10, k), which the
filter's D-scaling uses, for every k where they are neither 0 nor infinite.

All values are hex of little-endian elements in C order.
"""
import ctypes
import ctypes.util
import json
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np
from h5py import h5p, h5s, h5t, h5z

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
OUT = os.path.join(HERE, "vectors.json")

hdf5 = ctypes.CDLL("libhdf5_serial.so.103")
libm = ctypes.CDLL(ctypes.util.find_library("m"))
libm.powf.restype, libm.powf.argtypes = ctypes.c_float, [ctypes.c_float, ctypes.c_float]
libm.pow.restype, libm.pow.argtypes = ctypes.c_double, [ctypes.c_double, ctypes.c_double]

rng = np.random.default_rng(20260611)
UNDEFINED = "undefined"  # no fill value: H5Pset_fill_value(dcpl, type, NULL)
DEFAULT = "default"  # h5py's default: a defined fill value of 0


def cd_values(dcpl):
    flags, n = ctypes.c_uint(), ctypes.c_size_t(64)
    cd, name, config = (ctypes.c_uint * 64)(), ctypes.create_string_buffer(64), ctypes.c_uint()
    fid = hdf5.H5Pget_filter2(ctypes.c_long(dcpl.id), ctypes.c_uint(0), ctypes.byref(flags),
                              ctypes.byref(n), cd, ctypes.c_size_t(64), name, ctypes.byref(config))
    assert fid == 6, fid
    return [int(v) for v in cd[: n.value]]


def le(a):
    a = np.ascontiguousarray(a)
    return a.astype(a.dtype.newbyteorder("<")).tobytes().hex()


def create(f, name, dtype, shape, chunks, factor, fill):
    dtype = np.dtype(dtype)
    if isinstance(fill, str) and fill == UNDEFINED:
        tid = h5t.py_create(dtype)
        dcpl = h5p.create(h5p.DATASET_CREATE)
        dcpl.set_chunk(chunks)
        dcpl.set_scaleoffset(h5z.SO_FLOAT_DSCALE if dtype.kind == "f" else h5z.SO_INT, factor)
        assert hdf5.H5Pset_fill_value(ctypes.c_long(dcpl.id), ctypes.c_long(tid.id), None) >= 0
        h5py.h5d.create(f.id, name.encode(), tid, h5s.create_simple(shape), dcpl=dcpl)
        return f[name]
    fv = None if isinstance(fill, str) else fill
    return f.create_dataset(name, shape=shape, dtype=dtype, chunks=chunks, scaleoffset=factor, fillvalue=fv)


def pad_value(dtype, fill):
    if isinstance(fill, str):
        return 0
    return fill


def run_case(tmp, case):
    name, dtype, shape, chunks = case["name"], np.dtype(case["dtype"]), case["shape"], case["chunks"]
    data = np.asarray(case["data"], dtype=dtype).reshape(shape)
    path = os.path.join(tmp, name + ".h5")
    with h5py.File(path, "w") as f:
        ds = create(f, "d", dtype, shape, chunks, case["factor"], case["fill"])
        ds[...] = data
    out = {"name": name, "note": case["note"], "dtype": dtype.str if dtype.itemsize > 1 else "|" + dtype.str[1:],
           "shape": list(shape), "chunks": list(chunks), "factor": case["factor"],
           "fill": case["fill"] if isinstance(case["fill"], str) else "value"}
    with h5py.File(path, "r") as f:
        ds = f["d"]
        out["cd_values"] = cd_values(ds.id.get_create_plist())
        out["chunk_list"] = []
        for i in range(ds.id.get_num_chunks()):
            info = ds.id.get_chunk_info(i)
            offset = tuple(int(o) for o in info.chunk_offset)
            mask, raw = ds.id.read_direct_chunk(offset)
            extent = [min(c, s - o) for c, s, o in zip(chunks, shape, offset)]
            sel = tuple(slice(o, o + e) for o, e in zip(offset, extent))
            full = np.full(chunks, pad_value(dtype, case["fill"]), dtype=dtype)
            full[tuple(slice(0, e) for e in extent)] = data[sel]
            out["chunk_list"].append({"offset": list(offset), "extent": extent, "filter_mask": int(mask),
                                      "input": le(full), "hdf5": raw.hex(), "hdf5_values": le(ds[sel])})
    return out


def go_encode(vectors):
    """Has the Go encoder encode every chunk's input; returns {case: [hex or None]}."""
    with tempfile.TemporaryDirectory() as tmp:
        enc = os.path.join(tmp, "go.json")
        subprocess.run(["go", "test", "-count=1", "-run", "^TestWriteGoEncoded$", "./codecs/hdf5scaleoffset/",
                        "-args", "-goencoded=" + enc], cwd=ROOT, check=True)
        with open(enc) as fh:
            return json.load(fh)


def read_go_chunk(tmp, case, raw):
    dtype, chunks = np.dtype(case["dtype"]), case["chunks"]
    path = os.path.join(tmp, "go_" + case["name"] + ".h5")
    fill = case["fill"] if case["fill"] != "value" else case["fill_value_py"]
    with h5py.File(path, "w") as f:
        ds = create(f, "d", dtype, tuple(chunks), tuple(chunks), case["factor"], fill)
        assert cd_values(ds.id.get_create_plist()) == case["cd_values"]
        ds.id.write_direct_chunk((0,) * len(chunks), bytes.fromhex(raw), 0)
    with h5py.File(path, "r") as f:
        return le(f["d"][...])


def ints(lo, hi, n):
    return rng.integers(lo, hi, n, endpoint=True)


def temps(n, scale=1.0):
    i = np.arange(n)
    return 273.15 + 20 * np.sin(i / 7.0) * scale + rng.normal(0, 0.3, n)


def with_fill(values, fill, every):
    v = np.array(values, dtype=object)
    v[::every] = fill
    return list(v)


F32_GAP = float(np.float32(0.01))

CASES = [
    # integers, minimum bits computed per chunk (scaleoffset=0)
    dict(name="i2_default_fill", dtype="<i2", shape=(100,), chunks=(64,), factor=0, fill=DEFAULT,
         note="int16, h5py's default fill 0 (defined): zeros are coded as the fill marker; edge chunk of 36",
         data=with_fill(list(np.arange(100) * 37 % 1000 - 300), 0, 9)),
    dict(name="i2_be_undefined", dtype=">i2", shape=(100,), chunks=(64,), factor=0, fill=UNDEFINED,
         note="big-endian int16 without a fill value; the edge chunk is padded with zeros",
         data=list(np.arange(100) * 3 - 50)),
    dict(name="u1_fill_255", dtype="|u1", shape=(50,), chunks=(32,), factor=0, fill=255,
         note="uint8 with fill 255 among the values", data=with_fill(list(ints(10, 60, 50)), 255, 7)),
    dict(name="i1_full_range_undefined", dtype="|i1", shape=(64,), chunks=(32,), factor=0, fill=UNDEFINED,
         note="int8 without fill: a chunk spanning -128..127 is stored whole with the minimum in the header",
         data=[-128, 127] + list(ints(-128, 127, 30)) + list(ints(-5, 20, 32))),
    dict(name="i1_full_range_fill", dtype="|i1", shape=(64,), chunks=(32,), factor=0, fill=-1,
         note="int8 with fill -1: a chunk spanning -128..127 is stored whole with a minimum of 0",
         data=[-128, 127] + list(ints(-128, 127, 30)) + with_fill(list(ints(-100, -90, 32)), -1, 5)),
    dict(name="u2_given5_fill", dtype="<u2", shape=(70,), chunks=(32,), factor=5, fill=1000,
         note="uint16 with 5 bits given and fill 1000: differences up to 30, 31 marks the fill",
         data=with_fill(list(ints(200, 230, 70)), 1000, 6)),
    dict(name="i4_be_given20_undefined", dtype=">i4", shape=(40,), chunks=(16,), factor=20, fill=UNDEFINED,
         note="big-endian int32 with 20 bits given, no fill", data=list(ints(-500000, 500000, 40))),
    dict(name="i4_full_range", dtype="<i4", shape=(32,), chunks=(16,), factor=0, fill=DEFAULT,
         note="int32 spanning -2^31..2^31-1: stored whole, minimum 0",
         data=[-2**31, 2**31 - 1] + list(ints(-2**31, 2**31 - 1, 14)) + list(ints(-7, 7, 16))),
    dict(name="u4_log2_full", dtype="<u4", shape=(16,), chunks=(16,), factor=0, fill=UNDEFINED,
         note="uint32 whose range needs all 32 bits by the log2 rule (difference 2^32-4): stored whole, with the minimum",
         data=[2, 2**32 - 2] + list(ints(2, 2**32 - 2, 14))),
    dict(name="i8_wide", dtype="<i8", shape=(48,), chunks=(16,), factor=0, fill=DEFAULT,
         note="int64: a 41-bit chunk, a 60-bit chunk (the packer's slow path) and a whole-range chunk",
         data=list(ints(-2**40, 2**40, 16)) + list(ints(-2**59, 2**59, 16)) + [-2**63, 2**63 - 1] + list(ints(-2**63, 2**63 - 1, 14))),
    dict(name="u8_be_given60", dtype=">u8", shape=(20,), chunks=(10,), factor=60, fill=UNDEFINED,
         note="big-endian uint64 with 60 bits given", data=list(ints(2**61, 2**61 + 2**60 - 1, 20))),
    dict(name="u8_given40_fill", dtype="<u8", shape=(20,), chunks=(10,), factor=40, fill=2**64 - 1,
         note="uint64 with 40 bits given and fill 2^64-1", data=with_fill(list(ints(10**12, 10**12 + 2**39, 20)), 2**64 - 1, 4)),
    dict(name="i4_all_equal_undefined", dtype="<i4", shape=(10,), chunks=(10,), factor=0, fill=UNDEFINED,
         note="all values equal, no fill: 0 bits, the header and one byte", data=[7] * 10),
    dict(name="i2_all_fill", dtype="<i2", shape=(10,), chunks=(10,), factor=0, fill=3,
         note="every value is the fill value: 1 bit, all markers", data=[3] * 10),
    dict(name="i2_factor_16", dtype="<i2", shape=(20,), chunks=(10,), factor=16, fill=DEFAULT,
         note="16 bits given for int16: the filter leaves chunks unchanged", data=list(ints(-30000, 30000, 20))),
    dict(name="u2_2d_edges", dtype="<u2", shape=(10, 13), chunks=(4, 8), factor=0, fill=DEFAULT,
         note="2-D uint16 with partial edge chunks in both dimensions", data=list(ints(0, 3000, 130))),
    # floats, D-scaling (scaleoffset=N keeps N decimal digits)
    dict(name="f4_d2_default_fill", dtype="<f4", shape=(100,), chunks=(64,), factor=2, fill=DEFAULT,
         note="float32 temperatures, 2 digits, default fill 0.0 among them", data=with_fill(list(temps(100)), 0.0, 11)),
    dict(name="f4_be_d3_undefined", dtype=">f4", shape=(90,), chunks=(32,), factor=3, fill=UNDEFINED,
         note="big-endian float32, 3 digits, no fill", data=list(np.sin(np.arange(90) / 5.0))),
    dict(name="f8_d2_fill", dtype="<f8", shape=(100,), chunks=(64,), factor=2, fill=-9999.0,
         note="float64, 2 digits, fill -9999", data=with_fill(list(temps(100)), -9999.0, 6)),
    dict(name="f8_be_d4_undefined", dtype=">f8", shape=(50,), chunks=(32,), factor=4, fill=UNDEFINED,
         note="big-endian float64, 4 digits, no fill", data=list(rng.normal(0, 3, 50))),
    dict(name="f4_d0_halves", dtype="<f4", shape=(40,), chunks=(40,), factor=0, fill=DEFAULT,
         note="float32, 0 digits: halves round away from zero", data=[x / 2 for x in range(-20, 20)]),
    dict(name="f4_d2_range_overflow", dtype="<f4", shape=(16,), chunks=(16,), factor=2, fill=DEFAULT,
         note="float32 whose scaled range exceeds 2^31: stored whole, minimum 0", data=list(rng.uniform(-1e9, 1e9, 16))),
    dict(name="f4_d1_infinity", dtype="<f4", shape=(16,), chunks=(16,), factor=1, fill=UNDEFINED,
         note="float32 with +Infinity: stored whole", data=[1.5, float("inf")] + list(rng.uniform(0, 10, 14))),
    dict(name="f4_log2_full", dtype="<f4", shape=(4,), chunks=(4,), factor=0, fill=UNDEFINED,
         note="float32 whose scaled range rounds to 2^31: 32 bits by the log2 rule, stored whole with the minimum -1",
         data=[-1.0, 2147483647.0, 3.0, 4.0]),
    dict(name="f4_all_equal_undefined", dtype="<f4", shape=(10,), chunks=(10,), factor=2, fill=UNDEFINED,
         note="float32, all equal, no fill: 0 bits", data=[3.25] * 10),
    dict(name="f4_all_fill", dtype="<f4", shape=(10,), chunks=(10,), factor=2, fill=1.5,
         note="float32, every value the fill value", data=[1.5] * 10),
    dict(name="f4_near_fill", dtype="<f4", shape=(20,), chunks=(20,), factor=2, fill=100.0,
         note="float32 values within 10^-2 of the fill value 100 are coded as fill",
         data=[100.004, 99.996, 100.02, 98.5, 101.25] * 4),
    dict(name="f4_tolerance_gap", dtype="<f4", shape=(8,), chunks=(8,), factor=2, fill=DEFAULT,
         note="float32(0.01) is below pow(10,-2) but not below powf(10,-2): HDF5 leaves it out of the range and then codes it as a value",
         data=[5.0, 6.0, F32_GAP, 7.0, 5.5, 6.5, 7.25, 5.75]),
    dict(name="f8_2d_edges", dtype="<f8", shape=(7, 9), chunks=(4, 4), factor=3, fill=DEFAULT,
         note="2-D float64 with edge chunks", data=list(rng.uniform(-50, 50, 63))),
]


def pow_tables():
    f32 = {str(k): np.float32(libm.powf(10.0, float(k))).tobytes()[::-1].hex() for k in range(-50, 40)}
    f64 = {str(k): np.float64(libm.pow(10.0, float(k))).tobytes()[::-1].hex() for k in range(-400, 310)}
    return {"powf": f32, "pow": f64}


def main():
    cases = []
    with tempfile.TemporaryDirectory() as tmp:
        for case in CASES:
            out = run_case(tmp, case)
            if not isinstance(case["fill"], str):
                out["fill_value_py"] = case["fill"]
            cases.append(out)
        vectors = {"generator": "codecs/hdf5scaleoffset/testdata/generate.py",
                   "peers": "h5py %s, HDF5 %s, numpy %s" % (h5py.version.version, h5py.version.hdf5_version, np.__version__),
                   "pow10": pow_tables(), "cases": cases}
        with open(OUT, "w") as fh:
            json.dump(vectors, fh, indent=1)
        go = go_encode(vectors)
        for case in cases:
            for ch, raw in zip(case["chunk_list"], go[case["name"]]):
                # "" when the Go encoder refuses a chunk that HDF5 stores as other values
                ch["go"] = raw
                ch["go_values"] = read_go_chunk(tmp, case, raw) if raw else ""
    with open(OUT, "w") as fh:
        json.dump(vectors, fh, indent=1)
        fh.write("\n")


if __name__ == "__main__":
    main()
