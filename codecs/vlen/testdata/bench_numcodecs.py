#!/usr/bin/python3
"""Time numcodecs' VLenUTF8.decode of the 1 MiB chunk of short strings that
zarr's BenchmarkReadStrings reads, in CPU time (time.process_time), as MB/s.

    /usr/bin/python3 codecs/vlen/testdata/bench_numcodecs.py [seconds]
"""
import sys
import time

import numcodecs
import numpy as np

items, size, i = [], 4, 0
while True:
    s = "s%d-%d" % (i, i * 7919 % 1000)
    if size + 4 + len(s) > 1 << 20:
        break
    size += 4 + len(s)
    items.append(s)
    i += 1
a = np.empty(len(items), dtype=object)
a[:] = items
chunk = numcodecs.VLenUTF8().encode(a)
assert len(chunk) == size
codec = numcodecs.VLenUTF8()
budget = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
n, t0, w0 = 0, time.process_time(), time.perf_counter()
while time.process_time() - t0 < budget:
    out = codec.decode(chunk)
    n += 1
cpu, wall = time.process_time() - t0, time.perf_counter() - w0
assert list(out) == items
print("numcodecs %s VLenUTF8.decode: %d elements, %d bytes: %.1f cpu-MB/s, %.1f MB/s wall, %.3f ms/op cpu" % (
    numcodecs.__version__, len(items), len(chunk), n * len(chunk) / 1e6 / cpu, n * len(chunk) / 1e6 / wall, cpu / n * 1e3))
