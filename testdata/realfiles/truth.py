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

os.environ.setdefault("HDF5_PLUGIN_PATH", "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins")

import h5py  # noqa: E402
import netCDF4  # noqa: E402
import numpy as np  # noqa: E402

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
# python-tables-data: PyTables' test files, written by older HDF5 releases
# (layout messages of version 1, fill value messages of version 1, szip
# and blosc from other writers)
TABLES = "usr/share/python-tables/tests/"
for name in ["test_szip.h5", "blosc_bigendian.h5", "smpl_SDSextendible.h5", "zerodim-attrs-1.3.h5",
             "zerodim-attrs-1.4.h5", "smpl_enum.h5", "smpl_i32be.h5", "smpl_i64le.h5", "smpl_f64be.h5",
             "vlstr_attr.h5", "ex-noattr.h5", "flavored_vlarrays-format1.6.h5", "Tables_lzo1_shuffle.h5",
             "issue_560.h5", "slink.h5", "float.h5", "attr-u16.h5", "python3.h5"]:
    FILES.append(("python-tables-data", TABLES + name))

# Filters zcodec has a codec for.
KNOWN_FILTERS = {1, 2, 3, 4, 5, 6, 307, 32000, 32001, 32004, 32008, 32015}


def refusal(obj):
    """Why zcodec presents the dataset as an error, or None."""
    dt = obj.dtype
    if dt.names and not (set(dt.names) == {"r", "i"}):
        return "compound"
    if dt.subdtype is not None:
        return "array"
    if dt.kind == "O" and h5py.check_string_dtype(dt) is None:
        return "variable-length sequence or reference"
    if dt.kind == "f" and dt.itemsize > 8:
        return "non-IEEE float"
    pl = obj.id.get_create_plist()
    for i in range(pl.get_nfilters()):
        if pl.get_filter(i)[0] not in KNOWN_FILTERS:
            return "filter %d" % pl.get_filter(i)[0]
    if obj.shape is None:
        return "null dataspace"
    return None


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
        dims = {}
        if path.endswith(".nc"):
            nc = netCDF4.Dataset(path)

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
                try:
                    dtype = obj.dtype
                except (TypeError, ValueError) as e:
                    # a type NumPy has none for (a 128-bit float, the
                    # time class): zcodec refuses it too
                    datasets.append({"path": p, "refuse": "no NumPy type: %s" % e})
                    return
                d = {"path": p, "dtype": dtype.str, "shape": list(obj.shape) if obj.shape is not None else None}
                why = refusal(obj)
                if why:
                    d["refuse"] = why
                else:
                    v = obj[()]
                    if h5py.check_string_dtype(obj.dtype) is not None:
                        items = [x if isinstance(x, bytes) else x.encode() for x in np.asarray(v, dtype=object).ravel()]
                        d["values_sha256"] = hashlib.sha256(b"\0".join(items)).hexdigest()
                        d["strings"] = True
                    else:
                        b = le_bytes(np.asarray(v))
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
