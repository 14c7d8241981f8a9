#!/usr/bin/python3
"""Times numcodecs 0.11 Delta, BitRound and PackBits in process CPU time,
for TestPeerSpeed (peerspeed_test.go), which starts it as a server.

Each request on standard input is one line "CASE FILE MINTIME"; the answer
is one JSON line {"case", "encode_cpu", "encode_wall", "decode_cpu",
"decode_wall"}: seconds per call over a loop lasting at least MINTIME
seconds of CPU time, time.process_time() and time.perf_counter().
"""
import json
import sys
import time

import numpy as np
from numcodecs import BitRound, Delta, PackBits

CASES = {
    "delta i32": ("<i4", lambda: Delta("<i4")),
    "bitround f32 keepbits 10": ("<f4", lambda: BitRound(10)),
    "packbits bool": ("|b1", lambda: PackBits()),
}


def timed(mintime, f):
    n, c0, w0 = 0, time.process_time(), time.perf_counter()
    while True:
        f()
        n += 1
        c = time.process_time() - c0
        if c >= mintime:
            return c / n, (time.perf_counter() - w0) / n


prepared = {}
for line in sys.stdin:
    name, fname, mintime = line.rstrip("\n").rsplit(" ", 2)
    if name not in prepared:
        dtype, make = CASES[name]
        with open(fname, "rb") as fh:
            x = np.frombuffer(fh.read(), dtype=dtype).copy()  # writable: BitRound rounds in place
        c = make()
        enc = c.encode(x)
        enc = np.array(enc, copy=True)
        prepared[name] = (x, c, enc)
    x, c, enc = prepared[name]
    ec, ew = timed(float(mintime), lambda: c.encode(x))
    dc, dw = timed(float(mintime), lambda: c.decode(enc))
    print(json.dumps({"case": name, "encode_cpu": ec, "encode_wall": ew, "decode_cpu": dc, "decode_wall": dw}), flush=True)
