#!/usr/bin/python3
"""Check that numcodecs decodes what zcodec encodes.

Run from the repository root with Debian's interpreter and packages
(python3-numcodecs 0.11) and a Go toolchain:

    /usr/bin/python3 testdata/numcodecs/check_zcodec.py

It has zcodec encode the input of every vector in vectors.json with the
vector's Zarr codec (internal/b2btest TestExportForNumcodecs), then decodes
each result with the numcodecs codec of the same configuration and compares
with the input. numcodecs 0.11 cannot decode an empty LZ4 or Zstd chunk,
even its own; those two are reported as expected failures. Exit status 1 on
any other mismatch.
"""
import json
import os
import subprocess
import sys
import tempfile

import numcodecs

out = tempfile.mkdtemp(prefix="zcodec-export-")
env = dict(os.environ, ZCODEC_EXPORT_DIR=out)
subprocess.run(["go", "test", "-count=1", "-run", "^TestExportForNumcodecs$", "./internal/b2btest"], check=True, env=env)
with open(os.path.join(out, "export.json")) as fh:
    entries = json.load(fh)

bad = 0
for e in entries:
    codec = numcodecs.get_codec(dict(e["numcodecs"]))
    with open(os.path.join(out, e["encoded"]), "rb") as fh:
        enc = fh.read()
    with open(os.path.join(out, e["decoded"]), "rb") as fh:
        want = fh.read()
    expected_fail = len(want) == 0 and e["numcodecs"]["id"] in ("lz4", "zstd")
    try:
        got = bytes(codec.decode(enc))
        ok = got == want
        why = "" if ok else f"decoded {len(got)} bytes, differ from the {len(want)} input bytes"
    except Exception as exc:  # numcodecs raises various types
        ok, why = False, repr(exc)
    if ok:
        status = "ok"
    elif expected_fail:
        status = "expected failure (numcodecs cannot decode an empty chunk)"
    else:
        status = "FAIL " + why
        bad += 1
    print(f"{e['name']:45s} {len(enc):8d} bytes  {status}")
print(f"{len(entries)} encodings, {bad} failures")
sys.exit(1 if bad else 0)
