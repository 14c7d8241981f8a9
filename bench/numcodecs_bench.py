#!/usr/bin/python3
"""Time numcodecs on the data zcodec's benchmarks use, for comparison.

Run from the repository root with Debian's interpreter and packages
(python3-numcodecs 0.11, python3-numpy) and a Go toolchain:

    /usr/bin/python3 bench/numcodecs_bench.py [--repeat 5]

It writes the benchmark chunks with `go run ./bench/gendata` (1 MiB of
smooth float32 and float64 data, benchdata.Chunk(dt, benchdata.Smooth, 1 MiB, 1)),
then times each numcodecs codec on them, plain and shuffled, in one thread.
It prints one line per case in the layout of `go test -bench`: MB/s of
uncompressed bytes (1 MB = 1e6 bytes, as Go reports) from the best of
--repeat runs of a loop lasting at least --mintime seconds, and the ratio
uncompressed/compressed. Read them next to

    go test -bench . -count 3 -run '^$' ./bench
"""
import argparse
import os
import subprocess
import tempfile
import time

import numcodecs
from numcodecs import BZ2, LZ4, GZip, Shuffle, Zlib, Zstd

ap = argparse.ArgumentParser()
ap.add_argument("--repeat", type=int, default=3)
ap.add_argument("--mintime", type=float, default=0.5)
ap.add_argument("--data", help="directory with smooth-float32.bin and smooth-float64.bin (default: generate)")
args = ap.parse_args()

data_dir = args.data
if data_dir is None:
    data_dir = tempfile.mkdtemp(prefix="zcodec-bench-")
    subprocess.run(["go", "run", "./bench/gendata", "-o", data_dir], check=True)


def load(name):
    with open(os.path.join(data_dir, name), "rb") as fh:
        return fh.read()


def timeit(f):
    best = float("inf")
    for _ in range(args.repeat):
        n, t0 = 0, time.perf_counter()
        while True:
            f()
            n += 1
            el = time.perf_counter() - t0
            if el >= args.mintime:
                break
        best = min(best, el / n)
    return best


def report(name, nbytes, sec, ratio):
    print(f"numcodecs/{name}\t{sec * 1e9:14.0f} ns/op\t{nbytes / sec / 1e6:9.2f} MB/s\t{ratio:10.4f} ratio", flush=True)


inputs = []
for dt, es in (("float32", 4), ("float64", 8)):
    d = load(f"smooth-{dt}.bin")
    short = "f32" if dt == "float32" else "f64"
    inputs.append((short, es, d))
    inputs.append((short + "-shuffled", es, bytes(Shuffle(es).encode(d))))

print(f"# numcodecs {numcodecs.__version__}, chunks of {len(inputs[0][2])} bytes")

for short, es, d in inputs:
    if short.endswith("shuffled"):
        continue
    sh = Shuffle(es)
    enc = bytes(sh.encode(d))
    report(f"Shuffle/es{es}/encode", len(d), timeit(lambda: sh.encode(d)), 1.0)
    report(f"Shuffle/es{es}/decode", len(d), timeit(lambda: sh.decode(enc)), 1.0)

codecs = [
    ("Zlib/l1", Zlib(level=1)),
    ("Gzip/l1", GZip(level=1)),
    ("LZ4/a1", LZ4(acceleration=1)),
    ("Zstd/l3", Zstd(level=3)),
    ("BZ2/l9", BZ2(level=9)),
]
for cname, c in codecs:
    for short, es, d in inputs:
        enc = bytes(c.encode(d))
        ratio = len(d) / len(enc)
        report(f"{cname}/{short}/encode", len(d), timeit(lambda: c.encode(d)), ratio)
        report(f"{cname}/{short}/decode", len(d), timeit(lambda: c.decode(enc)), ratio)

# shuffle followed by a compressor, as one chain, on float32
d = inputs[0][2]
sh = Shuffle(4)
for cname, c in (("shuffle-lz4", LZ4()), ("shuffle-zlib1", Zlib(1)), ("shuffle-zstd3", Zstd(3))):
    enc = bytes(c.encode(sh.encode(d)))
    ratio = len(d) / len(enc)
    report(f"Chain/{cname}/encode", len(d), timeit(lambda: c.encode(sh.encode(d))), ratio)
    report(f"Chain/{cname}/decode", len(d), timeit(lambda: sh.decode(c.decode(enc))), ratio)
