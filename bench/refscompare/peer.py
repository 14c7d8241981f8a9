#!/usr/bin/python3
"""The peer of `go run ./bench/refscompare`: writes the netCDF-4 files the
benchmark reads (netCDF4-python) and times what a Python user of kerchunk
pays for the same work (h5py, fsspec, zarr 2.13), one request at a time.

Started by bench/refscompare with Debian's interpreter (/usr/bin/python3) as
a long-lived server: its first line is a JSON object naming what it runs
and the modules it lacks ("missing"); then it reads one JSON request per
line on standard input and answers each with one JSON line,
{"timing": {"wall", "cpu", "n"}} (seconds per call of wall time,
time.perf_counter, and of this process's CPU time, time.process_time; n is
the files a call scanned, or 1), {"check": {...}} when "check" is set (one
untimed call and what it found), or {"error"}. A timed request calls in a
loop of at least MINTIME seconds of wall time, at least once.

The ops:

  - generate: writes COUNT netCDF-4 files DIR/t0000.nc ... (50 float32
    variables (time, lat, lon) of TIME steps, chunks (1, lat, lon),
    shuffle + deflate level 1, CF attributes; time, lat, lon coordinates)
    and, with BIG set, DIR/big.nc (the same variables on a 256 x 256 grid
    of 4 steps, about 50 MB, whose chunk indexes lie between the
    variables' data across the file). Values come from NumPy's seeded
    generator: the same files every time.
  - scan: the reference walk of kerchunk's SingleHdf5ToZarr over FILES, one
    after the other: h5py.File, the root's attributes, then visititems over
    every object: a group's attributes; a dataset's layout, dtype, shape,
    chunks, filters (compression and its options, shuffle, fletcher32,
    scaleoffset), fill value, attributes, the dimension scale of each
    dimension, the offset and size of every stored chunk (DatasetID.
    chunk_iter where h5py has it, else get_num_chunks and get_chunk_info
    for each index; get_offset and get_storage_size for a contiguous
    dataset), and the bytes of every chunk smaller than 500 bytes (which
    kerchunk inlines). The references are kept in a dict. With URL set the
    files are read over HTTP (URL + "/" + the file's base name): an
    fsspec file object handed to h5py.File, as kerchunk opens remote files,
    with CACHE as its cache_type ("bytes" is fsspec's HTTP default) and
    fsspec's default block size.
  - refs_open: opens the JSON reference set JSON with fsspec's
    ReferenceFileSystem (its HTTP references read through the same HTTP
    file system), zarr 2.13's open_array of VAR on its mapper, and reads
    the chunk at INDEX (z[index]).
  - refs_parse: json.loads of the set's text, which ReferenceFileSystem
    does first (fsspec 2022.11 uses ujson when it is installed).

fsspec's HTTPFileSystem needs aiohttp. Without it, the HTTP file system is
an fsspec AbstractFileSystem of this script's that sends its requests with
requests (one Session, kept alive) and opens an fsspec AbstractBufferedFile
as HTTPFile does (a HEAD for the size, then fsspec's caches and block size,
each cache miss one ranged GET): the same requests as HTTPFileSystem's,
made by another HTTP client. "http" in the hello line says which ran.
"""
import hashlib
import json
import os
import platform
import sys
import time

missing = []
try:
    import numpy as np
except ImportError:
    np = None
    missing.append("numpy")
try:
    import h5py
except ImportError:
    h5py = None
    missing.append("h5py")
try:
    import netCDF4
except ImportError:
    netCDF4 = None
    missing.append("netCDF4")
try:
    import fsspec
    import fsspec.spec
    from fsspec.implementations.reference import ReferenceFileSystem
except ImportError:
    fsspec = None
    missing.append("fsspec")
try:
    import zarr
except ImportError:
    zarr = None
    missing.append("zarr")

HTTP = "none"
if fsspec is not None:
    try:
        import aiohttp  # noqa: F401 (fsspec's HTTPFileSystem needs it)
        HTTP = "fsspec HTTPFileSystem (aiohttp)"
    except ImportError:
        try:
            import requests
            HTTP = "fsspec AbstractBufferedFile over requests %s (no aiohttp)" % requests.__version__
        except ImportError:
            missing.append("aiohttp or requests")

# kerchunk's hidden attributes: netCDF-4's and the dimension-scale API's
# bookkeeping, which it reads and drops.
HIDDEN = {"REFERENCE_LIST", "CLASS", "DIMENSION_LIST", "NAME", "_Netcdf4Dimid",
          "_Netcdf4Coordinates", "_nc3_strict", "_NCProperties"}
