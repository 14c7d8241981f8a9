#!/usr/bin/env python3
"""Check reference sets written by `zcodec refs` with the readers users use.

    /usr/bin/python3 testdata/kerchunk/check_fsspec.py MANIFEST.json

MANIFEST is a JSON list of cases, each
    {"refs": PATH, "format": "json" | "parquet", "file": HDF5 PATH,
     "refused": [Zarr paths left out], "xarray": true | false}

For each case the set is opened with fsspec's ReferenceFileSystem and every
array it holds is read with zarr (version 2) and compared with what h5py
reads from the HDF5 file: the dtype (byte order included) and every value.
Every dataset h5py finds must be in the set or in "refused" (nothing is
dropped silently), except netCDF dimensions without a variable. With
"xarray", the file is also opened with xarray's netCDF4 backend and the set
with its zarr backend, and every variable is compared after CF decoding
(masking by _FillValue, scale_factor): this checks how _FillValue and the
header's fill value are written.

A Parquet case needs fsspec's LazyReferenceMapper (fsspec 2023.1 and later)
and a Parquet engine for pandas (fastparquet or pyarrow); without them it
is reported as skipped, on a line beginning "SKIP".

Prints one line a case and ends with "cases: N ok, N failed, N skipped"; exits
1 when a case fails.
"""

import importlib.util
import json
import os
import sys
import time
from collections.abc import MutableMapping

os.environ.setdefault("HDF5_PLUGIN_PATH", "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins")

import fsspec  # noqa: E402
import h5py  # noqa: E402
import numpy as np  # noqa: E402
import zarr  # noqa: E402
from fsspec.implementations import reference  # noqa: E402

# What libhdf5 says of data it cannot read whatever the plugins.
UNREADABLE = ("no appropriate function for conversion path", "dataset doesn't exist, no data can be read")

NETCDF_DIM_ONLY = b"This is a netCDF dimension but not a netCDF variable."


def open_mapper(case):
    """The set as a mapping zarr reads, or None (and why) when it cannot be opened here."""
    if case["format"] == "parquet":
        if not hasattr(reference, "LazyReferenceMapper"):
            return None, "fsspec %s has no LazyReferenceMapper (Parquet references need fsspec 2023.1 or later)" % fsspec.__version__
        engine = None
        for name in ("fastparquet", "pyarrow"):
            if importlib.util.find_spec(name) is not None:
                engine = name
                break
        if engine is None:
            return None, "pandas has no Parquet engine (neither fastparquet nor pyarrow is importable)"
        lazy = reference.LazyReferenceMapper(case["refs"], engine=engine)
        fs = fsspec.filesystem("reference", fo=lazy, remote_protocol="file")
    else:
        fs = fsspec.filesystem("reference", fo=case["refs"], remote_protocol="file")
    return fs, None


class KeyedMap(MutableMapping):
    """The set as a mapping of keys, read one key at a time.

    fsspec's FSMap reads chunks in batches through ReferenceFileSystem.cat,
    which in fsspec before 2023 fails on an absent key (a chunk never
    written, which reads as fill_value) instead of leaving it out. Reading
    key by key, an absent key is a KeyError, which zarr takes for an absent
    chunk, as later fsspec versions give it.
    """

    def __init__(self, fs):
        self.fs = fs

    def __getitem__(self, key):
        try:
            return self.fs.cat_file(key)
        except (KeyError, FileNotFoundError):
            raise KeyError(key)

    def __iter__(self):
        return iter(self.fs.references) if hasattr(self.fs, "references") else iter(self.fs.find(""))

    def __len__(self):
        return sum(1 for _ in self)

    def __contains__(self, key):
        try:
            self[key]
            return True
        except KeyError:
            return False

    def __setitem__(self, key, value):
        raise PermissionError("read-only")

    def __delitem__(self, key):
        raise PermissionError("read-only")


def array_paths(mapper):
    out = []
    for k in mapper:
        if k == ".zarray":
            out.append("")
        elif k.endswith("/.zarray"):
            out.append(k[: -len("/.zarray")])
    return sorted(out)


