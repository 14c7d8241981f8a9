#!/usr/bin/python3
"""Generate golden vectors for numcodecs' Delta, BitRound, Quantize and PackBits.

Run with Debian's packages (python3-numcodecs 0.11, python3-numpy 1.24):

    /usr/bin/python3 generate.py > vectors.json

Each case holds the codec configuration exactly as numcodecs' get_config()
writes it (without "id"), the decoded data type and shape, and either

  - "input": elements given to encode(), with "encoded" (what encode()
    returned, or "encode_error" naming the exception numcodecs raised) and
    "decoded" (what decode() returned for those encoded bytes); or
  - "stored": encoded elements given to decode() alone (decode-only cases:
    data numcodecs would not write, such as fractions stored for an integer
    array), with "decoded".

The fill fields encode eight fill values and keep the first encoded element
(for packbits the first packed byte), then decode that element alone.
"quantize_bits" records, for every digits value from -330 to 330, the
power of two Quantize scales by, or null where numcodecs' encode raises.
All bytes are little-endian element encodings in hex.
"""
import json
import math
import random
import sys
import warnings

import numcodecs
import numpy as np

warnings.simplefilter("ignore")

assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__
assert np.__version__.startswith("1.24"), np.__version__

nan, inf = float("nan"), float("inf")


def hexof(a):
    a = np.asarray(a)
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex()


def fill_fields(codec, dtype, fill):
    out = {"fill": hexof(np.array([fill], dtype=dtype))}
    try:
        enc = np.asarray(codec.encode(np.array([fill] * 8, dtype=dtype)))
    except Exception as e:
        out["fill_encode_error"] = type(e).__name__
        return out
    first = enc[1:2] if codec.codec_id == "packbits" else enc[:1]
    out["fill_encoded"] = hexof(first)
    if codec.codec_id == "packbits":
        dec = np.asarray(codec.decode(np.array([0, first[0]], dtype="u1")))
    else:
        dec = np.asarray(codec.decode(first.copy()))
    out["fill_decoded"] = hexof(dec[:1])
    return out


def config(codec):
    cfg = codec.get_config()
    cfg.pop("id")
    return cfg


def case(name, codec, dtype, values, fill, shape=None):
    arr = np.array(values, dtype=dtype)
    if shape is not None:
        arr = arr.reshape(shape)
    c = {
        "name": name,
        "codec": "numcodecs." + codec.codec_id,
        "configuration": config(codec),
        "dtype": np.dtype(dtype).str,
        "shape": list(arr.shape),
        "input": hexof(arr),
    }
    try:
        enc = np.asarray(codec.encode(arr))
    except Exception as e:
        c["encode_error"] = type(e).__name__
    else:
        dec = np.asarray(codec.decode(enc))
        c["encoded_dtype"] = enc.dtype.str if codec.codec_id != "bitround" else np.dtype(dtype).str
        c["encoded"] = hexof(enc)
        c["decoded"] = hexof(dec)
    c.update(fill_fields(codec, dtype, fill))
    return c


def decode_case(name, codec, dtype, stored_dtype, stored, fill):
    st = np.array(stored, dtype=stored_dtype)
    dec = np.asarray(codec.decode(st))
    c = {
        "name": name,
        "codec": "numcodecs." + codec.codec_id,
        "configuration": config(codec),
        "dtype": np.dtype(dtype).str,
        "shape": [int(dec.size)],
        "encoded_dtype": st.dtype.str,
        "stored": hexof(st),
        "decoded": hexof(dec),
    }
    c.update(fill_fields(codec, dtype, fill))
    return c


rng = random.Random(20240611)
D, B, Q, P = numcodecs.Delta, numcodecs.BitRound, numcodecs.Quantize, numcodecs.PackBits

ints = {
    "|i1": [-128, 127, 0, 1, -1, 100, -100, 50],
    "<i2": [-32768, 32767, 0, 1, -1, 30000, -30000, 12345],
    "<i4": [-2**31, 2**31 - 1, 0, 1, -1, 2**30, -2**30, 123456789],
    "<i8": [-2**63, 2**63 - 1, 0, 1, -1, 2**62, -2**62, 1234567890123],
    "|u1": [0, 255, 1, 254, 128, 127, 3, 200],
    "<u2": [0, 65535, 1, 65534, 32768, 32767, 3, 60000],
    "<u4": [0, 2**32 - 1, 1, 2**32 - 2, 2**31, 2**31 - 1, 3, 4000000000],
    "<u8": [0, 2**64 - 1, 1, 2**64 - 2, 2**63, 2**63 - 1, 3, 2**62 + 7],
}
floats = [1.5, -2.25, 0.1, nan, inf, -inf, -0.0, 0.0, 1e30, -1e30, 3.4e38, -3.4e38, 6e-8, 65504.0, 1e-300, 7.0]
cases = []

# --- delta: same type, every dtype numcodecs takes that Zarr v3 has
for t, v in ints.items():
    cases.append(case(f"delta {t}", D(dtype=t), t, v + [rng.randrange(-2**7, 2**7) % 100 for _ in range(8)], v[0]))
