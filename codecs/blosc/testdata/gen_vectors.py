#!/usr/bin/python3
"""Generate c-blosc golden vectors for zcodec's blosc codecs.

Run with Debian bookworm's interpreter and packages (python3-numcodecs 0.11
and python3-blosc 1.11, both linked to libblosc1 1.21.3; python3-numpy):

    /usr/bin/python3 codecs/blosc/testdata/gen_vectors.py

It rewrites vectors.json and frames.bin beside this script. Every input is
made by a formula that the Go tests recompute (see make_input), so only the
frames are stored: frames.bin is their concatenation and each vector gives
its offset and length. A vector records how the frame was made (numcodecs
Blosc, or python-blosc where numcodecs cannot: a length that is not a
multiple of the type size), the settings, and the Zarr codec JSON that
reads it under both names. numcodecs decodes every frame back to its input
here before it is written.

"rejects" are forged frames (a valid frame with one header or stream field
changed); each names the field. Where calling c-blosc on the forgery is
safe (it checks the field before reading past the buffer) numcodecs is run
on it and must refuse it ("numcodecs_refuses": true).
"""
import hashlib
import json
import os
import struct
import sys

import blosc as pyblosc
import numcodecs
import numpy as np
from numcodecs import Blosc

HERE = os.path.dirname(os.path.abspath(__file__))
assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__
assert pyblosc.blosclib_version.startswith("1.21.3"), pyblosc.blosclib_version

SHUFFLE_NAMES = {0: "noshuffle", 1: "shuffle", 2: "bitshuffle"}


class LCG:
    """x = (1103515245 x + 12345) mod 2^31; each draw is bits 16..30."""

    def __init__(self, seed):
        self.x = seed & 0x7FFFFFFF

    def next(self):
        self.x = (1103515245 * self.x + 12345) & 0x7FFFFFFF
        return self.x >> 16