def expected(d):
    """What h5py reads, as zarr should give it back.

    Fixed-length strings padded with spaces (H5T_STR_SPACEPAD) are
    referenced as stored, so zarr reads them with their padding where h5py
    (libhdf5's conversion) strips it: h5py's values are padded back.
    """
    info = h5py.check_string_dtype(d.dtype)
    if info is not None and info.length is None:
        if info.encoding == "utf-8":
            return np.array(d.asstr()[()], dtype=object)
        return np.array(d[()], dtype=object)
    v = np.array(d[()])
    if info is not None and d.id.get_type().get_strpad() == h5py.h5t.STR_SPACEPAD:
        n = v.dtype.itemsize
        v = np.array([x.ljust(n, b" ") for x in v.ravel().tolist()], dtype=v.dtype).reshape(v.shape)
    return v


def same_values(got, exp):
    if got.shape != exp.shape:
        return "shape %s, h5py %s" % (got.shape, exp.shape)
    if exp.dtype == object:
        g, e = got.ravel().tolist(), exp.ravel().tolist()
        if g != e:
            bad = next(i for i in range(len(e)) if g[i] != e[i])
            return "element %d: %r, h5py %r" % (bad, g[bad], e[bad])
        return None
    if got.dtype != exp.dtype:
        return "dtype %s, h5py %s" % (got.dtype.str, exp.dtype.str)
    if exp.dtype.kind == "V":
        return None if got.tobytes() == exp.tobytes() else "bytes differ"
    if exp.dtype.kind in "fc":
        ok = np.array_equal(got, exp, equal_nan=True)
    else:
        ok = np.array_equal(got, exp)
    if not ok:
        diff = np.argwhere(~((got == exp) | ((got != got) & (exp != exp)))) if exp.dtype.kind in "fc" else np.argwhere(got != exp)
        i = tuple(diff[0]) if len(diff) else ()
        return "values differ (first at %s: %r, h5py %r)" % (i, got[i] if i else got, exp[i] if i else exp)
    return None


def h5_datasets(f):
    names = []

    def visit(name, obj):
        if isinstance(obj, h5py.Dataset):
            n = obj.attrs.get("NAME", None) if "NAME" in obj.attrs else None
            if isinstance(n, bytes) and n.startswith(NETCDF_DIM_ONLY):
                return
            if isinstance(n, str) and n.encode().startswith(NETCDF_DIM_ONLY):
                return
            names.append(name)

    f.visititems(visit)
    return names


def check_xarray(case, fs, refused, notes):
    import xarray as xr

    problems = []
    with h5py.File(case["file"], "r") as f:
        groups = [""]
        f.visititems(lambda n, o: groups.append(n) if isinstance(o, h5py.Group) else None)
    for g in groups:
        if g in refused:
            continue
        try:
            nc = xr.open_dataset(case["file"], engine="netcdf4", group=g or None, decode_times=False)
        except Exception as e:  # a group netCDF cannot read: nothing to compare
            continue
        try:
            ref = xr.open_zarr(fs.get_mapper(""), group=g or None, consolidated=False, decode_times=False)
            ref.load()
        except KeyError as e:
            notes.append("xarray: group %r: fsspec %s's mapper fails on an absent chunk (KeyError %s); read key by key" % (g, fsspec.__version__, e))
            ref = xr.open_zarr(KeyedMap(fs), group=g or None, consolidated=False, decode_times=False)
        except Exception as e:
            problems.append("xarray cannot open group %r of the set: %s" % (g, e))
            continue
        for v in nc.variables:
            p = (g + "/" + v) if g else v
            if p in refused:
                continue
            if v not in ref.variables:
                problems.append("xarray: %s missing from the set" % p)
                continue
            a, b = ref[v].values, nc[v].values
            if a.dtype != b.dtype and not (a.dtype.kind in "OSU" and b.dtype.kind in "OSU"):
                problems.append("xarray: %s dtype %s, netCDF4 %s" % (p, a.dtype, b.dtype))
                continue
            if a.dtype.kind in "fc":
                ok = a.shape == b.shape and np.array_equal(a, b, equal_nan=True)
            else:
                ok = a.shape == b.shape and np.array_equal(a, b)
            if not ok:
                problems.append("xarray: %s values differ from netCDF4's: %r vs %r" % (p, a.ravel()[:8], b.ravel()[:8]))
    return problems