for t in ["<f2", "<f4", "<f8"]:
    cases.append(case(f"delta {t}", D(dtype=t), t, floats, 0.5))
cases.append(case("delta |b1 (diff is not_equal, decode accumulates or)", D(dtype="|b1"), "|b1",
                  [True, False, False, True, True, False, True, True], True))
cases.append(case("delta <c8", D(dtype="<c8"), "<c8", [1 + 2j, 3 - 1j, complex(nan, 1), complex(1e38, -3e38), 0.5j, -2], 1j))
cases.append(case("delta <c16", D(dtype="<c16"), "<c16", [1 + 2j, 3 - 1j, complex(inf, 0), 1e308 + 1e308j, -1e308 - 1e308j, 0.1], 0))
cases.append(case("delta one element", D(dtype="<i4"), "<i4", [7], 7))
cases.append(case("delta 2-D chunk, flattened C order", D(dtype="<i2"), "<i2", list(range(0, 120, 10)), 0, shape=(3, 4)))
# --- delta: astype differs (NumPy casts; decode accumulates in the promoted type)
mixed = [
    ("<i2", "|i1", [100, 300, -500, 32767, -32768, 0, 1, -1], 5),
    ("|i1", "<i2", [100, -100, 127, -128, 0, 1, -1, 5], 5),
    ("<i4", "<f8", [1, 5, 2**31 - 1, -2**31, 7, 0, 100, -100], 0),
    ("<f8", "<i2", [1.5, 2.7, 1e10, nan, -3.9, 70000.5, inf, -1e20], 2.0),
    ("<f8", "<f4", [0.1, 0.3, 1e300, -1e300, 1e-45, 2.5, nan, -0.0], 0.1),
    ("<f4", "<f2", [1.0, 1.001, 65504.0, 70000.0, 1e-8, -3.0, nan, 2.0], 1.0),
    ("<f8", "|u1", [-2.5, nan, inf, 300.7, 1.0, 2.0, 255.0, 0.0], 3.0),
    ("<f8", "<u2", [-1.0, 65535.0, 70000.0, 1.5, 0.0, 2.0, 3.0, 4.0], 1.0),
    ("<f8", "<i4", [2**31 + 5.0, 1.0, -2**31 - 7.0, 3e9, 0.5, -0.5, 2.0, 1e12], 1.0),
    ("<f8", "<i8", [9e18, 1.0, -9.2e18, 1.5, 0.0, -1.0, 2.0, 1e18], 0.0),
    ("<f8", "<u8", [-1.0, 1e20, 2.0**63, 1.0, 0.0, 2.0, 3.0, 4.0], 0.0),
    ("|u1", "|b1", [1, 0, 3, 0, 255, 255, 0, 7], 1),
    ("|b1", "|u1", [True, False, False, True, True, False, True, True], False),
    ("|b1", "<f8", [True, False, False, True, True, False, True, True], True),
    ("<f8", "|b1", [0.0, nan, 1.5, 1.5, -0.0, 2.0, 0.0, 0.0], 0.0),
    ("<c16", "<f8", [1 + 2j, 3 - 1j, 5 + 5j, -1j, 2, 0, 7, 1], 1),
    ("<c8", "<c16", [1 + 2j, 3 - 1j, 1e38j, -1e38, 2, 0, 7, 1], 0),
    ("<f4", "<c8", [1.5, -2.0, 3.25, 1e38, -1e38, nan, 0.0, 1.0], 0.0),
    ("<c16", "<i2", [3.7 + 2j, -1.2 - 5j, 40000 + 0j, 1, 2, 3, 4, 5], 0),
    ("<i8", "<u8", [-1, 5, 2**63 - 1, -2**63, 0, 1, 2, 3], 0),
    ("<u8", "<i8", [2**63 - 1, 0, 2**64 - 1, 1, 2, 3, 4, 5], 0),
    ("<u8", "<f4", [0, 2**64 - 1, 16777217, 1, 2, 3, 4, 5], 0),
    ("<i2", "<f2", [32767, -32768, 2049, 1, 2, 3, 4, 5], 0),
    ("<u2", "<f8", [65535, 0, 1, 2, 60000, 3, 4, 5], 0),
    ("<f2", "<f8", [1.0, 65504.0, -65504.0, 6e-8, nan, 0.1, 0.2, 0.3], 0.0),
]
for dt, at, v, fill in mixed:
    cases.append(case(f"delta {dt} astype {at}", D(dtype=dt, astype=at), dt, v, fill))
# first element numcodecs cannot store (Python int() of the element)
cases.append(case("delta f8 astype i2 NaN first", D(dtype="<f8", astype="<i2"), "<f8", [nan, 1.0], nan))
cases.append(case("delta f8 astype i2 Inf first", D(dtype="<f8", astype="<i2"), "<f8", [inf, 1.0], 0.0))
cases.append(case("delta f8 astype i8 1e19 first", D(dtype="<f8", astype="<i8"), "<f8", [1e19, 1.0], 1e19))
cases.append(case("delta u8 astype i1 2^64-1 first", D(dtype="<u8", astype="|i1"), "<u8", [2**64 - 1, 1], 2**64 - 1))
cases.append(case("delta f4 astype i4 1e10 first", D(dtype="<f4", astype="<i4"), "<f4", [1e10, 1.0, 2.0, 3.0], 1e10))
cases.append(case("delta f8 astype i2 1e10 first wraps", D(dtype="<f8", astype="<i2"), "<f8", [1e10, 1.0, 2.0, 3.0], 1e10))
# decode-only: values numcodecs' encode would not give
cases.append(decode_case("delta i2 astype f8 decode accumulates in f8", D(dtype="<i2", astype="<f8"), "<i2", "<f8",
                         [0.5, 0.5, 0.7, 0.7, 32767.0, 1.0, -1e10, nan], 0))
