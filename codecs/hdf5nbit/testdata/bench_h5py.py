#!/usr/bin/python3
"""Time HDF5's n-bit filter through h5py on the chunk of BenchmarkHDF5Nbit.

    /usr/bin/python3 codecs/hdf5nbit/testdata/bench_h5py.py

The data are those of bench_test.go: int32 values of the temperatures of
internal/testvec.Temperatures (273.15 + 20 sin(k/512) + 0.5 sin(0.7 k))
less 273.15, times 80, rounded, in one 1 MiB chunk of a dataset whose type
is int32 with 12 bits at offset 4 (a copy of STD_I32LE with set_precision
and set_offset) and the n-bit filter (H5Pset_nbit through ctypes). "read"
times ds.read_direct into a preallocated int32 array: HDF5 reads the chunk,
runs the filter and converts the 12-bit type to int32, all of which the
codec's decoding does; "write" times ds.write_direct of the chunk (the
conversion, the filter and the write to an in-memory file). The chunk
cache is off (rdcc_nbytes=0), so that every read decodes the chunk and
every write encodes it. MB/s are of decoded bytes (1 MiB per call), the
best of 5 runs.
"""
import ctypes
import time

import h5py
import numpy as np
from h5py import h5d, h5p, h5s, h5t

N = 1 << 20
hdf5 = ctypes.CDLL("libhdf5_serial.so.103")


def best(fn, reps):
    times = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        times.append((time.perf_counter() - t) / reps)
    return min(times)


def main():
    k = np.arange(N // 4, dtype=np.float64)
    t = 273.15 + 20 * np.sin(k / 512) + 0.5 * np.sin(0.7 * k)
    data = np.round((t - 273.15) * 80).astype("<i4")
    with h5py.File("bench.h5", "w", driver="core", backing_store=False, rdcc_nbytes=0) as f:
        tid = h5t.STD_I32LE.copy()
        tid.set_precision(12)
        tid.set_offset(4)
        dcpl = h5p.create(h5p.DATASET_CREATE)
        dcpl.set_chunk(data.shape)
        assert hdf5.H5Pset_nbit(ctypes.c_long(dcpl.id)) >= 0
        h5d.create(f.id, b"int32_p12", tid, h5s.create_simple(data.shape), dcpl=dcpl)
        ds = f["int32_p12"]
        ds.write_direct(data)
        out = np.empty_like(data)
        ds.read_direct(out)
        assert np.array_equal(out, data)
        stored = len(ds.id.read_direct_chunk((0,))[1])
        r = best(lambda: ds.read_direct(out), 20)
        w = best(lambda: ds.write_direct(data), 20)
        print("%-16s %d bytes stored   read %8.1f MB/s   write %8.1f MB/s" % ("int32_p12", stored, N / r / 1e6, N / w / 1e6))
    print("h5py %s, HDF5 %s, numpy %s" % (h5py.version.version, h5py.version.hdf5_version, np.__version__))


if __name__ == "__main__":
    main()