def read_array(fs, p, notes):
    """The array at p, read through fsspec's mapper as users do, or key by
    key when that fails on absent chunks (fsspec before 2023)."""
    try:
        return np.array(zarr.open_array(store=fs.get_mapper(""), path=p, mode="r")[...])
    except KeyError as e:
        notes.append("%s: fsspec %s's mapper fails on an absent chunk (KeyError %s); read key by key" % (p or "/", fsspec.__version__, e))
        return np.array(zarr.open_array(store=KeyedMap(fs), path=p, mode="r")[...])


def check(case):
    fs, skip = open_mapper(case)
    if fs is None:
        return None, skip
    mapper = fs.get_mapper("")
    refused = set(case.get("refused", []))
    problems, notes = [], []
    paths = array_paths(mapper)
    with h5py.File(case["file"], "r") as f:
        for p in paths:
            try:
                got = read_array(fs, p, notes)
            except Exception as e:
                problems.append("%s: zarr cannot read it: %s: %s" % (p or "/", type(e).__name__, e))
                continue
            d = f[p] if p else None
            if d is None or not isinstance(d, h5py.Dataset):
                problems.append("%s: not a dataset in the file" % p)
                continue
            try:
                exp = expected(d)
            except OSError as e:
                # libhdf5 itself cannot read it (a fill time of "never" on
                # unwritten data, a conversion h5py lacks): nothing to
                # compare. Any other failure (a filter plugin missing) fails.
                if not any(m in str(e) for m in UNREADABLE):
                    problems.append("%s: h5py cannot read it: %s" % (p, e))
                    continue
                notes.append("%s: h5py cannot read it (%s); not compared" % (p, e))
                continue
            why = same_values(got, exp)
            if why:
                problems.append("%s: %s" % (p, why))
            attrs = json.loads(mapper[(p + "/" if p else "") + ".zattrs"])
            if len(attrs.get("_ARRAY_DIMENSIONS", [])) != len(d.shape):
                problems.append("%s: _ARRAY_DIMENSIONS %r for %d dimensions" % (p, attrs.get("_ARRAY_DIMENSIONS"), len(d.shape)))
        listed = set(paths) | refused
        for name in h5_datasets(f):
            if name not in listed:
                problems.append("%s: dropped silently (neither in the set nor refused)" % name)
    if case.get("xarray"):
        problems += check_xarray(case, fs, refused, notes)
    for n in notes:
        print("note " + n)
    return problems, len(paths)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as fh:
        cases = json.load(fh)
    print("fsspec %s, zarr %s, h5py %s (HDF5 %s), numpy %s" % (
        fsspec.__version__, zarr.__version__, h5py.__version__, h5py.version.hdf5_version, np.__version__))
    passed = failed = skipped = 0
    for case in cases:
        name = "%s (%s, %s)" % (os.path.basename(case["file"]), case["format"], os.path.basename(case["refs"]))
        t0 = time.time()
        try:
            problems, n = check(case)
        except Exception as e:
            problems, n = ["%s: %s" % (type(e).__name__, e)], 0
        if problems is None:
            skipped += 1
            print("SKIP %s: %s" % (name, n))
        elif problems:
            failed += 1
            print("FAIL %s:" % name)
            for p in problems:
                print("    " + p)
        else:
            passed += 1
            print("ok   %s: %d arrays (%.1f s)" % (name, n, time.time() - t0))
    print("cases: %d ok, %d failed, %d skipped" % (passed, failed, skipped))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
