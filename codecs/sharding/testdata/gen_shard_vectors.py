#!/usr/bin/python3
"""Builds sharding_indexed shards by hand from the specification text.

https://zarr-specs.readthedocs.io/en/latest/v3/codecs/sharding-indexed/index.html

No sharding writer is packaged for Debian, so this script writes shards
with nothing but struct, zlib/gzip and NumPy, following the "Binary shard
format" section: inner chunks are written one after another (in any order,
with unused space allowed), the index is an array of uint64 of shape
chunks-per-shard + [2] holding (offset, nbytes) per inner chunk in C order,
empty inner chunks are (2^64-1, 2^64-1), and the index is encoded with the
index codecs (bytes, then crc32c when listed) and put at the start or end.

Run with Debian's /usr/bin/python3 (NumPy 1.24) from this directory:

    /usr/bin/python3 gen_shard_vectors.py

It writes shard_vectors.json: per vector the array metadata of one shard
(data type, shard shape, fill value, codec JSON), the decoded shard in
C order (little-endian hex), the encoded shard (hex), and whether zcodec's
encoder must reproduce the bytes exactly (true when inner chunks are in
C order with no gaps and every codec is deterministic).
"""
import gzip
import json
import struct

import numpy as np

EMPTY = 2**64 - 1


def crc32c(data):
    """CRC-32C (Castagnoli, reflected polynomial 0x82F63B78)."""
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def bytes_codec(arr, endian):
    dt = arr.dtype.newbyteorder("<" if endian == "little" else ">")
    return arr.astype(dt).tobytes(order="C")


def encode_chain(arr, codecs, fill=None):
    """Encodes arr with a chain of bytes / gzip / crc32c (and nested
    sharding_indexed, leaving out its inner chunks equal to fill) codec JSON
    objects."""
    data = None
    for c in codecs:
        name, cfg = c["name"], c.get("configuration", {})
        if name == "bytes":
            data = bytes_codec(arr, cfg.get("endian", "little"))
        elif name == "sharding_indexed":
            data = encode_shard(arr, cfg, fill=fill)
        elif name == "gzip":
            data = gzip.compress(data, compresslevel=cfg["level"], mtime=0)
        elif name == "crc32c":
            data = data + struct.pack("<I", crc32c(data))
        else:
            raise ValueError(name)
    return data


def inner_slices(shape, chunk):
    grid = [s // c for s, c in zip(shape, chunk)]
    for idx in np.ndindex(*grid):
        yield idx, tuple(slice(i * c, (i + 1) * c) for i, c in zip(idx, chunk))


def encode_shard(arr, cfg, order=None, gap=0, absent=None, fill=None):
    """Writes one shard: inner chunks in `order` (C order by default), `gap`
    zero bytes before each, chunks listed in `absent` (or equal to fill)
    left out."""
    chunk = cfg["chunk_shape"]
    grid = [s // c for s, c in zip(arr.shape, chunk)]
    entries = np.full(grid + [2], EMPTY, dtype=np.uint64)
    pieces = {}
    for idx, sl in inner_slices(arr.shape, chunk):
        part = arr[sl]
        if absent is not None and idx in absent:
            continue
        if absent is None and fill is not None and np.all(part == fill):
            continue
        pieces[idx] = encode_chain(part, cfg["codecs"], fill)
    index_size = len(encode_chain(entries, cfg["index_codecs"]))
    start = cfg.get("index_location", "end") == "start"
    body = b""
    base = index_size if start else 0
    keys = order if order is not None else sorted(pieces)
    for idx in keys:
        if idx not in pieces:
            continue
        body += b"\0" * gap
        entries[idx] = (base + len(body), len(pieces[idx]))
        body += pieces[idx]
    index = encode_chain(entries, cfg["index_codecs"])
    assert len(index) == index_size
    return index + body if start else body + index


BYTES_LE = {"name": "bytes", "configuration": {"endian": "little"}}
BYTES_BE = {"name": "bytes", "configuration": {"endian": "big"}}
CRC = {"name": "crc32c"}


def sharding(chunk, codecs, index_codecs, location=None):
    cfg = {"chunk_shape": chunk, "codecs": codecs, "index_codecs": index_codecs}
    if location is not None:
        cfg["index_location"] = location
    return {"name": "sharding_indexed", "configuration": cfg}


vectors = []


def add(name, arr, fill, codec, note, exact=True, **kw):
    enc = encode_shard(arr, codec["configuration"], fill=fill, **kw)
    le = arr.astype(arr.dtype.newbyteorder("<"))
    vectors.append({
        "name": name,
        "data_type": str(arr.dtype),
        "shape": list(arr.shape),
        "fill_value": fill.item() if hasattr(fill, "item") else fill,
        "codecs": [codec],
        "decoded": le.tobytes().hex(),
        "encoded": enc.hex(),
        "exact_encode": exact,
        "note": note,
    })


u16 = np.arange(16, dtype=np.uint16).reshape(4, 4) * 3 + 1
add("end_bytes_crc32c", u16, 0,
    sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC], "end"),
    "the spec's recommended index codecs, index at the end (default spelled out)")
add("start_bytes_crc32c", u16, 0,
    sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC], "start"),
    "index at the start: offsets count from the shard's first byte, so they include the index")
add("default_location", u16, 0,
    sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC]),
    "index_location absent: the default is end")

with_fill = u16.copy()
with_fill[0:2, 2:4] = 7
with_fill[2:4, 0:2] = 7
add("absent_chunks", with_fill, 7,
    sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC]),
    "inner chunks (0,1) and (1,0) are all fill (7): stored as offset = nbytes = 2^64-1")

add("reverse_order_with_gaps", u16, 0,
    sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC]),
    "inner chunks written in reverse C order with 3 unused bytes before each: any order and unused space are valid",
    exact=False, order=[(1, 1), (1, 0), (0, 1), (0, 0)], gap=3)

f32 = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 5.5) / 4
add("float32_3d_gzip_start", f32, 0.0,
    sharding([1, 3, 2], [BYTES_LE, {"name": "gzip", "configuration": {"level": 6}}], [BYTES_LE, CRC], "start"),
    "3-d float32, inner chunks gzip-compressed (mtime 0); gzip bytes differ between writers", exact=False)

i32 = np.array([5, -1, 70000, -70000, 0, 0, 0, 0, 9, 8, 7, 6], dtype=np.int32)
add("int32_1d_big_endian_index_no_crc", i32, 0,
    sharding([4], [BYTES_BE], [BYTES_BE]),
    "big-endian inner chunks and a big-endian index without checksum; chunk 1 is all fill")

nested_cfg = sharding([2, 4], [sharding([2, 2], [BYTES_LE], [BYTES_LE, CRC])], [BYTES_LE, CRC])
nested = np.arange(32, dtype=np.uint8).reshape(4, 8)
nested[0:2, 4:6] = 255
add("nested", nested, 255, nested_cfg,
    "sharding inside sharding: shard [4 8], inner chunks [2 4] that are shards of [2 2] chunks; one inner-inner chunk is all fill")

f64 = np.full((2, 2), np.nan)
f64[1, 1] = -0.0
add("float64_nan_fill_negative_zero", f64, "NaN",
    sharding([1, 1], [BYTES_LE], [BYTES_LE, CRC]),
    "NaN fill: the three NaN chunks are absent; -0.0 is not the fill and is stored", absent={(0, 0), (0, 1), (1, 0)})

with open("shard_vectors.json", "w") as f:
    json.dump({"generator": "gen_shard_vectors.py", "numpy": np.__version__, "vectors": vectors}, f, indent=1)
    f.write("\n")
print(len(vectors), "vectors")
