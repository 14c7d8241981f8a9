#!/usr/bin/python3
"""Peer of bench/zstdopts: times numcodecs.Zstd (libzstd) encoding the
chunks DIR/match.bin and DIR/literal.bin for at least MINTIME seconds each
and prints "name chunk cpu-MB/s wall-MB/s ratio" lines.

    /usr/bin/python3 bench/zstdopts_peer.py DIR MINTIME
"""
import os
import sys
import time

from numcodecs import Zstd

d, mintime = sys.argv[1], float(sys.argv[2])
for level in (3, 1):
    c = Zstd(level)
    for name in ("match", "literal"):
        with open(os.path.join(d, name + ".bin"), "rb") as fh:
            src = fh.read()
        ratio = len(src) / len(c.encode(src))
        n, c0, t0 = 0, time.process_time(), time.perf_counter()
        while time.perf_counter() - t0 < mintime:
            c.encode(src)
            n += 1
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        mb = n * len(src) / 1e6
        print(f"numcodecs-Zstd({level}) {name} {mb / cpu:.1f} {mb / wall:.1f} {ratio:.4f}")
