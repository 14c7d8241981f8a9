#!/usr/bin/python3
"""Generate testdata/netcdf/*.json from Debian's netcdf-bin (netcdf-c 4.9.0).

    /usr/bin/python3 testdata/netcdf/generate.py

filterspecs.json: for every spec, a CDL variable carries `_Filter = "<spec>"`
(filter 307, bzip2, from hdf5-filter-plugin, so that netcdf-c accepts it);
`ncgen -k nc4` writes the file and `ncdump -s -h` reads back what netcdf-c
stored. "netcdf" is the `_Filter`/`_DeflateLevel`/`_Shuffle`/`_Fletcher32`
text ncdump printed, "pipeline" the (id, flags, cd_values) list h5py reads
from the same file (the real order), "error" netcdf-c's message when ncgen
refused the spec.

specials.json: netCDF-4 files with data whose variables use the builtin
filters and `_Filter`; for each variable the `ncdump -s -h` special
attributes, the real pipeline, and every stored chunk (h5py
read_direct_chunk) with the values netcdf-c/HDF5 return for it.
"""
import json
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np

PLUGINS = "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins"
if os.environ.get("HDF5_PLUGIN_PATH") != PLUGINS:
    os.environ["HDF5_PLUGIN_PATH"] = PLUGINS
    os.execv(sys.executable, [sys.executable] + sys.argv)

here = os.path.dirname(os.path.abspath(__file__))
tmp = tempfile.mkdtemp()

