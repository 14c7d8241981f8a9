#!/usr/bin/python3
"""Generate golden vectors for numcodecs.fixedscaleoffset and numcodecs.astype.

Run with Debian's packages (python3-numcodecs 0.11, python3-numpy 1.24):

    /usr/bin/python3 generate.py > vectors.json

Each case holds the codec configuration exactly as numcodecs' get_config()
writes it (without "id"), the decoded data type, the input elements, the
bytes numcodecs' encode() produced from them and the bytes its decode()
produced from those. All bytes are little-endian element encodings in hex.
Arrays have a multiple of 4 elements: NumPy's float->uint32 cast gives
position-dependent results out of range (vector body versus scalar tail),
and the generator checks that every recorded value is position-independent
by encoding each element on its own as well.
"""
import json
import sys
import warnings

import numcodecs
import numpy as np

warnings.simplefilter("ignore")

assert numcodecs.__version__.startswith("0.11"), numcodecs.__version__
assert np.__version__.startswith("1.24"), np.__version__

nan, inf = float("nan"), float("inf")


def pad4(values):
    values = list(values)
    while len(values) % 4:
        values.append(values[-1])
    return values


def hexof(a):
    return np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes().hex()


def case(name, codec, dtype, values, fill):
    arr = np.array(pad4(values), dtype=dtype)
    enc = np.asarray(codec.encode(arr))
    dec = np.asarray(codec.decode(enc))
    # position independence: each element alone (NumPy's scalar loop) gives
    # the same bytes as in the array (its vector loop), except float->uint32
    # out of range, which is recorded
    dependent = []
    for i in range(len(arr)):
        alone = np.asarray(codec.encode(arr[i:i + 1].copy()))
        if alone.tobytes() != enc[i:i + 1].tobytes():
            if enc.dtype != np.uint32:
                raise SystemExit(f"{name}: element {i} ({arr[i]!r}) is position-dependent")
            dependent.append(i)
    cfg = codec.get_config()
    cfg.pop("id")
    fill_arr = np.array(pad4([fill]), dtype=dtype)
    fill_enc = np.asarray(codec.encode(fill_arr))
    fill_dec = np.asarray(codec.decode(fill_enc))
    return {
        "name": name,
        "codec": "numcodecs." + codec.codec_id,
        "configuration": cfg,
        "dtype": np.dtype(dtype).str,
        "input": hexof(arr),
        "encoded_dtype": enc.dtype.str,
        "encoded": hexof(enc),
        "decoded": hexof(dec),
        "fill": hexof(fill_arr[:1]),
        "fill_encoded": hexof(fill_enc[:1]),
        "fill_decoded": hexof(fill_dec[:1]),
        "position_dependent": dependent,
    }


FSO = numcodecs.FixedScaleOffset
AT = numcodecs.AsType

ties = [0.25, 0.75, 1.25, 1.75, 2.25, -0.25, -0.75, -1.25, -1.75, 0.0, -0.0, 3.5]
big = [300.0, -1.0, -129.0, 256.0, 70000.0, -70000.0, 1e10, -1e10, nan, inf, -inf, 127.5, 2.5e9, -2.5e9, 5e9, 1e19, -1e19, 2e19]

