#!/usr/bin/python3
"""Check that c-blosc decodes the Blosc frames zcodec writes.

Run from the repository root with Debian bookworm's interpreter and
packages (python3-numcodecs 0.11, linked to libblosc1 1.21.3) and a Go
toolchain:

    /usr/bin/python3 codecs/blosc/testdata/check_zcodec.py

It has zcodec write its frames (the Go test TestExportForNumcodecs in
codecs/blosc: every vector's input with the vector's settings, and a sweep
of compressors, shuffles, levels and block sizes), then decodes each with
numcodecs' Blosc and compares with the input. With --dir DIR it checks
frames already written to DIR (the Go test TestNumcodecsReadsZcodec runs it
so). numcodecs cannot decode an empty chunk, even its own; those are
reported as expected failures. Exit status 1 on any other mismatch.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

import numcodecs
from numcodecs import Blosc

ap = argparse.ArgumentParser()
ap.add_argument("--dir", help="directory with export.json (default: have zcodec write one)")
ap.add_argument("-v", action="store_true", help="print every frame")
args = ap.parse_args()

out = args.dir
if out is None:
    out = tempfile.mkdtemp(prefix="zcodec-blosc-")
    env = dict(os.environ, ZCODEC_BLOSC_EXPORT_DIR=out)
    subprocess.run(["go", "test", "-count=1", "-run", "^TestExportForNumcodecs$", "./codecs/blosc"], check=True, env=env)
with open(os.path.join(out, "export.json")) as fh:
    entries = json.load(fh)

bad = expected = 0
for e in entries:
    with open(os.path.join(out, e["frame"]), "rb") as fh:
        frame = fh.read()
    with open(os.path.join(out, e["decoded"]), "rb") as fh:
        want = fh.read()
    try:
        got = bytes(Blosc().decode(frame))
        ok, why = got == want, "" if got == want else f"decoded {len(got)} bytes that differ from the {len(want)} input bytes"
    except Exception as exc:  # numcodecs raises RuntimeError, ValueError, ...
        ok, why = False, repr(exc)
    if ok:
        status = "ok"
    elif len(want) == 0:
        status, expected = "expected failure (numcodecs cannot decode an empty chunk)", expected + 1
    else:
        status, bad = "FAIL " + why, bad + 1
    if args.v or status.startswith("FAIL"):
        print(f"{e['name']:50s} {len(frame):8d} bytes  {status}")
print(f"numcodecs {numcodecs.__version__}: {len(entries)} frames, {len(entries) - bad - expected} decoded, "
      f"{expected} expected failures, {bad} failures")
sys.exit(1 if bad else 0)
