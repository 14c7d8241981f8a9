#!/usr/bin/python3
"""Writes the HDF5 and netCDF-4 files of zcodec's HDF5 benchmarks.

Run by `go run ./bench/hdf5compare` (or `-gen`) with Debian's interpreter
(/usr/bin/python3, python3-h5py 3.7 with libhdf5 1.10.8, python3-netcdf4,
python3-numpy), which passes the cache directory:

    /usr/bin/python3 generate.py DIR

The files are not part of the repository: they are written into DIR and
reused while manifest.json there names this script's VERSION (bump it when
the files change). manifest.json is written last, so a run that stopped
half-way leaves no manifest and is redone.

  - big.h5: /data, float32, shape (96, 1024, 1024) (402.7 MB decoded),
    chunks (4, 256, 256) (1 MiB, 384 chunks), shuffle + deflate level 4,
    the default file format (superblock 0, a v1 B-tree of chunks). The
    values are a smooth field (280 K +- 25 K of sines along the three axes)
    plus Gaussian noise of 0.5 K, rounded to 1/128 K: shuffle + deflate
    compresses them about 3.4 times.
  - chunks{10k,100k}_{btree1,farray,earray}.h5: /data, float32, chunks
    (8, 8) (256 bytes), shuffle + deflate level 1, shapes (800, 800) and
    (2000, 3200): 10,000 and 100,000 chunks, every one written. btree1 is
    libver "earliest" (superblock 0, a v1 B-tree); farray and earray are
    libver "latest" (superblock 3, layout message version 4), farray with
    fixed dimensions (a fixed array index, paged), earray with the first
    dimension unlimited (an extensible array index).
  - vars50.nc: a netCDF-4 file (netCDF4-python) of 50 variables: the
    coordinates time (unlimited), level, lat and lon, and 46 data
    variables of 2 to 4 dimensions with zlib, each with units,
    long_name, standard_name, _FillValue and valid_range, 6 of them in a
    group "diagnostics"; 8 global attributes.
"""
import json
import os
import sys

import h5py
import netCDF4
import numpy as np

VERSION = 1

BIG_SHAPE = (96, 1024, 1024)
BIG_CHUNKS = (4, 256, 256)
LISTING = {"10k": (800, 800), "100k": (2000, 3200)}
LISTING_CHUNKS = (8, 8)


def field(z0, nz, ny, nx, rng):
    """nz planes from z0 of the big dataset's values."""
    z = np.arange(z0, z0 + nz, dtype=np.float64)[:, None, None]
    y = np.arange(ny, dtype=np.float64)[None, :, None]
    x = np.arange(nx, dtype=np.float64)[None, None, :]
    f = 280 + 20 * np.sin(2 * np.pi * x / 700.0) * np.cos(2 * np.pi * y / 900.0) + 5 * np.sin(2 * np.pi * z / 50.0)
    f = f + rng.normal(0, 0.5, f.shape)
    return (np.round(f * 128) / 128).astype(np.float32)


def write_big(path):
    rng = np.random.default_rng(1)
    with h5py.File(path, "w", libver="earliest") as f:
        ds = f.create_dataset("data", shape=BIG_SHAPE, dtype="<f4", chunks=BIG_CHUNKS,
                              shuffle=True, compression="gzip", compression_opts=4)
        ds.attrs["units"] = "K"
        ds.attrs["description"] = "a smooth field plus noise of 0.5 K, rounded to 1/128 K"
        for z0 in range(0, BIG_SHAPE[0], BIG_CHUNKS[0]):
            ds[z0:z0 + BIG_CHUNKS[0]] = field(z0, BIG_CHUNKS[0], BIG_SHAPE[1], BIG_SHAPE[2], rng)
    return {"name": "big.h5", "role": "big", "dataset": "data", "index": "btree1",
            "shape": list(BIG_SHAPE), "chunk_shape": list(BIG_CHUNKS), "chunks": chunk_count(BIG_SHAPE, BIG_CHUNKS)}