def make_input(kind, nbytes, ts, seed):
    """The input bytes of a vector; Go's makeInput is the same formula.

    smooth: element i of ts bytes holds v = 3*i + (draw % 8), little-endian
            in its first min(ts, 8) bytes; byte b >= 8 is (b + i // 64) % 256.
            Bytes after the last whole element are draws % 256.
    slow:   as smooth with v = i // 8 (no draws: compresses far better).
    f32:    float32 100 + (i % 1024)/16 + i // 1024 + (draw % 4)/2^14,
            exact in float32 (ts must be 4).
    random: draws % 256.
    zeros:  zero bytes.
    mixed:  the first half zeros, the rest draws % 256.
    """
    r = LCG(seed)
    out = bytearray(nbytes)
    if kind in ("smooth", "slow"):
        n = nbytes // ts
        for i in range(n):
            v = 3 * i + r.next() % 8 if kind == "smooth" else i // 8
            for b in range(ts):
                out[i * ts + b] = (v >> (8 * b)) & 0xFF if b < 8 else (b + i // 64) % 256
        for j in range(n * ts, nbytes):
            out[j] = r.next() % 256
    elif kind == "f32":
        assert ts == 4 and nbytes % 4 == 0
        n = nbytes // 4
        vals = np.empty(n, dtype="<f4")
        for i in range(n):
            vals[i] = np.float32(100 + (i % 1024) / 16 + i // 1024 + (r.next() % 4) / 2**14)
        out[:] = vals.tobytes()
    elif kind == "random":
        for j in range(nbytes):
            out[j] = r.next() % 256
    elif kind == "zeros":
        pass
    elif kind == "mixed":
        for j in range(nbytes // 2, nbytes):
            out[j] = r.next() % 256
    else:
        raise ValueError(kind)
    return bytes(out)


DTYPES = {1: "u1", 2: "<u2", 4: "<u4", 8: "<u8"}


def as_array(raw, ts):
    dt = DTYPES.get(ts, "V%d" % ts)
    return np.frombuffer(raw, dtype=dt)


frames = bytearray()
vectors = []
seen = set()


def store(frame):
    off = len(frames)
    frames.extend(frame)
    return off


def zarr_configs(cname, clevel, shuffle, ts, blocksize):
    """The codec JSON that reads a frame, under both names. ts is the
    element size the frame was made with (numcodecs' AUTOSHUFFLE resolved
    against it)."""
    resolved = shuffle
    if shuffle == -1:
        resolved = 2 if ts == 1 else 1
    core = {"name": "blosc", "configuration": {
        "cname": cname, "clevel": clevel, "shuffle": SHUFFLE_NAMES[resolved],
        "typesize": ts, "blocksize": blocksize}}
    nc = {"name": "numcodecs.blosc", "configuration": {
        "cname": cname, "clevel": clevel, "shuffle": shuffle, "blocksize": blocksize,
        "typesize": ts}}
    return core, nc


def add(name, cname, clevel, shuffle, ts, blocksize, kind, nbytes, seed,
        via="numcodecs", splitmode=None, note=""):
    assert name not in seen, name
    seen.add(name)
    raw = make_input(kind, nbytes, ts, seed)
    if via == "numcodecs":
        assert nbytes % ts == 0
        if splitmode is not None:
            # numcodecs' threaded path calls blosc_compress, which reads
            # BLOSC_SPLITMODE on every call
            numcodecs.blosc.use_threads = True
            os.environ["BLOSC_SPLITMODE"] = splitmode
        try:
            codec = Blosc(cname=cname, clevel=clevel, shuffle=shuffle, blocksize=blocksize)
            frame = bytes(codec.encode(as_array(raw, ts)))
        finally:
            if splitmode is not None:
                os.environ["BLOSC_SPLITMODE"] = "FORWARD_COMPAT"
                Blosc("lz4", 1, 0).encode(np.zeros(1000, "u1"))  # apply the reset
                del os.environ["BLOSC_SPLITMODE"]
                numcodecs.blosc.use_threads = None
        config = Blosc(cname=cname, clevel=clevel, shuffle=shuffle, blocksize=blocksize).get_config()
    else:
        assert via == "python-blosc" and splitmode is None and shuffle >= 0
        pyblosc.set_blocksize(blocksize)
        frame = pyblosc.compress(raw, typesize=ts, clevel=clevel, shuffle=shuffle, cname=cname)
        pyblosc.set_blocksize(0)
        config = None
    if nbytes > 0:  # numcodecs cannot decode the empty frame it writes
        back = bytes(Blosc().decode(frame))
        assert back == raw, name
    core, nc = zarr_configs(cname, clevel, shuffle, ts, blocksize)
    v = {
        "name": name, "via": via, "numcodecs": config,
        "cname": cname, "clevel": clevel, "shuffle": shuffle, "typesize": ts,
        "blocksize": blocksize, "input": {"kind": kind, "nbytes": nbytes, "seed": seed},
        "input_sha256": hashlib.sha256(raw).hexdigest(),
        "frame": {"offset": store(frame), "length": len(frame)},
        "zarr": core, "numcodecs_zarr": nc,
    }
    if splitmode:
        v["blosc_splitmode"] = splitmode
    if note:
        v["note"] = note
    vectors.append(v)
    return raw, frame


CNAMES = ["blosclz", "lz4", "lz4hc", "snappy", "zlib", "zstd"]
assert sorted(numcodecs.blosc.list_compressors()) == sorted(CNAMES)

# A: every compressor x shuffle (none, byte, bit, auto) x type size, one
# block of about 3 kB (odd type sizes through NumPy void dtypes; 428
# 7-byte and 16 255-byte elements: bit shuffle skips the first, not the
# second)
SIZES = {1: 3000, 2: 3000, 4: 3000, 8: 3000, 3: 3000, 7: 2996, 255: 4080}
seed = 1
for cname in CNAMES:
    for shuffle in (0, 1, 2, -1):
        for ts, nbytes in SIZES.items():
            add(f"matrix-{cname}-s{shuffle}-ts{ts}", cname, 5, shuffle, ts, 0, "smooth", nbytes, seed)
            seed += 1

# B: block sizes: automatic, under the 128-byte minimum, small, not a
# multiple of the type size, larger than the chunk; several blocks with a
# short last one
for cname in ("blosclz", "lz4", "zstd", "zlib"):
    for shuffle in (1, 2):
        for bsz in (0, 100, 256, 1000, 4096, 65536, 1 << 22):
            add(f"blocksize-{cname}-s{shuffle}-b{bsz}", cname, 5, shuffle, 4, bsz, "smooth", 12012, seed)
            seed += 1

# C: every compression level, on a chunk above 32 KiB (the level sets the
# block size there); clevel 0 stores the data (memcpy flag)
for cname in CNAMES:
    for clevel in range(1, 10):
        add(f"clevel-{cname}-c{clevel}", cname, clevel, 1, 4, 0, "slow", 40000, seed)
        seed += 1
    add(f"clevel-{cname}-c0", cname, 0, 1, 4, 0, "slow", 1000, seed)
    seed += 1

# D: data that does not compress (stored whole), and data half of whose
# streams do not (stored streams inside a compressed frame)
for cname in CNAMES:
    add(f"random-{cname}", cname, 5, 1, 4, 0, "random", 5000, seed)
    seed += 1
    add(f"mixed-{cname}", cname, 5, 0, 1, 4096, "mixed", 10000, seed)
    seed += 1

# E: tiny and empty chunks (under 128 bytes a frame is always stored)
for cname in ("blosclz", "lz4", "zstd"):
    for ts, nbytes in ((1, 0), (1, 1), (2, 2), (4, 4), (8, 8), (1, 127), (1, 128), (4, 128), (1, 129), (8, 136)):
        add(f"tiny-{cname}-ts{ts}-n{nbytes}", cname, 5, 1 if ts > 1 else 2, ts, 0, "smooth", nbytes, seed)
        seed += 1

# F: lengths that are not a multiple of the type size: the bytes after the
# last element are not shuffled (python-blosc, which takes any length)
for cname in ("blosclz", "lz4", "zstd"):
    for shuffle in (1, 2):
        for ts in (2, 3, 4, 7, 8, 16):
            nbytes = ts * 503 + ts - 1
            add(f"ragged-{cname}-s{shuffle}-ts{ts}", cname, 5, shuffle, ts, 0, "smooth", nbytes, seed, via="python-blosc")
            seed += 1
add("ragged-lz4-s1-ts4-blocks", "lz4", 5, 1, 4, 1000, "smooth", 4 * 5003 + 3, seed, via="python-blosc")
seed += 1

# G: split and unsplit blocks against the default rule (BLOSC_SPLITMODE):
# split zstd blocks, unsplit lz4/blosclz/snappy blocks
for cname, mode in (("zstd", "ALWAYS"), ("lz4", "NEVER"), ("blosclz", "NEVER"), ("snappy", "NEVER"), ("zlib", "AUTO"), ("blosclz", "AUTO")):
    for shuffle in (1, 2):
        add(f"splitmode-{mode.lower()}-{cname}-s{shuffle}", cname, 5, shuffle, 4, 0, "f32", 16384, seed, splitmode=mode)
        seed += 1

# H: large chunks (blocks of 512 KiB split in four, 256 KiB unsplit)
for cname, shuffle in (("lz4", 1), ("blosclz", 2), ("zstd", 1)):
    add(f"large-{cname}-s{shuffle}", cname, 5, shuffle, 4, 0, "slow", 1 << 20, seed)
    seed += 1

# --- rejects -------------------------------------------------------------------
rejects = []


def reject(name, frame, nbytes, why, call_numcodecs=True):
    if call_numcodecs:
        try:
            out = Blosc().decode(frame)
            ok = len(out) == nbytes
        except Exception:
            ok = False
        assert not ok, name
    rejects.append({"name": name, "why": why, "decoded_len": nbytes,
                    "frame": {"offset": store(frame), "length": len(frame)},
                    "numcodecs_refuses": call_numcodecs})


def patch(frame, off, fmt, value):
    b = bytearray(frame)
    struct.pack_into(fmt, b, off, value)
    return bytes(b)


raw, good = [(make_input("smooth", 6000, 4, 9999), None)][0]
good = bytes(Blosc("lz4", 5, 1).encode(as_array(raw, 4)))
stored = bytes(Blosc("lz4", 0, 1).encode(as_array(raw, 4)))
n = len(raw)
bstart0 = struct.unpack_from("<i", good, 16)[0]
reject("version-3", patch(good, 0, "B", 3), n, "format version 3 (Blosc2)")
reject("version-0", patch(good, 0, "B", 0), n, "format version 0")
reject("versionlz-2", patch(good, 1, "B", 2), n, "lz4 format version 2")
reject("reserved-flag", patch(good, 2, "B", good[2] | 0x08), n, "reserved flag bit 3")
reject("compressor-5", patch(good, 2, "B", (good[2] & 0x1F) | 5 << 5), n, "compressor format 5")
reject("compressor-7", patch(good, 2, "B", (good[2] & 0x1F) | 7 << 5), n, "compressor format 7")
reject("typesize-0", patch(good, 3, "B", 0), n, "type size 0")
reject("blocksize-0", patch(good, 8, "<I", 0), n, "block size 0")
reject("blocksize-huge", patch(good, 8, "<I", 0x7FFFFFFF), n, "block size beyond c-blosc's maximum")
reject("blocksize-1", patch(good, 8, "<I", 1), n, "6000 blocks of 1 byte; no room for their offsets")
reject("bstart-past-end", patch(good, 16, "<i", len(good)), n, "block offset at the frame's end")
reject("bstart-negative", patch(good, 16, "<i", -4), n, "negative block offset")
reject("csize-past-end", patch(good, bstart0, "<i", len(good)), n, "stream size past the frame's end")
reject("csize-negative", patch(good, bstart0, "<i", -1), n, "negative stream size")
# the first stream that is compressed (shorter than its 1500 bytes)
off = bstart0
while struct.unpack_from("<i", good, off)[0] == n // 4:
    off += 4 + n // 4
reject("stream-garbled", good[:off + 4] + bytes([0xF0]) * 8 + good[off + 12:], n, "a compressed stream's first bytes overwritten")
reject("memcpy-cbytes", patch(stored, 12, "<I", len(stored) - 1), n, "stored frame whose size is not nbytes+16")
reject("truncated", good[:-10], n, "frame shorter than its cbytes", call_numcodecs=False)
reject("short-header", good[:15], n, "15 bytes", call_numcodecs=False)
reject("nbytes-larger", patch(good, 4, "<I", n + 4), n, "nbytes 4 more than the chunk", call_numcodecs=False)
reject("nbytes-huge", patch(good, 4, "<I", 0xFFFFFFF0), n, "nbytes beyond 2^31", call_numcodecs=False)
reject("cbytes-small", patch(good, 12, "<I", 15), n, "cbytes less than the header", call_numcodecs=False)

# --- write ----------------------------------------------------------------------
with open(os.path.join(HERE, "frames.bin"), "wb") as fh:
    fh.write(frames)
meta = {"generator": "gen_vectors.py", "numcodecs": numcodecs.__version__,
        "python_blosc": pyblosc.__version__, "c_blosc": pyblosc.blosclib_version,
        "numpy": np.__version__, "python": sys.version.split()[0]}
with open(os.path.join(HERE, "vectors.json"), "w") as fh:
    # one vector a line
    fh.write(json.dumps(meta)[:-1])
    for key, items in (("vectors", vectors), ("rejects", rejects)):
        fh.write(', "%s": [\n' % key)
        fh.write(",\n".join(json.dumps(v) for v in items))
        fh.write("\n]")
    fh.write("}\n")
print(f"{len(vectors)} vectors, {len(rejects)} rejects, frames.bin {len(frames)} bytes")