cases.append(decode_case("delta u1 astype f4 decode", D(dtype="|u1", astype="<f4"), "|u1", "<f4",
                         [1.9, -1.5, 300.5, nan, 1.0, 2.0, 3.0, -1e9], 0))
cases.append(decode_case("delta i1 astype i2 decode wraps", D(dtype="|i1", astype="<i2"), "|i1", "<i2",
                         [100, 100, 300, -300, 32767, 1, -32768, 5], 0))
cases.append(decode_case("delta f4 astype f8 decode", D(dtype="<f4", astype="<f8"), "<f4", "<f8",
                         [0.1, 0.2, 1e300, -1e300, 1e39, 0.3, 0.4, 0.5], 0.0))
cases.append(decode_case("delta u4 decode wraps", D(dtype="<u4"), "<u4", "<u4",
                         [4000000000, 4000000000, 1, 2**32 - 1, 0, 5, 6, 7], 0))

# --- bitround
fvals = [1.0, math.pi, -math.pi, nan, inf, -inf, -0.0, 0.0, 65504.0, 1e-7, 6e-8, 1.5, 1.25, 1.75, 2.5, 3e38,
         -3.4028235e38, 1e-40, 1e300, -1e-310, 1.0000001, 0.1, 123.456, -7.0]
for t, maxbits in [("<f2", 10), ("<f4", 23), ("<f8", 52)]:
    vals = np.array(fvals, dtype=t).tolist() + [float(x) for x in np.random.default_rng(7).normal(0, 100, 8).astype(t)]
    for kb in sorted({0, 1, 2, 5, 9, maxbits - 1, maxbits}):
        cases.append(case(f"bitround {t} keepbits {kb}", B(keepbits=kb), t, vals, nan if kb % 2 else 1.1))
cases.append(case("bitround one element", B(keepbits=3), "<f4", [math.pi], 0.0))

# --- quantize
qvals = [math.pi, -math.pi, 0.1, 1e10, 65000.7, nan, inf, -inf, -0.0, 0.0, 1000.3, 0.5, 2.5, -2.5, 1e-5, 3e38, 1e-300, 12345.678]
for t in ["<f2", "<f4", "<f8"]:
    vals = np.array(qvals, dtype=t).tolist()
    for d in [-308, -5, -3, -1, 0, 1, 2, 3, 5, 7, 15, 30, 40, 300, 307]:
        cases.append(case(f"quantize {t} digits {d}", Q(digits=d, dtype=t), t, vals, 0.1))
for dt, at in [("<f8", "<f4"), ("<f8", "<f2"), ("<f4", "<f2"), ("<f2", "<f8"), ("<f4", "<f8")]:
    vals = np.array(qvals, dtype=dt).tolist()
    for d in [-2, 1, 3, 40]:
        cases.append(case(f"quantize {dt} astype {at} digits {d}", Q(digits=d, dtype=dt, astype=at), dt, vals, 0.1))
for d in [308, 400, -309]:
    cases.append(case(f"quantize f8 digits {d} cannot encode", Q(digits=d, dtype="<f8"), "<f8", [1.0], 0.0))

# --- packbits
for n in [1, 2, 7, 8, 9, 15, 16, 17, 64, 100]:
    bits = [rng.random() < 0.5 for _ in range(n)]
    cases.append(case(f"packbits {n} elements", P(), "|b1", bits, n % 2 == 0))
cases.append(case("packbits 2-D chunk", P(), "|b1", [True, False, True, True, False, False], True, shape=(2, 3)))
cases.append(case("packbits bytes 2 and 255 are true", P(), "|b1",
                  np.array([0, 2, 255, 1, 0, 0, 9, 0, 0, 128], dtype="u1").view(bool), False))
cases.append(decode_case("packbits padding bits ignored", P(), "|b1", "|u1", [3, 0xff], False))

# --- quantize scales
qbits = {}
for d in range(-330, 331):
    try:
        precision = 10. ** -d
        exp = math.log(precision, 10)
        exp = int(math.floor(exp)) if exp < 0 else int(math.ceil(exp))
        bits = math.ceil(math.log(10. ** -exp, 2))
        2. ** bits
        qbits[str(d)] = bits
    except (OverflowError, ValueError):
        qbits[str(d)] = None

json.dump({"generator": "numcodecs " + numcodecs.__version__ + ", numpy " + np.__version__,
           "cases": cases, "quantize_bits": qbits}, sys.stdout, indent=1, allow_nan=False)
sys.stdout.write("\n")
