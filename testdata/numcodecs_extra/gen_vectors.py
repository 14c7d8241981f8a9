#!/usr/bin/python3
"""Vectors for the numcodecs codecs lzma, base64 and crc32c.

Run with Debian's interpreter and packages (python3-numcodecs 0.11,
python3-numpy), from any directory:

    /usr/bin/python3 testdata/numcodecs_extra/gen_vectors.py

It rewrites vectors.json beside this script. Each vector has the numcodecs
configuration (the v2 form, with "id"), the Zarr v3 codec JSON zcodec reads
it with, the decoded bytes and the bytes numcodecs wrote (hex). "rejects" are
byte strings numcodecs refuses to decode. "unsupported" are configurations
numcodecs writes that zcodec refuses, with the feature its message names.

numcodecs 0.11 has no CRC32C (later numcodecs has numcodecs.checksum32.CRC32C,
id "crc32c": the data, then its CRC-32C as 4 bytes little-endian, or before it
with "location": "start"). Its vectors are built here with a CRC-32C computed
in Python from the polynomial, checked against the standard check value.

When zcodec_out/ exists (written by `ZCODEC_WRITE_VECTORS=1 go test
./codecs/lzma/ ./codecs/base64/ ./codecs/checksum32/ -run ForNumcodecs`), each
file there is decoded with numcodecs and must give the decoded bytes recorded
beside it: numcodecs reads what zcodec writes. The result is in vectors.json.
"""
import base64 as pybase64
import json
import lzma
import os
import sys

import numcodecs
import numpy as np
from numcodecs import LZMA, Base64

HERE = os.path.dirname(os.path.abspath(__file__))
assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__
rng = np.random.default_rng(20)


def smooth(n):
    x = np.linspace(0, 20, n)
    return (273.15 + 20 * np.sin(x) + rng.normal(0, 0.05, n)).astype("<f4").tobytes()


def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


assert crc32c(b"123456789") == 0xE3069283


class CRC32C:
    """numcodecs.checksum32.CRC32C's layout (numcodecs >= 0.13)."""

    def __init__(self, location="end"):
        self.location = location

    def get_config(self):
        return {"id": "crc32c", "location": self.location}

    def encode(self, buf):
        s = crc32c(buf).to_bytes(4, "little")
        return s + buf if self.location == "start" else buf + s

    def decode(self, buf):
        if len(buf) < 4:
            raise ValueError("short")
        if self.location == "start":
            s, d = buf[:4], buf[4:]
        else:
            d, s = buf[:-4], buf[-4:]
        if crc32c(d).to_bytes(4, "little") != s:
            raise RuntimeError("checksum failed")
        return d


def v3(nc):
    cfg = {k: v for k, v in nc.get_config().items() if k != "id"}
    return {"name": "numcodecs." + nc.get_config()["id"], "configuration": cfg}


vectors, rejects, unsupported = [], [], []


def add(name, nc, raw, dtype="float32", note="", decodes=True):
    enc = bytes(nc.encode(raw))
    if decodes:
        assert bytes(nc.decode(enc)) == raw, name
    v = {"name": name, "numcodecs": nc.get_config(), "zarr": v3(nc), "dtype": dtype,
         "decoded": raw.hex(), "encoded": enc.hex()}
    if note:
        v["note"] = note
    vectors.append(v)
    return enc


def reject(name, nc, raw, enc, dtype="float32"):
    try:
        ok = bytes(nc.decode(enc)) == raw
    except Exception:
        ok = False
    assert not ok, name
    rejects.append({"name": name, "zarr": v3(nc), "dtype": dtype, "decoded_len": len(raw), "encoded": enc.hex()})


raw = smooth(301)
small = smooth(3)

# --- lzma ----------------------------------------------------------------------
for fmt, check, preset in [(1, -1, None), (1, 0, None), (1, 1, 1), (1, 4, 9), (1, 10, 0), (2, -1, None), (2, -1, 3)]:
    nc = LZMA(format=fmt, check=check, preset=preset)
    add(f"lzma-f{fmt}-c{check}-p{preset}", nc, raw)
add("lzma-empty", LZMA(), b"", "uint8")
add("lzma-small", LZMA(), small)
add("lzma-xz-filters-lzma2", LZMA(filters=[{"id": lzma.FILTER_LZMA2, "preset": 1}]), raw,
    note="numcodecs writes it but cannot read it back (Python's decompressor takes filters only for FORMAT_RAW)",
    decodes=False)