cases = [
    # numcodecs' docstring example
    case("docstring f8->u1", FSO(offset=1000, scale=10, dtype="<f8", astype="u1"), "<f8",
         np.linspace(1000, 1001, 10, dtype="<f8"), 1000.0),
    # fixture: f4 -> i2, offset 1000, scale 10
    case("fixture f4->i2", FSO(offset=1000, scale=10, dtype="<f4", astype="<i2"), "<f4",
         [1000.0, 1000.1, 1000.2, 1000.3], 1000.0),
    case("ties half-even f8->i1", FSO(offset=0, scale=2, dtype="<f8", astype="i1"), "<f8", ties, 0.0),
    case("ties half-even f4->u1 wraps negatives", FSO(offset=0, scale=2, dtype="<f4", astype="u1"), "<f4", ties, 0.0),
    case("float scale f8->u2", FSO(offset=-10.5, scale=0.1, dtype="<f8", astype="<u2"), "<f8",
         [-10.5, -10.0, 0.0, 5.05, 6549.0, 6553.5, 100.25, -20.0], -10.5),
    case("float scale f4->i2", FSO(offset=273.15, scale=100.0, dtype="<f4", astype="<i2"), "<f4",
         [273.15, 250.0, 300.0, 273.155, 273.145, -100.0, 600.0, 0.0], 273.15),
] + [
    case(f"overflow f8->{t}", FSO(offset=0, scale=1, dtype="<f8", astype=t), "<f8", big, 0.0)
    for t in ["|i1", "|u1", "<i2", "<u2", "<i4", "<u4", "<i8", "<u8"]
] + [
    case(f"overflow f4->{t}", FSO(offset=0, scale=1, dtype="<f4", astype=t), "<f4", big[:16], 0.0)
    for t in ["|u1", "<i4", "<u4", "<u8"]
] + [
    # NumPy promotes float32 - 70000 to float64, float16 - 1000 to float32
    case("f4 offset 70000 computes in f8", FSO(offset=70000, scale=3, dtype="<f4", astype="<i4"), "<f4",
         [70000.0, 70000.3, 70001.7, 1.0, 16777217.0, 70000.5, 70000.25, 1e9], 70000.0),
    case("f4 offset 70000.0 float", FSO(offset=70000.0, scale=3.0, dtype="<f4", astype="<i4"), "<f4",
         [70000.0, 70000.3, 70001.7, 1.0, 16777217.0, 70000.5, 70000.25, 1e9], 70000.0),
    case("f2 offset 1000 computes in f4", FSO(offset=1000, scale=10, dtype="<f2", astype="<u2"), "<f2",
         [1000.0, 1000.5, 1003.0, 999.0, 1001.0, 1006.0, 1010.0, 900.0], 1000.0),
    case("f2 float params", FSO(offset=1.5, scale=10.5, dtype="<f2", astype="|i1"), "<f2",
         [1.5, 2.0, 3.0, -1.0, 0.1, 10.0, 12.0, nan], 1.5),
    case("f8 astype f4", FSO(offset=0.5, scale=0.1, dtype="<f8", astype="<f4"), "<f8",
         [0.5, 1.0, 10.0, 1e40, -3.3, 2.5, 1.5e39, nan], 0.5),
    case("f8 astype f8 huge scale", FSO(offset=0, scale=1e300, dtype="<f8", astype="<f8"), "<f8",
         [1.0, 1e10, -1e-300, 0.0, 2.5e-300, 1e-310, 1.5, -0.0], 0.0),
    case("f4 astype f2", FSO(offset=0, scale=1000, dtype="<f4", astype="<f2"), "<f4",
         [0.0, 1.0, 65.503, 65.52, -70.0, 0.0001, 0.0005, 1.0005], 0.0),
    # integer arrays
    case("i4 int params wrap in i4", FSO(offset=1000, scale=1, dtype="<i4", astype="|u1"), "<i4",
         [1000, 1255, 1256, 999, -2147483648, 2147483647, 0, 500], 1000),
    case("i4 scale 1000 wraps in i4", FSO(offset=0, scale=1000, dtype="<i4", astype="<i4"), "<i4",
         [1, -1, 2147484, 3000000, -3000000, 7, 0, 2147483], 0),
    case("i2 float scale", FSO(offset=0, scale=0.5, dtype="<i2", astype="|i1"), "<i2",
         [1, 2, 3, 5, -5, 255, 300, -32768], 0),
    case("u1 negative offset", FSO(offset=-1, scale=2, dtype="|u1", astype="|u1"), "|u1",
         [0, 1, 127, 128, 254, 255, 100, 3], 1),
    case("i1 offset 200", FSO(offset=200, scale=1, dtype="|i1", astype="<i2"), "|i1",
         [0, 127, -128, 1, -1, 100, 50, -50], 0),
    case("i8 offset 2^63 computes in f8", FSO(offset=2**63, scale=1, dtype="<i8", astype="<u8"), "<i8",
         [0, 1, -1, 2**62, -2**63, 2**63 - 1, 12345, -12345], 0),
    case("u8 offset -1 computes in f8", FSO(offset=-1, scale=1, dtype="<u8", astype="<u8"), "<u8",
         [0, 1, 2**63, 2**64 - 1, 2**53, 2**53 + 1, 12345, 7], 0),
    case("u2 offset 40000 scale 2", FSO(offset=40000, scale=2, dtype="<u2", astype="<i4"), "<u2",
         [40000, 0, 65535, 39999, 50000, 1, 2, 3], 40000),
    # astype
    case("astype f8->i2", AT(encode_dtype="<i2", decode_dtype="<f8"), "<f8",
         [1.9, -1.9, 32767.9, 32768.0, -32769.0, 70000.0, nan, 1e10], 0.0),
    case("astype f8->f4", AT(encode_dtype="<f4", decode_dtype="<f8"), "<f8",
         [0.1, 1e40, -1e40, 3.4028235e38, 3.4028235677973366e38, 1e-46, 1e-45, -0.0], 0.1),
    case("astype i4->u1", AT(encode_dtype="|u1", decode_dtype="<i4"), "<i4",
         [0, 255, 256, -1, -129, 2147483647, -2147483648, 1000], 0),
    case("astype u1->i4", AT(encode_dtype="<i4", decode_dtype="|u1"), "|u1",
         [0, 1, 127, 128, 255, 7, 8, 9], 0),
    case("astype f4->f2", AT(encode_dtype="<f2", decode_dtype="<f4"), "<f4",
         [0.1, 65504.0, 65519.99, 65520.0, 1e-8, 6e-8, 3e-8, -2.5], 0.1),
    case("astype i8->f4", AT(encode_dtype="<f4", decode_dtype="<i8"), "<i8",
         [16777217, -16777217, 2**63 - 1, -2**63, 2**53 + 1, 3, 16777219, 0], 0),
    case("astype u8->f8", AT(encode_dtype="<f8", decode_dtype="<u8"), "<u8",
         [2**64 - 1, 2**53 + 1, 0, 2**63, 1, 2**63 + 1025, 2**63 + 1024, 2**63 + 3072], 0),
    case("astype f8->u4", AT(encode_dtype="<u4", decode_dtype="<f8"), "<f8",
         [3e9, -3e9, 5e9, -1.0, 4294967295.9, 2147483648.0, nan, -inf], 0.0),
    case("astype f4->i8", AT(encode_dtype="<i8", decode_dtype="<f4"), "<f4",
         [1.5, -1.5, 9.3e18, -9.3e18, 1e10, nan, inf, 2.0**62], 1.5),
]

json.dump({"generator": "numcodecs " + numcodecs.__version__ + ", numpy " + np.__version__, "cases": cases},
          sys.stdout, indent=1, allow_nan=False)
sys.stdout.write("\n")
