#!/usr/bin/python3
"""Time HDF5's scale-offset filter through h5py on the chunks of BenchmarkHDF5ScaleOffset.

    /usr/bin/python3 codecs/hdf5scaleoffset/testdata/bench_h5py.py

The data are those of bench_test.go: the temperatures of
internal/testvec.Temperatures (273.15 + 20 sin(k/512) + 0.5 sin(0.7 k)) as
float32, and as int16 hundredths of a degree above 273.15; each is one 1 MiB
chunk of a dataset made with create_dataset(scaleoffset=0) (int16, bits
computed per chunk) or scaleoffset=2 (float32, two decimal digits), with
h5py's default fill value 0. "read" times ds.read_direct into a
preallocated array (HDF5 reads the chunk, runs the filter and copies the
values out), "write" times ds.write_direct of the whole chunk (the filter
and the write of the chunk to an in-memory file). The chunk cache is off (rdcc_nbytes=0), so that every read decodes the
chunk and every write encodes it. MB/s are of decoded bytes
(1 MiB per call), the best of 5 runs.
"""
import time

import h5py
import numpy as np

N = 1 << 20


def temperatures(dtype, nbytes):
    k = np.arange(nbytes // np.dtype(dtype).itemsize, dtype=np.float64)
    return (273.15 + 20 * np.sin(k / 512) + 0.5 * np.sin(0.7 * k)).astype(dtype)


def best(fn, reps):
    times = []
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        times.append((time.perf_counter() - t) / reps)
    return min(times)


def main():
    i16 = np.round((temperatures(np.float64, 4 * N)[: N // 2] - 273.15) * 100).astype("<i2")
    f32 = temperatures(np.float32, N)
    with h5py.File("bench.h5", "w", driver="core", backing_store=False, rdcc_nbytes=0) as f:
        for name, data, factor in (("int16_minbits", i16, 0), ("float32_dscale2", f32, 2)):
            ds = f.create_dataset(name, shape=data.shape, dtype=data.dtype, chunks=data.shape, scaleoffset=factor)
            ds.write_direct(data)
            out = np.empty_like(data)
            ds.read_direct(out)
            assert name != "int16_minbits" or np.array_equal(out, data)
            stored = len(ds.id.read_direct_chunk((0,))[1])
            r = best(lambda: ds.read_direct(out), 20)
            w = best(lambda: ds.write_direct(data), 20)
            print("%-16s %d bytes stored   read %8.1f MB/s   write %8.1f MB/s" % (name, stored, N / r / 1e6, N / w / 1e6))
    print("h5py %s, HDF5 %s, numpy %s" % (h5py.version.version, h5py.version.hdf5_version, np.__version__))


if __name__ == "__main__":
    main()
