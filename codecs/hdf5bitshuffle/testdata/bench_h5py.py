#!/usr/bin/python3
"""Time HDF5 reading and writing the chunk of BenchmarkHDF5Bitshuffle
through the bitshuffle filter, for comparison with

    go test -run '^$' -bench HDF5Bitshuffle ./codecs/hdf5bitshuffle

Run from the repository root with Debian bookworm's packages (python3-h5py
3.7 / HDF5 1.10.8, python3-hdf5plugin, bitshuffle 0.3.5 with its HDF5 plugin)
and a Go toolchain:

    /usr/bin/python3 codecs/hdf5bitshuffle/testdata/bench_h5py.py [--repeat 5]

The chunk is 1 MiB of smooth float32 data written by `go run ./bench/gendata`
(benchdata.Chunk(Float32, Smooth, 1 MiB, 1)). Each case is a one-chunk dataset in
an in-memory file (driver "core") with no chunk cache, so that every read
decodes the chunk: "decode" is ds.read_direct into a preallocated array,
"encode" is ds.write_direct of the chunk. "unfiltered" is the same dataset
without a filter: HDF5's own cost around the filter. The filter runs its
blocks on OMP_NUM_THREADS threads; the script sets 1 (as the Go codec runs
one chunk on one goroutine) unless --threads says otherwise. Each line has
the layout of `go test -bench`: ns/op and MB/s of chunk bytes (1 MB = 1e6
bytes) from the best of --repeat runs of a loop lasting at least --mintime
seconds.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

ap = argparse.ArgumentParser()
ap.add_argument("--repeat", type=int, default=5)
ap.add_argument("--mintime", type=float, default=0.5)
ap.add_argument("--threads", default="1")
ap.add_argument("--data", help="directory with smooth-float32.bin (default: generate)")
args = ap.parse_args()

PLUGINS = "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins"
if os.environ.get("HDF5_PLUGIN_PATH") != PLUGINS or os.environ.get("OMP_NUM_THREADS") != args.threads:
    os.environ["HDF5_PLUGIN_PATH"] = PLUGINS
    os.environ["OMP_NUM_THREADS"] = args.threads
    os.execv(sys.executable, [sys.executable] + sys.argv)

import h5py  # noqa: E402
import hdf5plugin  # noqa: E402
import numpy as np  # noqa: E402

data_dir = args.data
if data_dir is None:
    data_dir = tempfile.mkdtemp(prefix="zcodec-bitshuffle-bench-")
    subprocess.run(["go", "run", "./bench/gendata", "-o", data_dir], check=True)
with open(os.path.join(data_dir, "smooth-float32.bin"), "rb") as fh:
    chunk = np.frombuffer(fh.read(), dtype="<f4")


def best(f):
    wall = float("inf")
    for _ in range(args.repeat):
        n, t0 = 0, time.perf_counter()
        while True:
            f()
            n += 1
            el = time.perf_counter() - t0
            if el >= args.mintime:
                break
        wall = min(wall, el / n)
    return wall


CASES = [
    ("unfiltered", {}),
    ("lz4", hdf5plugin.Bitshuffle(nelems=0, cname="lz4")),
    ("none", hdf5plugin.Bitshuffle(nelems=0, cname="none")),
]

print(f"# h5py {h5py.version.version}, HDF5 {h5py.version.hdf5_version}, OMP_NUM_THREADS={args.threads}, {chunk.nbytes} bytes")
for name, kw in CASES:
    with h5py.File(f"{name}.h5", "w", driver="core", backing_store=False, rdcc_nbytes=0) as f:
        ds = f.create_dataset("d", data=chunk, chunks=chunk.shape, **kw)
        stored = ds.id.get_storage_size()
        out = np.empty_like(chunk)
        t_dec = best(lambda: ds.read_direct(out))
        assert np.array_equal(out, chunk)
        t_enc = best(lambda: ds.write_direct(chunk))
    for op, t in (("encode", t_enc), ("decode", t_dec)):
        print(f"h5py/{name}/{op}\t1\t{t * 1e9:.0f} ns/op\t{chunk.nbytes / t / 1e6:.2f} MB/s\t{chunk.nbytes / stored:.3f} ratio")