INLINE = 500
NVARS = 50
# The CF attributes of every variable (long_name is added), in this order.
VAR_ATTRS = {"units": "K", "long_name": "", "standard_name": "air_temperature", "cell_methods": "time: mean",
             "coordinates": "lat lon", "valid_min": np.float32(-100) if np else 0, "valid_max": np.float32(400) if np else 0}


def write_file(path, i, steps, ny, nx):
    ds = netCDF4.Dataset(path, "w", format="NETCDF4")
    ds.setncattr("Conventions", "CF-1.8")
    ds.setncattr("title", "file %d" % i)
    ds.createDimension("time", None)
    ds.createDimension("lat", ny)
    ds.createDimension("lon", nx)
    t = ds.createVariable("time", "f8", ("time",))
    t.units = "hours since 2000-01-01 00:00:00"
    t.calendar = "standard"
    t[:] = np.arange(i * steps, (i + 1) * steps, dtype="f8")
    lat = ds.createVariable("lat", "f4", ("lat",))
    lat.units = "degrees_north"
    lat[:] = np.linspace(-90, 90, ny)
    lon = ds.createVariable("lon", "f4", ("lon",))
    lon.units = "degrees_east"
    lon[:] = np.linspace(0, 360, nx, endpoint=False)
    rng = np.random.default_rng(i)
    for k in range(NVARS):
        v = ds.createVariable("var%02d" % k, "f4", ("time", "lat", "lon"), chunksizes=(1, ny, nx),
                              zlib=True, complevel=1, shuffle=True, fill_value=np.float32(-999))
        v.setncatts(dict(VAR_ATTRS, long_name="variable %d" % k))
        v[:] = np.round(250 + 20 * rng.standard_normal((steps, ny, nx)), 2).astype("f4")
    ds.close()


def generate(req):
    d, steps = req["dir"], int(req["steps"])
    for i in range(int(req["count"])):
        write_file(os.path.join(d, "t%04d.nc" % i), i, steps, 32, 32)
    if req.get("big"):
        write_file(os.path.join(d, "big.nc"), 0, 4, 256, 256)
    return {"netcdf4": netCDF4.__version__, "netcdf_c": netCDF4.__netcdf4libversion__,
            "hdf5": netCDF4.__hdf5libversion__}


if fsspec is not None and HTTP.startswith("fsspec AbstractBufferedFile"):
    class RangeFile(fsspec.spec.AbstractBufferedFile):
        """A read-only HTTP file: each cache miss is one ranged GET."""

        def _fetch_range(self, start, end):
            r = self.fs.session.get(self.path, headers={"Range": "bytes=%d-%d" % (start, end - 1)})
            r.raise_for_status()
            return r.content

    class RangeHTTPFileSystem(fsspec.AbstractFileSystem):
        """HTTP as fsspec's HTTPFileSystem presents it, through requests."""

        protocol = ("http", "https")
        cachable = False

        def __init__(self, cache_type="bytes", **kw):
            super().__init__(**kw)
            self.session = requests.Session()
            self.default_cache = cache_type

        @classmethod
        def _strip_protocol(cls, path):
            return path

        def info(self, path, **kw):
            r = self.session.head(path, allow_redirects=True)
            r.raise_for_status()
            return {"name": path, "size": int(r.headers["Content-Length"]), "type": "file"}

        def _open(self, path, mode="rb", block_size=None, cache_type=None, cache_options=None, **kw):
            details = self.info(path)
            f = RangeFile(self, path, mode=mode, block_size=block_size or fsspec.utils.DEFAULT_BLOCK_SIZE,
                          cache_type=cache_type or self.default_cache, cache_options=cache_options,
                          size=details["size"])
            f.details = details  # as HTTPFile holds them: no second HEAD
            return f

        def cat_file(self, path, start=None, end=None, **kw):
            headers = {}
            if start is not None or end is not None:
                headers["Range"] = "bytes=%d-%s" % (start or 0, "" if end is None else end - 1)
            r = self.session.get(path, headers=headers)
            r.raise_for_status()
            return r.content


def http_fs(cache):
    if HTTP.startswith("fsspec HTTPFileSystem"):
        return fsspec.filesystem("http", cache_type=cache, skip_instance_cache=True)
    return RangeHTTPFileSystem(cache_type=cache)


def attrs(obj):
    return {k: v for k, v in obj.attrs.items() if k not in HIDDEN}


