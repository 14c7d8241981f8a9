#!/usr/bin/python3
"""Writes the golden chunk files for the CLI tests with Python's struct
module, independently of zcodec: valid_int16_big.json's chunk [2, 3] holds
int16 values [[1, -2, 300], [-32768, 32767, 0]]; decoded is little-endian,
encoded (bytes codec, endian big) is big-endian."""
import struct
values = [1, -2, 300, -32768, 32767, 0]
with open("int16_2x3.decoded", "wb") as f:
    f.write(struct.pack("<6h", *values))
with open("int16_2x3.encoded_big", "wb") as f:
    f.write(struct.pack(">6h", *values))
