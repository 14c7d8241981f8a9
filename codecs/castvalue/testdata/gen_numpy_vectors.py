#!/usr/bin/python3
"""Generate numpy_vectors.json: conversions computed by NumPy, the peer
whose casts cast_value must agree with in the cases where NumPy's
semantics are the codec's (nearest-even rounding with clamping, IEEE
nearest-even narrowing with overflow to infinity, wrapping integer
narrowing).

Run with Debian's NumPy: /usr/bin/python3 gen_numpy_vectors.py
"""
import json

import numpy as np

rng = np.random.default_rng(20261122)
N = 400


def halves(lo, hi, n):
    # integers and exact halves across [lo, hi], plus off-by-an-ulp values
    k = rng.integers(int(lo) * 2, int(hi) * 2, n).astype(np.float64) / 2
    return np.concatenate([k, np.nextafter(k, np.inf), np.nextafter(k, -np.inf)])


def edge_floats(t):
    fi = np.finfo(t)
    v = [0.0, -0.0, np.inf, -np.inf, float(fi.max), -float(fi.max), float(fi.tiny), float(fi.smallest_subnormal)]
    return np.array(v, dtype=np.float64)


cases = []


def add(name, src, dst, config):
    cases.append({
        "name": name,
        "from": str(src.dtype),
        "to": str(dst.dtype),
        "config": config,
        "src": src.astype(src.dtype.newbyteorder("<")).tobytes().hex(),
        "want": dst.astype(dst.dtype.newbyteorder("<")).tobytes().hex(),
    })


# float64 -> uint8, nearest-even, clamp: rint + clip + astype
x = np.concatenate([halves(-40, 300, N // 3), rng.uniform(-1e4, 1e4, 40), [-0.0, 255.5, 254.5, -0.5, 0.5]])
add("float64_to_uint8_rint_clip", x, np.clip(np.rint(x), 0, 255).astype(np.uint8),
    {"data_type": "uint8", "out_of_range": "clamp"})

# float32 -> int16, nearest-even, clamp
x = np.concatenate([halves(-33000, 33000, N // 3), [32767.5, -32768.5, 32766.5, 1e9, -1e9]]).astype(np.float32)
add("float32_to_int16_rint_clip", x, np.clip(np.rint(x), -32768, 32767).astype(np.int16),
    {"data_type": "int16", "out_of_range": "clamp"})

# float64 -> float32 and float16: IEEE nearest-even, overflow to infinity (= clamp)
for t, name in ((np.float32, "float32"), (np.float16, "float16")):
    fi = np.finfo(t)
    m = float(fi.max)
    near = np.array([m, np.nextafter(m, np.inf), m * (1 + 2.0 ** -(fi.nmant + 1)), m * (1 + 2.0 ** -(fi.nmant + 2))])
    x = np.concatenate([edge_floats(t), near, -near, rng.normal(0, 1, N // 2) * 10.0 ** rng.integers(-8, 6, N // 2),
                        float(fi.smallest_subnormal) * rng.uniform(0, 4, 20), [np.nan]])
    with np.errstate(over="ignore"):
        y = x.astype(t)
    add("float64_to_" + name + "_astype", x, y, {"data_type": name, "out_of_range": "clamp"})

# int64 -> float32 and uint64 -> float64: nearest-even casts
x = np.concatenate([rng.integers(-2 ** 63, 2 ** 63 - 1, N, dtype=np.int64), (2 ** 24 + rng.integers(-4, 4, 10)).astype(np.int64)])
add("int64_to_float32_astype", x, x.astype(np.float32), {"data_type": "float32"})
x = np.concatenate([rng.integers(0, 2 ** 64 - 1, N, dtype=np.uint64, endpoint=True), np.array([2 ** 64 - 1, 2 ** 53 + 1], dtype=np.uint64)])
add("uint64_to_float64_astype", x, x.astype(np.float64), {"data_type": "float64"})

# int32 -> int16 wrap and int64 -> uint8 wrap: astype truncates to the low bits
x = rng.integers(-2 ** 31, 2 ** 31 - 1, N, dtype=np.int32)
add("int32_to_int16_astype_wrap", x, x.astype(np.int16), {"data_type": "int16", "out_of_range": "wrap"})
x = rng.integers(-2 ** 63, 2 ** 63 - 1, N, dtype=np.int64)
add("int64_to_uint8_astype_wrap", x, x.astype(np.uint8), {"data_type": "uint8", "out_of_range": "wrap"})

with open("numpy_vectors.json", "w") as f:
    json.dump({"generator": "gen_numpy_vectors.py", "numpy": np.__version__, "cases": cases}, f, indent=1)
    f.write("\n")
