#!/usr/bin/python3
"""Time numcodecs' Blosc (c-blosc 1.21.3, one thread) on the chunk zcodec's
blosc benchmarks use, for comparison with

    go test -run '^$' -bench Blosc -count 5 ./codecs/blosc

Run from the repository root with Debian bookworm's interpreter and
packages (python3-numcodecs 0.11, python3-numpy) and a Go toolchain:

    /usr/bin/python3 codecs/blosc/testdata/bench_numcodecs.py [--repeat 5]

It writes the chunk with `go run ./bench/gendata` (1 MiB of smooth float32
data, benchdata.Chunk(Float32, Smooth, 1 MiB, 1)), sets
numcodecs.blosc.set_nthreads(1) and use_threads = False, and times encode
and decode of each case of BenchmarkBlosc (same names and settings: type
size 4, clevel 5). Each line has the layout of `go test -bench`: ns/op and
MB/s of chunk bytes (1 MB = 1e6 bytes, as Go reports) from the best of
--repeat runs of a loop lasting at least --mintime seconds; cpu-MB/s, the
same over the process's CPU time (time.process_time), as the Go benchmark
reports it beside its wall-clock figure; and the ratio chunk/frame.
"""
import argparse
import os
import subprocess
import tempfile
import time

import numcodecs
import numcodecs.blosc
import numpy as np
from numcodecs import Blosc

ap = argparse.ArgumentParser()
ap.add_argument("--repeat", type=int, default=5)
ap.add_argument("--mintime", type=float, default=0.5)
ap.add_argument("--data", help="directory with smooth-float32.bin (default: generate)")
args = ap.parse_args()

data_dir = args.data
if data_dir is None:
    data_dir = tempfile.mkdtemp(prefix="zcodec-blosc-bench-")
    subprocess.run(["go", "run", "./bench/gendata", "-o", data_dir], check=True)
with open(os.path.join(data_dir, "smooth-float32.bin"), "rb") as fh:
    chunk = np.frombuffer(fh.read(), dtype="<f4")

numcodecs.blosc.set_nthreads(1)
numcodecs.blosc.use_threads = False

CASES = [
    ("lz4-shuffle", "lz4", Blosc.SHUFFLE),
    ("lz4-bitshuffle", "lz4", Blosc.BITSHUFFLE),
    ("blosclz-shuffle", "blosclz", Blosc.SHUFFLE),
    ("zstd-shuffle", "zstd", Blosc.SHUFFLE),
    ("zstd-bitshuffle", "zstd", Blosc.BITSHUFFLE),
    ("blosclz-bitshuffle", "blosclz", Blosc.BITSHUFFLE),
    ("zlib-shuffle", "zlib", Blosc.SHUFFLE),
    ("snappy-shuffle", "snappy", Blosc.SHUFFLE),
    ("lz4hc-shuffle", "lz4hc", Blosc.SHUFFLE),
]


def best(f):
    """The best wall-clock and CPU seconds per call over --repeat runs."""
    wall = cpu = float("inf")
    for _ in range(args.repeat):
        n, t0, c0 = 0, time.perf_counter(), time.process_time()
        while True:
            f()
            n += 1
            el = time.perf_counter() - t0
            if el >= args.mintime:
                break
        wall = min(wall, el / n)
        cpu = min(cpu, (time.process_time() - c0) / n)
    return wall, cpu


print(f"# numcodecs {numcodecs.__version__}, c-blosc {numcodecs.blosc.VERSION_STRING}, one thread, {chunk.nbytes} bytes")
for name, cname, shuffle in CASES:
    codec = Blosc(cname=cname, clevel=5, shuffle=shuffle)
    frame = codec.encode(chunk)
    out = np.empty_like(chunk)
    ratio = chunk.nbytes / len(frame)
    for op, f in (("encode", lambda: codec.encode(chunk)), ("decode", lambda: codec.decode(frame, out))):
        sec, cpu = best(f)
        print(f"numcodecs/blosc/{name}/{op}\t{sec * 1e9:14.0f} ns/op\t{chunk.nbytes / sec / 1e6:9.2f} MB/s"
              f"\t{chunk.nbytes / cpu / 1e6:9.0f} cpu-MB/s\t{ratio:10.4f} ratio", flush=True)
