#!/usr/bin/python3
"""Times libhdf5's szip filter (libaec) through h5py on the chunks of
BenchmarkDecode and BenchmarkEncode: 1 MiB of a smooth series as int16 and
as float32, each a one-chunk dataset with compression="szip",
compression_opts=("nn", 32). Prints MB/s of decoded bytes (1 MB = 1e6
bytes, as go test -bench reports; the fastest run's wall time, and CPU
time of the process as cpu-MB/s, as internal/cputime reports it), for
reading the dataset (the chunk cache
off, so that every read decodes the chunk), for reading the raw chunk alone
(HDF5's overhead without the filter), and for writing it.

    /usr/bin/python3 codecs/hdf5szip/testdata/bench_h5py.py
"""

import time

import h5py
import numpy as np

SIZE = 1 << 20


def values(n):
    """The series of bench_test.go's benchValues."""
    out = np.empty(n, dtype=np.int16)
    state, walk = 1, 0
    for i in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        walk += (state >> 28) % 7 - 3
        tri = abs(i % 8192 - 4096)
        out[i] = max(-32768, min(32767, walk + tri // 4))
    return out


def timed(f, seconds=2.0):
    """The fastest wall time of repeated runs of f, and the mean CPU time
    of the process per run, in seconds."""
    runs, fastest = 0, float("inf")
    cpu0, t_end = time.process_time(), time.perf_counter() + seconds
    while time.perf_counter() < t_end or runs < 5:
        t0 = time.perf_counter()
        f()
        fastest = min(fastest, time.perf_counter() - t0)
        runs += 1
    return fastest, (time.process_time() - cpu0) / runs


def rate(t):
    wall, cpu = t
    return f"{SIZE / wall / 1e6:.1f} MB/s ({SIZE / cpu / 1e6:.1f} cpu-MB/s)"


def main():
    i16 = values(SIZE // 2).astype("<i2")
    f32 = (273.15 + 0.01 * values(SIZE // 4).astype(np.float64)).astype("<f4")
    print(f"h5py {h5py.version.version}, HDF5 {h5py.version.hdf5_version}")
    for name, data in [("int16", i16), ("float32", f32)]:
        with h5py.File(f"bench_{name}.h5", "w", driver="core", backing_store=False, rdcc_nbytes=0) as f:
            d = f.create_dataset("x", data=data, chunks=data.shape, compression="szip", compression_opts=("nn", 32))
            cd = d.id.get_create_plist().get_filter(0)[2]
            raw = d.id.read_direct_chunk((0,))[1]
            out = np.empty_like(data)

            def read():
                d.read_direct(out)

            read()
            assert np.array_equal(out, data)
            t_read = timed(read)
            t_raw = timed(lambda: d.id.read_direct_chunk((0,)))

            def write():
                d[...] = data

            t_write = timed(write)
            print(f"{name}: cd_values {list(cd)}, ratio {SIZE / len(raw):.3f}: read {rate(t_read)}, "
                  f"read_direct_chunk {rate(t_raw)}, write {rate(t_write)}")


if __name__ == "__main__":
    main()