def walk(f, fh, url):
    """The references of the open h5py file f (fh reads its bytes)."""
    refs = {"": attrs(f)}
    seen = {"chunks": 0, "bytes": 0, "arrays": 0}

    def chunk(key, offset, size):
        seen["chunks"] += 1
        seen["bytes"] += size
        if size < INLINE:
            fh.seek(offset)
            refs[key] = fh.read(size)
        else:
            refs[key] = [url, offset, size]

    def visit(name, obj):
        if not isinstance(obj, h5py.Dataset):
            refs[name] = attrs(obj)
            return
        seen["arrays"] += 1
        dsid = obj.id
        meta = {"layout": dsid.get_create_plist().get_layout(), "dtype": obj.dtype.str, "shape": obj.shape,
                "chunks": obj.chunks, "compression": obj.compression, "compression_opts": obj.compression_opts,
                "shuffle": obj.shuffle, "fletcher32": obj.fletcher32, "scaleoffset": obj.scaleoffset,
                "fillvalue": obj.fillvalue, "attrs": attrs(obj)}
        dims = []
        for n in range(len(obj.shape)):
            scales = obj.dims[n]
            dims.append(scales[0].name if len(scales) == 1 else "phony_dim_%d" % n)
        meta["dims"] = dims
        refs[name + "/.meta"] = meta
        if obj.chunks is None:
            off = dsid.get_offset()
            if off is not None:
                chunk(name + "/0", off, dsid.get_storage_size())
            return
        grid = obj.chunks
        if hasattr(dsid, "chunk_iter"):
            dsid.chunk_iter(lambda c: chunk(name + "/" + ".".join(str(a // b) for a, b in zip(c.chunk_offset, grid)),
                                            c.byte_offset, c.size))
            return
        for i in range(dsid.get_num_chunks()):
            c = dsid.get_chunk_info(i)
            chunk(name + "/" + ".".join(str(a // b) for a, b in zip(c.chunk_offset, grid)), c.byte_offset, c.size)

    f.visititems(visit)
    return refs, seen


def scan(req):
    """Scans every file of the request; returns the counts over them."""
    total = {"chunks": 0, "bytes": 0, "arrays": 0}
    base = req.get("url")
    fs = http_fs(req.get("cache") or "bytes") if base else None
    for path in req["files"]:
        if base:
            url = base + "/" + os.path.basename(path)
            with fs.open(url, "rb") as fh, h5py.File(fh, "r") as f:
                _, seen = walk(f, fh, url)
        else:
            with open(path, "rb") as fh, h5py.File(path, "r") as f:
                _, seen = walk(f, fh, path)
        for k in total:
            total[k] += seen[k]
    return total


def refs_open(req):
    """Opens the set and reads one chunk; returns its bytes."""
    rfs = ReferenceFileSystem(req["json"], fs=http_fs("bytes"))
    z = zarr.open_array(rfs.get_mapper(""), mode="r", path=req["var"])
    return z[tuple(req["index"])]


def refs_parse(req):
    with open(req["json"], "rb") as f:
        return len(json.loads(f.read())["refs"])


def timed(mintime, f):
    """Calls f for at least mintime seconds of wall time, once at least;
    returns the seconds per call and what the last call did."""
    calls, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
    done = f()
    calls += 1
    while time.perf_counter() - wall0 < mintime:
        done = f()
        calls += 1
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"wall": wall / calls, "cpu": cpu / calls, "n": done}


def serve(req):
    op = req["op"]
    if op == "generate":
        return {"check": generate(req)}
    if op == "scan":
        if req.get("check"):
            return {"check": scan(req)}
        n = len(req["files"])
        return {"timing": timed(float(req["mintime"]), lambda: (scan(req), n)[1])}
    if op == "refs_open":
        if req.get("check"):
            v = refs_open(req)
            return {"check": {"sha256": hashlib.sha256(np.ascontiguousarray(v, "<f4").tobytes()).hexdigest()}}
        return {"timing": timed(float(req["mintime"]), lambda: (refs_open(req), 1)[1])}
    if op == "refs_parse":
        if req.get("check"):
            return {"check": {"refs": refs_parse(req)}}
        return {"timing": timed(float(req["mintime"]), lambda: (refs_parse(req), 1)[1])}
    raise ValueError("unknown op %r" % op)


def version(mod):
    if mod is None:
        return ""
    v = getattr(mod, "__version__", "")
    return v if v else getattr(getattr(mod, "version", None), "version", "")


def main():
    hello = {"python": platform.python_version(), "numpy": version(np), "h5py": version(h5py),
             "hdf5": h5py.version.hdf5_version if h5py else "", "netcdf4": version(netCDF4),
             "fsspec": version(fsspec), "zarr": version(zarr), "http": HTTP, "missing": missing}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        try:
            reply = serve(json.loads(line))
        except Exception as e:  # answer, so that the rows after it still run
            reply = {"error": "%s: %s" % (type(e).__name__, e)}
        print(json.dumps(reply), flush=True)


main()
