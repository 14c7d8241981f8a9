#!/usr/bin/python3
"""The peer of `go run ./bench/hdf5compare`: times h5py (libhdf5, one
thread) on the files internal/hdf5bench wrote, one row per request.

Started by bench/hdf5compare with Debian's interpreter (/usr/bin/python3,
python3-h5py 3.7 with libhdf5 1.10.8, python3-zarr 2.13, python3-numcodecs,
python3-numpy) as a long-lived server:

    /usr/bin/python3 peer.py

Its first line is a JSON object naming what it runs. Then it reads one JSON
request per line on standard input, {"op", "file", "dataset", "mintime",
"cap", "out", "check"}, and answers each with one JSON line:
{"timing": {"wall", "cpu", "n"}, "partial"} (seconds per call of wall time,
time.perf_counter, and of this process's CPU time, time.process_time; n is
what one call did: bytes, chunks or opens), or with {"check": {...}} when
"check" is set (one untimed call and what it found, which bench/hdf5compare
compares with its own, and the warm-up of the timed requests of the row),
or {"error"}. A timed request calls in a loop of at least MINTIME seconds
of wall time (at least one call); convert, which has no check, makes one
warm-up call first.

The ops:

  - read: h5py.File(FILE), then DATASET's read_direct(out) into an array
    allocated once;
  - scan: h5py.File(FILE), then DATASET's id.get_num_chunks() and
    id.get_chunk_info(i) for every i, each chunk's offset and size. In
    libhdf5 1.10.8 get_chunk_info(i) walks the chunk index from its start
    until the i-th chunk, so listing them all costs time quadratic in the
    chunks; a scan (and its check) stops once it has run CAP seconds (n is
    then the chunks it listed, "partial" is set);
  - open: h5py.File(FILE) and visititems over the whole file, reading every
    object's attributes (dict(obj.attrs)) and every dataset's shape, dtype,
    chunks, compression and fill value: what zcodec's store builds a
    zarr.json from;
  - convert: read DATASET (as read) and write it into a new zarr 2.13
    DirectoryStore under OUT (zarr_version=2, the file's chunks, numcodecs
    Shuffle and Zlib at the file's deflate level); n is the HDF5 file's
    size. The directories are removed after the loop.
"""
import hashlib
import json
import os
import platform
import shutil
import sys
import tempfile
import time

import h5py
import netCDF4
import numcodecs
import numpy as np
import zarr


class Reader:
    """The read and convert ops on one file, with their output array."""

    def __init__(self, path, name):
        with h5py.File(path, "r") as f:
            ds = f[name]
            self.out = np.empty(ds.shape, ds.dtype)
            self.chunks = ds.chunks
            self.level = ds.compression_opts if ds.compression == "gzip" else 1
            self.shuffle = ds.shuffle
        self.out.fill(1)  # written once, so that no call pays for page faults
        self.path, self.name = path, name

    def read(self):
        with h5py.File(self.path, "r") as f:
            f[self.name].read_direct(self.out)
        return self.out.nbytes

    def convert(self, out_dir):
        self.read()
        d = tempfile.mkdtemp(dir=out_dir)
        filters = [numcodecs.Shuffle(self.out.dtype.itemsize)] if self.shuffle else None
        z = zarr.open_array(zarr.DirectoryStore(d), mode="w", shape=self.out.shape, chunks=self.chunks,
                            dtype=self.out.dtype, compressor=numcodecs.Zlib(self.level), filters=filters,
                            zarr_version=2)
        z[...] = self.out
        return os.path.getsize(self.path)


def scan(path, name, cap):
    """Lists the chunks; returns (chunks listed, partial, sum of sizes, sum of offsets)."""
    t0 = time.perf_counter()
    with h5py.File(path, "r") as f:
        dsid = f[name].id
        n = dsid.get_num_chunks()
        sizes = offsets = 0
        for i in range(n):
            info = dsid.get_chunk_info(i)
            sizes += info.size
            offsets += info.byte_offset
            if cap and time.perf_counter() - t0 >= cap:
                return i + 1, i + 1 < n, sizes, offsets
    return n, False, sizes, offsets


def open_all(path):
    """Opens the file and visits every object; returns the objects."""
    seen = [0]

    def visit(_, obj):
        seen[0] += 1
        dict(obj.attrs)
        if isinstance(obj, h5py.Dataset):
            (obj.shape, obj.dtype, obj.chunks, obj.compression, obj.fillvalue)

    with h5py.File(path, "r") as f:
        dict(f.attrs)
        f.visititems(visit)
    return seen[0]


def timed(mintime, f, warm):
    """Seconds per call of f, wall and process CPU, after one warm-up call
    if warm is set."""
    if warm:
        f()
    n, c0, t0 = 0, time.process_time(), time.perf_counter()
    while True:
        done = f()
        n += 1
        el = time.perf_counter() - t0
        if el >= mintime:
            return {"wall": el / n, "cpu": (time.process_time() - c0) / n, "n": done}


def serve(req, readers):
    op, path, name = req["op"], req["file"], req.get("dataset", "")
    if op in ("read", "convert"):
        key = (path, name)
        if key not in readers:
            readers.clear()  # one big output array at a time
            readers[key] = Reader(path, name)
        r = readers[key]
    if req.get("check"):
        if op == "read":
            r.read()
            return {"check": {"sha256": hashlib.sha256(r.out).hexdigest()}}
        if op == "scan":
            n, partial, sizes, offsets = scan(path, name, float(req.get("cap", 0)))
            return {"check": {"chunks": n, "partial": partial, "sum_size": sizes, "sum_offset": offsets}}
        if op == "open":
            return {"check": {"objects": open_all(path)}}
        raise ValueError(f"no check of op {op!r}")
    mintime = float(req["mintime"])
    partial = [False]
    if op == "read":
        f = r.read
    elif op == "scan":
        cap = float(req.get("cap", 0))

        def f():
            n, p, _, _ = scan(path, name, cap)
            partial[0] = partial[0] or p
            return n
    elif op == "open":
        def f():
            open_all(path)
            return 1
    elif op == "convert":
        out = tempfile.mkdtemp(dir=req["out"])
        try:
            return {"timing": timed(mintime, lambda: r.convert(out), True)}
        finally:
            shutil.rmtree(out)
    else:
        raise ValueError(f"unknown op {op!r}")
    t = timed(mintime, f, False)  # the check call warmed it
    return {"timing": t, "partial": partial[0]}


def main():
    print(json.dumps({"python": platform.python_version(), "h5py": h5py.version.version,
                      "hdf5": h5py.version.hdf5_version, "numpy": np.__version__, "zarr": zarr.__version__,
                      "numcodecs": numcodecs.__version__, "netcdf4": netCDF4.__version__}), flush=True)
    readers = {}
    for line in sys.stdin:
        try:
            reply = serve(json.loads(line), readers)
        except Exception as e:  # answer, so that the rows after it still run
            reply = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(reply), flush=True)


main()
