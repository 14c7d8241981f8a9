#!/usr/bin/python3
"""Records what libhdf5 (h5py 3.7, HDF5 1.10.8) and netcdf-c (netCDF4-python
1.6.2) read from real netCDF-4 files that no one here wrote, the files of
Debian packages, into truth.json: for each file its sha256, and for each
dataset its shape, dtype, dimension names (netCDF4's) and the sha256 of its
values (little-endian, C order; strings as the UTF-8 of each joined by NUL).

The files are not committed. .ci/run unpacks them (apt-get download, then
dpkg-deb -x) into testdata/realfiles/debian; do the same, then run

    /usr/bin/python3 testdata/realfiles/truth.py

The Go test (interop/hdf5/h5store, TestRealFiles) skips a file that is
absent or whose sha256 differs.
"""
import hashlib
import json
import os
import sys

import h5py
import netCDF4
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "debian")

FILES = [
    # r-cran-ncmeta 0.3.5-1: NASA OBPG (smigen, l2bin) and gridMET, CF-1.6
    ("r-cran-ncmeta", "usr/lib/R/site-library/ncmeta/extdata/S2008001.L3m_DAY_CHL_chlor_a_9km.nc"),
    ("r-cran-ncmeta", "usr/lib/R/site-library/ncmeta/extdata/S2008001.L3b_DAY_CHL.nc"),
    ("r-cran-ncmeta", "usr/lib/R/site-library/ncmeta/extdata/gridmet_sample.nc"),
    # r-cran-stars 0.6-0-4: Daymet through netCDF-Java and NCO, CF-1.6
    ("r-cran-stars", "usr/lib/R/site-library/stars/nc/lcc_km.nc"),
]


def le_bytes(a):
    if a.dtype.kind in "SU" or a.dtype == object:
        return None
    if a.dtype.byteorder == ">" or (a.dtype.byteorder == "=" and sys.byteorder == "big"):
        a = a.astype(a.dtype.newbyteorder("<"))
    return np.ascontiguousarray(a).tobytes()


def main():
    out = []
    for pkg, rel in FILES:
        path = os.path.join(ROOT, rel)
        with open(path, "rb") as f:
            sha = hashlib.sha256(f.read()).hexdigest()
        nc = netCDF4.Dataset(path)
        dims = {}

        def walk_nc(g, prefix):
            for name, v in g.variables.items():
                dims[prefix + "/" + name] = list(v.dimensions)
            for name, sub in g.groups.items():
                walk_nc(sub, prefix + "/" + name)

        walk_nc(nc, "")
        nc.close()
        datasets = []
        with h5py.File(path, "r") as h:
            def visit(name, obj):
                if not isinstance(obj, h5py.Dataset):
                    return
                p = "/" + name
                d = {"path": p, "dtype": obj.dtype.str, "shape": list(obj.shape) if obj.shape is not None else None}
                if obj.dtype.kind == "V" and obj.dtype.names:
                    d["refuse"] = "compound"
                elif obj.shape is not None:
                    b = le_bytes(obj[()])
                    if b is not None:
                        d["values_sha256"] = hashlib.sha256(b).hexdigest()
                if p in dims:
                    d["dims"] = dims[p]
                elif obj.attrs.get("CLASS") == b"DIMENSION_SCALE" and str(obj.attrs.get("NAME", b"")).find("This is a netCDF dimension but not a netCDF variable") >= 0:
                    d["netcdf_hidden"] = True
                datasets.append(d)
            h.visititems(visit)
        out.append({"package": pkg, "file": rel, "sha256": sha, "datasets": datasets})
    with open(os.path.join(HERE, "truth.json"), "w") as f:
        json.dump({"made_by": "h5py %s, HDF5 %s, netCDF4 %s" % (h5py.__version__, h5py.version.hdf5_version, netCDF4.__version__), "files": out}, f, indent=1)
        f.write("\n")


main()