add("lzma-raw-lzma2", LZMA(format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA2, "preset": 1, "dict_size": 1 << 16}]), raw)
xz = bytes(LZMA().encode(raw))
reject("lzma-truncated", LZMA(), raw, xz[:-7])
reject("lzma-bad-check", LZMA(), raw, xz[:-20] + bytes([xz[-20] ^ 1]) + xz[-19:])
reject("lzma-trailing-garbage", LZMA(), raw, xz + b"xyzw")
for name, nc, feature in [
    ("lzma-raw-lzma1", LZMA(format=lzma.FORMAT_RAW, filters=[{"id": lzma.FILTER_LZMA1, "preset": 1}]), "LZMA1"),
    ("lzma-xz-delta", LZMA(filters=[{"id": lzma.FILTER_DELTA, "dist": 4}, {"id": lzma.FILTER_LZMA2, "preset": 1}]), "delta"),
    ("lzma-xz-x86", LZMA(filters=[{"id": lzma.FILTER_X86}, {"id": lzma.FILTER_LZMA2, "preset": 1}]), "x86"),
]:
    enc = bytes(nc.encode(raw))
    unsupported.append({"name": name, "numcodecs": nc.get_config(), "zarr": v3(nc), "dtype": "float32",
                        "decoded_len": len(raw), "encoded": enc.hex(), "feature": feature})

# --- base64 --------------------------------------------------------------------
add("base64-float32", Base64(), raw)
add("base64-empty", Base64(), b"", "uint8")
for n in (1, 2, 3):
    add(f"base64-{n}", Base64(), bytes(range(7, 7 + n)), "uint8")
b = bytes(Base64().encode(raw))
reject("base64-bad-char", Base64(), raw, b[:10] + b"*" + b[11:])
reject("base64-bad-padding", Base64(), bytes([7]), b"Bw=")

# --- crc32c --------------------------------------------------------------------
for loc in ("end", "start"):
    add(f"crc32c-{loc}", CRC32C(loc), raw)
    add(f"crc32c-{loc}-empty", CRC32C(loc), b"", "uint8")
e = CRC32C().encode(raw)
reject("crc32c-bad-sum", CRC32C(), raw, e[:-1] + bytes([e[-1] ^ 1]))
reject("crc32c-short", CRC32C(), b"", b"\x00\x01")

# --- encode-only settings out of range, which numcodecs accepts and its
# libraries clamp (docs/decisions.md#d23): zstd level 100 (libzstd's maximum
# is 22), lz4 acceleration 0 and -1 (liblz4 takes 1)
from numcodecs import LZ4, Zstd  # noqa: E402

for level in (100, -200000):
    nc = Zstd(level=level)
    enc = add(f"clamp-zstd-level{level}", nc, raw)
    vectors[-1]["zarr"] = {"name": "numcodecs.zstd", "configuration": {"level": level, "checksum": False}}
    vectors[-1]["clamped"] = {"name": "numcodecs.zstd", "configuration": {"level": 22 if level > 0 else -131072, "checksum": False}}
for accel in (0, -1):
    nc = LZ4(acceleration=accel)
    enc = add(f"clamp-lz4-accel{accel}", nc, raw)
    assert enc == bytes(LZ4(acceleration=1).encode(raw)), "liblz4 takes acceleration <= 0 as 1"
    vectors[-1]["clamped"] = {"name": "numcodecs.lz4", "configuration": {"acceleration": 1}}
    vectors[-1]["identical"] = True

# --- zcodec's encodings, decoded by numcodecs --------------------------------------
checked = []
out = os.path.join(HERE, "zcodec_out")
if os.path.isdir(out):
    for f in sorted(os.listdir(out)):
        if not f.endswith(".json"):
            continue
        with open(os.path.join(out, f)) as fh:
            d = json.load(fh)
        cfg = dict(d["numcodecs"])
        cid = cfg.pop("id")
        nc = {"lzma": LZMA, "base64": Base64, "crc32c": CRC32C, "zstd": Zstd, "lz4": LZ4}[cid](**cfg)
        if cid == "lzma" and cfg.get("filters") and cfg.get("format", 1) != lzma.FORMAT_RAW:
            # numcodecs cannot decode these (see lzma-xz-filters-lzma2): Python's lzma can
            got = lzma.decompress(bytes.fromhex(d["encoded"]), format=cfg.get("format", 1))
        else:
            got = bytes(nc.decode(bytes.fromhex(d["encoded"])))
        assert got == bytes.fromhex(d["decoded"]), f
        checked.append(f[:-5])

with open(os.path.join(HERE, "vectors.json"), "w") as fh:
    json.dump({"generator": "gen_vectors.py", "numcodecs": numcodecs.__version__,
               "python": sys.version.split()[0], "liblzma": lzma.__name__,
               "vectors": vectors, "rejects": rejects, "unsupported": unsupported,
               "zcodec_decoded_by_numcodecs": checked}, fh, indent=1)
    fh.write("\n")
print(f"{len(vectors)} vectors, {len(rejects)} rejects, {len(unsupported)} unsupported, {len(checked)} zcodec encodings read by numcodecs")
