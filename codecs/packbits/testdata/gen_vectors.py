#!/usr/bin/env python3
"""Writes vectors.json: packbits encodings derived from the zarr-extensions
definition of the codec (codecs/packbits/README.md), one bit at a time.

Each element is split into its components (two for complex types); bits
first_bit..last_bit of each component (counted from the least significant
bit) are appended to one bit sequence, element i at bits [i*k, (i+1)*k);
the sequence is padded with zero bits to whole bytes, and byte i holds bits
[8i, 8i+8), bit 8i in its least significant bit. first_byte/last_byte put
the number of padding bits before/after the bytes. Decoding shifts the bits
back to first_bit and sign-extends signed integers, zero-extends the rest.

Decoded (in-memory) layout: one byte per element for the sub-byte types
(int2/int4 sign-extended, the others zero above the format's bits), the
little-endian bytes for the others. Run: python3 gen_vectors.py > vectors.json
"""
import json
import random

# name: (component bits N, component bytes in memory, components, signed)
TYPES = {
    "bool": (1, 1, 1, False),
    "int2": (2, 1, 1, True),
    "uint2": (2, 1, 1, False),
    "int4": (4, 1, 1, True),
    "uint4": (4, 1, 1, False),
    "float4_e2m1fn": (4, 1, 1, False),
    "float6_e2m3fn": (6, 1, 1, False),
    "float6_e3m2fn": (6, 1, 1, False),
    "int8": (8, 1, 1, True),
    "uint8": (8, 1, 1, False),
    "int16": (16, 2, 1, True),
    "uint16": (16, 2, 1, False),
    "int32": (32, 4, 1, True),
    "uint32": (32, 4, 1, False),
    "int64": (64, 8, 1, True),
    "uint64": (64, 8, 1, False),
    "float16": (16, 2, 1, False),
    "bfloat16": (16, 2, 1, False),
    "float32": (32, 4, 1, False),
    "float64": (64, 8, 1, False),
    "complex64": (32, 4, 2, False),
    "complex128": (64, 8, 2, False),
    "float8_e4m3": (8, 1, 1, False),
}


def component_value(raw, nbits):
    """The N-bit value of a component held in memory as the integer raw."""
    return raw & ((1 << nbits) - 1)


def to_memory(v, nbits, nbytes, signed):
    """The in-memory integer of an N-bit component value v."""
    if signed and v >> (nbits - 1) & 1:
        v -= 1 << nbits
    return v % (1 << (8 * nbytes))


def encode(decoded, tname, first, last, padding):
    nbits, nbytes, ncomp, _ = TYPES[tname]
    bits = []
    for off in range(0, len(decoded), nbytes):
        raw = int.from_bytes(decoded[off:off + nbytes], "little")
        if tname == "bool":
            raw = 1 if raw else 0
        v = component_value(raw, nbits)
        for j in range(first, last + 1):
            bits.append(v >> j & 1)
    pad = (8 - len(bits) % 8) % 8
    bits += [0] * pad
    out = bytearray()
    for i in range(0, len(bits), 8):
        out.append(sum(bits[i + j] << j for j in range(8)))
    if padding == "first_byte":
        out = bytearray([pad]) + out
    elif padding == "last_byte":
        out = out + bytearray([pad])
    return bytes(out)


def decode(encoded, tname, first, last, padding, nelem):
    nbits, nbytes, ncomp, signed = TYPES[tname]
    if padding == "first_byte":
        encoded = encoded[1:]
    elif padding == "last_byte":
        encoded = encoded[:-1]
    b = last - first + 1
    bits = [encoded[i // 8] >> (i % 8) & 1 for i in range(len(encoded) * 8)]
    out = bytearray()
    for c in range(nelem * ncomp):
        v = sum(bits[c * b + j] << j for j in range(b)) << first
        top = last  # the highest encoded bit, where the sign is
        if signed and v >> top & 1:
            v |= ((1 << nbits) - 1) & ~((1 << (top + 1)) - 1)
        # value is now N bits; the memory form sign-extends signed types
        out += to_memory(v, nbits, nbytes, signed).to_bytes(nbytes, "little")
    return bytes(out)


def random_decoded(rng, tname, nelem):
    nbits, nbytes, ncomp, signed = TYPES[tname]
    out = bytearray()
    for _ in range(nelem * ncomp):
        if tname == "bool":
            out.append(rng.randrange(2))
            continue
        v = rng.getrandbits(nbits)
        out += to_memory(v, nbits, nbytes, signed).to_bytes(nbytes, "little")
    return bytes(out)


def main():
    rng = random.Random(20)
    cases = []
    for tname, (nbits, nbytes, ncomp, signed) in TYPES.items():
        ranges = [(None, None)]
        if nbits > 1:
            ranges += [(0, nbits - 2), (1, nbits - 1), (nbits // 2, nbits // 2), (1, max(1, nbits - 2))]
        if nbits >= 16:
            ranges += [(3, nbits - 5), (0, nbits // 2 + 3)]
        for first, last in ranges:
            f = 0 if first is None else first
            l = nbits - 1 if last is None else last
            for padding in ("none", "first_byte", "last_byte"):
                for nelem in (1, 3, 8, 9, 17, 70):
                    if nelem in (9, 70) and (padding != "first_byte" or (first, last) != (None, None)):
                        continue
                    if nbytes >= 4 and nelem > 8:
                        continue
                    dec = random_decoded(rng, tname, nelem)
                    enc = encode(dec, tname, f, l, padding)
                    # the encoding with random bits in the padding: decoding ignores them
                    noisy = bytearray(enc)
                    pad = (8 - (nelem * ncomp * (l - f + 1)) % 8) % 8
                    if pad:
                        last_data = len(noisy) - 2 if padding == "last_byte" else len(noisy) - 1
                        noisy[last_data] |= (rng.getrandbits(pad) << (8 - pad)) & 0xff
                    cases.append({
                        "data_type": tname,
                        "shape": [nelem],
                        "configuration": {k: v for k, v in (("padding_encoding", padding), ("first_bit", first), ("last_bit", last)) if v is not None or rng.random() < 0.3},
                        "decoded": dec.hex(),
                        "encoded": enc.hex(),
                        "noisy": bytes(noisy).hex(),
                        "roundtrip": decode(enc, tname, f, l, padding, nelem).hex(),
                    })
    print("[")
    print(",\n".join(json.dumps(c, separators=(",", ":")) for c in cases))
    print("]")


main()