SPECS = [
    # the seed's examples and table
    "307,9", "307,9|4,32,32",
    "307,-17b", "307,23ub", "307,-25s", "307,27us", "307,-77", "307,77", "307,93U",
    "307,789f", "307,12345678.12345678d", "307,-9223372036854775807L",
    "307,18446744073709551615UL",
    # inputs the seed is silent or contradictory on
    "307", "307,+5", "307,-0", "307, 9", "307 ,9", "307,1B", "307,1S", "307,1UB", "307,1bu",
    "307,1u", "307,1US", "307,1su", "307,1UL", "307,5l", "307,5ul", "307,-1", "307,-1u",
    "307,-2147483648", "307,4294967295", "307,255", "307,256", "307,65535", "307,65536",
    "307,256b", "307,-129b", "307,300ub", "307,70000s", "307,1.5f", "307,-1.5d",
    "307,1e3f", "307,NaNf", "307,1.5e300d", "307,9|307,1",
    # netcdf-c accepts these but stores something else than they say
    "307,4294967296", "307,-2147483649", "307,1.5", "307,0x10", "307,1lu",
    "307,18446744073709551616UL", "307,9223372036854775808L",
    # rejected by netcdf-c
    "307,9,", "307,,9", "307,x", "|307", "307|",
    # builtin filters through _Filter: ncdump shows them as their own attributes
    "1,5", "2", "3", "2|1,5", "3|2|1,5", "307,9|1,3", "1,5|307,9", "307,9|2", "307,9|3|2",
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def pipeline(path, var):
    with h5py.File(path, "r") as f:
        p = f[var].id.get_create_plist()
        out = []
        for i in range(p.get_nfilters()):
            code, flags, cd, _ = p.get_filter(i)
            out.append({"id": int(code), "flags": int(flags), "cd_values": [int(x) for x in cd]})
        return out


def specials(path, var):
    """The special attributes of var in `ncdump -s -h`, as name -> text."""
    out = {}
    txt = run(["ncdump", "-s", "-h", path]).stdout
    for line in txt.splitlines():
        line = line.strip()
        prefix = var + ":_"
        if line.startswith(prefix) and "=" in line:
            k, v = line[len(var) + 1:].split("=", 1)
            out[k.strip()] = v.strip().rstrip(";").strip()
    return out


def spec_case(spec):
    cdl = os.path.join(tmp, "p.cdl")
    nc = os.path.join(tmp, "p.nc")
    if os.path.exists(nc):
        os.remove(nc)
    with open(cdl, "w") as f:
        f.write('netcdf p {\ndimensions:\n x = 4 ;\nvariables:\n float v(x) ;\n  v:_Filter = "%s" ;\n}\n' % spec)
    r = run(["ncgen", "-k", "nc4", "-o", nc, cdl])
    if r.returncode != 0:
        return {"spec": spec, "error": (r.stderr + r.stdout).strip()}
    sp = specials(nc, "v")
    keep = {k: v for k, v in sp.items() if k in ("_Filter", "_DeflateLevel", "_Shuffle", "_Fletcher32")}
    return {"spec": spec, "netcdf": keep, "pipeline": pipeline(nc, "v")}


def data_file():
    cdl = os.path.join(tmp, "d.cdl")
    nc = os.path.join(tmp, "d.nc")
    n = 10 * 12
    i = np.arange(n)
    temp = (273.15 + 20 * np.sin(i / 7.0)).astype("f4").reshape(10, 12)
    cnt = ((i * 37) % 1000 - 300).astype("i2").reshape(10, 12)
    dbl = (np.cos(i / 5.0) * 1e3).reshape(10, 12)

    def rows(a):
        return ", ".join(repr(float(x)) if a.dtype.kind == "f" else str(int(x)) for x in a.ravel())

    with open(cdl, "w") as f:
        f.write("""netcdf d {
dimensions:
  y = 10 ; x = 12 ;
variables:
  float temp(y, x) ;
    temp:_ChunkSizes = 4, 5 ;
    temp:_Shuffle = "true" ;
    temp:_DeflateLevel = 5 ;
    temp:_FillValue = -999.f ;
  short count(y, x) ;
    count:_ChunkSizes = 3, 12 ;
    count:_Endianness = "big" ;
    count:_Fletcher32 = "true" ;
    count:_Shuffle = "true" ;
    count:_DeflateLevel = 1 ;
  double dbl(y, x) ;
    dbl:_ChunkSizes = 10, 4 ;
    dbl:_Filter = "307,9" ;
    dbl:_Shuffle = "true" ;
data:
  temp = %s ;
  count = %s ;
  dbl = %s ;
}
""" % (rows(temp), rows(cnt), rows(dbl)))
    r = run(["ncgen", "-k", "nc4", "-o", nc, cdl])
    assert r.returncode == 0, r.stderr
    out = []
    with h5py.File(nc, "r") as f:
        for var in ("temp", "count", "dbl"):
            ds = f[var]
            chunks = []
            for k in range(ds.id.get_num_chunks()):
                info = ds.id.get_chunk_info(k)
                off = tuple(int(x) for x in info.chunk_offset)
                mask, raw = ds.id.read_direct_chunk(off)
                sel = tuple(slice(o, min(o + c, s)) for o, c, s in zip(off, ds.chunks, ds.shape))
                v = ds[sel]
                chunks.append({"offset": list(off), "filter_mask": int(mask), "data": bytes(raw).hex(),
                               "extent": list(v.shape),
                               "expected": v.astype(v.dtype.newbyteorder("<")).tobytes().hex()})
            dt = ds.dtype
            out.append({"variable": var, "data_type": dt.str if dt.itemsize > 1 else "|" + dt.kind + "1",
                        "shape": list(ds.shape), "specials": specials(nc, var),
                        "pipeline": pipeline(nc, var), "chunks": chunks})
    return out


version = run(["ncdump"]).stderr.strip().splitlines()[-1]
with open(os.path.join(here, "filterspecs.json"), "w") as f:
    json.dump({"generator": "testdata/netcdf/generate.py", "peer": version,
               "cases": [spec_case(s) for s in SPECS]}, f, indent=1)
    f.write("\n")
with open(os.path.join(here, "specials.json"), "w") as f:
    json.dump({"generator": "testdata/netcdf/generate.py", "peer": version, "variables": data_file()}, f, indent=1)
    f.write("\n")
print("ok")