def chunk_count(shape, chunks):
    n = 1
    for s, c in zip(shape, chunks):
        n *= -(-s // c)
    return n


def write_listing(path, size, index):
    shape = LISTING[size]
    libver = "earliest" if index == "btree1" else "latest"
    maxshape = (None, shape[1]) if index == "earray" else None
    rng = np.random.default_rng(2)
    data = (rng.normal(0, 1, shape) * 64).round().astype(np.float32) / 64
    with h5py.File(path, "w", libver=libver) as f:
        ds = f.create_dataset("data", shape=shape, maxshape=maxshape, dtype="<f4", chunks=LISTING_CHUNKS,
                              shuffle=True, compression="gzip", compression_opts=1)
        ds[...] = data
        n = ds.id.get_num_chunks()
    want = chunk_count(shape, LISTING_CHUNKS)
    if n != want:
        raise SystemExit(f"{path}: {n} chunks written, want {want}")
    return {"name": os.path.basename(path), "role": "listing", "dataset": "data", "index": index, "size": size,
            "shape": list(shape), "chunk_shape": list(LISTING_CHUNKS), "chunks": n}


def write_netcdf(path):
    rng = np.random.default_rng(3)
    nt, nl, ny, nx = 4, 10, 90, 180
    with netCDF4.Dataset(path, "w", format="NETCDF4") as nc:
        for k, v in {"title": "zcodec benchmark file", "institution": "none", "source": "synthetic",
                     "history": "written by internal/hdf5bench/generate.py", "Conventions": "CF-1.8",
                     "references": "-", "comment": "fifty variables", "version": VERSION}.items():
            nc.setncattr(k, v)
        nc.createDimension("time", None)
        nc.createDimension("level", nl)
        nc.createDimension("lat", ny)
        nc.createDimension("lon", nx)
        coords = {"time": (np.arange(nt, dtype="f8") * 6, "hours since 2000-01-01", "time"),
                  "level": (np.linspace(1000, 100, nl), "hPa", "air_pressure"),
                  "lat": (np.linspace(-89, 89, ny), "degrees_north", "latitude"),
                  "lon": (np.linspace(0, 358, nx), "degrees_east", "longitude")}
        for name, (vals, units, std) in coords.items():
            v = nc.createVariable(name, "f8", (name,))
            v.units, v.standard_name, v.long_name = units, std, name
            v[:] = vals
        diag = nc.createGroup("diagnostics")
        dims = [("time", "lat", "lon"), ("time", "level", "lat", "lon"), ("lat", "lon")]
        for i in range(46):
            where = diag if i >= 40 else nc
            d = dims[i % 3]
            dtype = "f4" if i % 4 else "i2"
            fill = np.float32(-9999) if dtype == "f4" else np.int16(-32767)
            v = where.createVariable(f"var{i:02d}", dtype, d, zlib=True, complevel=4, fill_value=fill)
            v.units = "1"
            v.long_name = f"variable number {i}"
            v.standard_name = f"synthetic_quantity_{i}"
            v.valid_range = np.array([-1000, 1000], dtype=dtype)
            shape = tuple({"time": nt, "level": nl, "lat": ny, "lon": nx}[x] for x in d)
            v[...] = (rng.normal(0, 10, shape)).astype(dtype)
    return {"name": "vars50.nc", "role": "netcdf", "variables": 50}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    man = os.path.join(out, "manifest.json")
    if os.path.exists(man):
        os.remove(man)
    files = []
    for size in LISTING:
        for index in ("btree1", "farray", "earray"):
            files.append(write_listing(os.path.join(out, f"chunks{size}_{index}.h5"), size, index))
    files.append(write_netcdf(os.path.join(out, "vars50.nc")))
    files.append(write_big(os.path.join(out, "big.h5")))
    for f in files:
        f["bytes"] = os.path.getsize(os.path.join(out, f["name"]))
    doc = {"version": VERSION, "files": files,
           "written_by": {"h5py": h5py.version.version, "hdf5": h5py.version.hdf5_version,
                          "netcdf4": netCDF4.__version__, "netcdf_c": netCDF4.__netcdf4libversion__,
                          "numpy": np.__version__}}
    with open(man + ".tmp", "w") as fh:
        json.dump(doc, fh, indent=1)
    os.replace(man + ".tmp", man)


main()
