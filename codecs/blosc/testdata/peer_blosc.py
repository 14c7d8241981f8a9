#!/usr/bin/python3
"""The c-blosc side of TestPeerTimes (peer_test.go): numcodecs' Blosc
(c-blosc 1.21.3 in Debian bookworm's python3-numcodecs 0.11), one thread.

It prints one JSON line with the versions, then reads jobs, one JSON object
a line, from stdin and answers each with one JSON line:

  {"op": "frame", "data": PATH, "out": PATH, cname, clevel, shuffle,
   typesize, blocksize}      writes the frame of the file's bytes to out
  {"op": "encode", ... as frame but no out, "mintime": S}
  {"op": "decode", "frame": PATH, "size": N, "mintime": S}

A timed job runs its call in a loop lasting at least mintime seconds of wall
time and answers {"cpu": s, "wall": s}: seconds per call of process CPU time
(time.process_time) and of wall time.
"""
import json
import sys
import time

import numcodecs
import numcodecs.blosc
import numpy as np
from numcodecs import Blosc

numcodecs.blosc.set_nthreads(1)
numcodecs.blosc.use_threads = False
SHUFFLE = {"noshuffle": Blosc.NOSHUFFLE, "shuffle": Blosc.SHUFFLE, "bitshuffle": Blosc.BITSHUFFLE}
DTYPE = {1: "u1", 2: "<u2", 4: "<u4", 8: "<u8"}


def timed(f, mintime):
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while True:
        f()
        n += 1
        el = time.perf_counter() - t0
        if el >= mintime:
            break
    return {"cpu": (time.process_time() - c0) / n, "wall": el / n}


print(json.dumps({"numcodecs": numcodecs.__version__, "cblosc": numcodecs.blosc.VERSION_STRING}), flush=True)
for line in sys.stdin:
    job = json.loads(line)
    if job["op"] == "decode":
        with open(job["frame"], "rb") as fh:
            frame = fh.read()
        out = np.empty(job["size"], dtype="u1")
        dec = Blosc()
        res = timed(lambda: dec.decode(frame, out), job["mintime"])
    else:
        with open(job["data"], "rb") as fh:
            arr = np.frombuffer(fh.read(), dtype=DTYPE.get(job["typesize"], f"V{job['typesize']}"))
        codec = Blosc(cname=job["cname"], clevel=job["clevel"], shuffle=SHUFFLE[job["shuffle"]],
                      blocksize=job["blocksize"])
        if job["op"] == "frame":
            with open(job["out"], "wb") as fh:
                fh.write(codec.encode(arr))
            res = {}
        else:
            res = timed(lambda: codec.encode(arr), job["mintime"])
    print(json.dumps(res), flush=True)
