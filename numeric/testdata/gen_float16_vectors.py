#!/usr/bin/python3
"""Generate float16_vectors.json with numpy as the peer.

"narrow": float64 values and the float16 numpy rounds them to
(ndarray.astype(np.float16): round to nearest, ties to even, overflow to
infinity). The inputs are seeded: midpoints between neighbouring float16
values, the float64 values one ulp either side of them, subnormal and
overflow boundaries, and random values in float16's range.

"shortest": float16 values and numpy's shortest round-trip decimal
(np.format_float_scientific(unique=True)) for a seeded sample of bit
patterns plus every power of two.

Run with Debian's numpy: /usr/bin/python3 gen_float16_vectors.py
"""
import json
import warnings
import numpy as np

warnings.simplefilter("ignore")
rng = np.random.default_rng(20261122)

bits = rng.integers(0, 0x7c00, 400, dtype=np.uint16)
vals = bits.view(np.float16).astype(np.float64)
nxt = (bits + 1).view(np.float16).astype(np.float64)  # 0x7c00 is +Inf for the largest
nxt[np.isinf(nxt)] = 65536.0
mid = vals + (nxt - vals) / 2
xs = [vals, mid, np.nextafter(mid, np.inf), np.nextafter(mid, -np.inf)]
special = np.array([
    0.0, -0.0, 65504.0, 65519.0, 65520.0, 65536.0, 1e6, 2.0**-24, 2.0**-25, 1.5 * 2.0**-25,
    2.0**-26, 2.0**-14, 2.0**-14 - 2.0**-25, 1.00048828125, 1.0009765625,
])
xs.append(special)
xs.append(np.nextafter(special, np.inf))
xs.append(np.nextafter(special, -np.inf))
xs.append(rng.uniform(-70000, 70000, 300))
xs.append(np.ldexp(rng.uniform(0.5, 1, 300), rng.integers(-30, 17, 300)))
x = np.concatenate(xs)
x = np.concatenate([x, -x])
h = x.astype(np.float16)
narrow = [["%016x" % a, "%04x" % b] for a, b in zip(x.view(np.uint64), h.view(np.uint16))]

sample = set(int(b) for b in rng.integers(0, 0x7c00, 1500))
sample |= {int(np.float16(2.0**e).view(np.uint16)) for e in range(-24, 16)}
sample |= {b | 0x8000 for b in list(sample)[:200]}
shortest = []
for b in sorted(sample):
    f = np.array([b], dtype=np.uint16).view(np.float16)[0]
    shortest.append(["%04x" % b, np.format_float_scientific(f, unique=True)])

with open("float16_vectors.json", "w") as out:
    json.dump({"generator": "numpy " + np.__version__, "narrow": narrow, "shortest": shortest}, out, separators=(",", ":"))
    out.write("\n")
