#!/usr/bin/env python3
"""Record what fsspec makes of the JSON reference sets of this directory.

    /usr/bin/python3 testdata/kerchunk/make_json_vectors.py

For templates.json (version 1 with templates and gen entries, expanded by
fsspec with jinja2) and flat_v0.json (version 0), writes NAME.expanded.json:
every key fsspec's ReferenceFileSystem holds and its value, a string of
inline data ("base64:" marks binary, as in the set), [url] or [url,
offset, length]. The Go tests compare ReadJSON with these. Needs Debian's
python3-fsspec and python3-jinja2.
"""
import json
import os

from fsspec.implementations.reference import ReferenceFileSystem

here = os.path.dirname(os.path.abspath(__file__))
for name in ("templates.json", "flat_v0.json"):
    with open(os.path.join(here, name)) as f:
        refs = json.load(f)
    fs = ReferenceFileSystem(refs, remote_protocol="file")
    out = {}
    for k, v in sorted(fs.references.items()):
        if isinstance(v, bytes):
            v = v.decode()
        elif isinstance(v, (list, tuple)):
            v = list(v)
        out[k] = v
    with open(os.path.join(here, name.replace(".json", ".expanded.json")), "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
