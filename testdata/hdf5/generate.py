#!/usr/bin/python3
"""Generate testdata/hdf5/vectors.json from real HDF5 files.

Run with Debian's packages (python3-h5py 3.7 / HDF5 1.10.8, python3-numpy,
hdf5-filter-plugin for bzip2 307 and lz4 32004, hdf5-filter-plugin-blosc-serial
for blosc 32001 with libblosc1 1.21):

    HDF5_PLUGIN_PATH=/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins \
        /usr/bin/python3 testdata/hdf5/generate.py

Each case is written to a temporary HDF5 file with h5py, then read back with
h5py alone: the dataset description (data_type, shape, chunks, the filter
pipeline as HDF5 reports it, the header fill value and the attributes), every
stored chunk exactly as it is on disk (read_direct_chunk) with its
filter_mask, and, for every chunk, the values HDF5 itself returns for the
in-extent part of that chunk (little-endian, C order). The Go tests translate
each description to zarr.json and decode every chunk through the resulting
codec chain; the decoded in-extent values must equal HDF5's, byte for byte.

NumPy's vectorised sin may differ in the last bit from one CPU to another,
so a run on another machine can change a few values of the smooth cases;
each case stays consistent, as its expected values are read back from HDF5.
"""
import json
import os
import sys
import tempfile

import h5py
import numpy as np

PLUGINS = "/usr/lib/x86_64-linux-gnu/hdf5/serial/plugins"
if os.environ.get("HDF5_PLUGIN_PATH") != PLUGINS:
    os.environ["HDF5_PLUGIN_PATH"] = PLUGINS
    os.execv(sys.executable, [sys.executable] + sys.argv)

rng = np.random.default_rng(20261122)


def smooth(shape, dtype):
    n = int(np.prod(shape))
    i = np.arange(n)
    v = 273.15 + 20 * np.sin(2 * np.pi * i / 97) + rng.normal(0, 0.05, n)
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        v = np.clip(np.round(v * 7 - 1500), info.min, info.max)
    return v.reshape(shape).astype(dtype)


def noisy(shape, dtype):
    dt = np.dtype(dtype)
    return np.frombuffer(rng.bytes(int(np.prod(shape)) * dt.itemsize), dtype=dt).reshape(shape)


def numpy_str(dt):
    dt = np.dtype(dt)
    if dt.itemsize == 1:
        return "|" + dt.kind + "1"
    return dt.str


def json_safe(v):
    """NaN and infinities as the strings of Zarr fill-value JSON: the
    description must be standard JSON."""
    if isinstance(v, float) and not np.isfinite(v):
        return "NaN" if np.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    if isinstance(v, list):
        return [json_safe(x) for x in v]
    return v


def describe(ds):
    dcpl = ds.id.get_create_plist()
    filters = []
    for i in range(dcpl.get_nfilters()):
        code, flags, cd, name = dcpl.get_filter(i)
        filters.append({"id": int(code), "flags": int(flags), "cd_values": [int(x) for x in cd],
                        "name": name.decode("latin-1")})
    defined = dcpl.fill_value_defined()
    fill = None
    if defined == h5py.h5d.FILL_VALUE_USER_DEFINED:
        buf = np.zeros(1, dtype=ds.dtype)
        dcpl.get_fill_value(buf)
        fill = buf.tobytes().hex()
    attrs = {}
    for k, v in ds.attrs.items():
        if isinstance(v, np.ndarray):
            v = v.tolist()
            if len(v) == 1:
                v = v[0]
        elif isinstance(v, np.generic):
            v = v.item()
        elif isinstance(v, bytes):
            v = v.decode()
        attrs[k] = json_safe(v)
    return {
        "data_type": numpy_str(ds.dtype),
        "shape": list(ds.shape),
        "chunks": list(ds.chunks),
        "filters": filters,
        "fill_value": fill,
        "attributes": attrs,
    }


def chunks_of(ds):
    out = []
    for i in range(ds.id.get_num_chunks()):
        info = ds.id.get_chunk_info(i)
        offset = tuple(int(x) for x in info.chunk_offset)
        mask, raw = ds.id.read_direct_chunk(offset)
        sel = tuple(slice(o, min(o + c, s)) for o, c, s in zip(offset, ds.chunks, ds.shape))
        vals = ds[sel]
        le = vals.astype(vals.dtype.newbyteorder("<"), copy=False)
        out.append({
            "offset": list(offset),
            "filter_mask": int(mask),
            "data": bytes(raw).hex(),
            "extent": [s.stop - s.start for s in sel],
            "expected": le.tobytes().hex(),
        })
    return out


def case(name, data, chunks, note, post=None, fill=None, attrs=None, dcpl_hook=None, **kw):
    path = os.path.join(tmp, name + ".h5")
    with h5py.File(path, "w") as f:
        if dcpl_hook is None:
            ds = f.create_dataset("v", data=data, chunks=chunks, fillvalue=fill, **kw)
        else:
            ds = dcpl_hook(f, data, chunks, fill)
        for k, v in (attrs or {}).items():
            ds.attrs[k] = v
        if post:
            post(ds)
    with h5py.File(path, "r") as f:
        ds = f["v"]
        return {"name": name, "note": note, "description": describe(ds), "chunks": chunks_of(ds)}


def low_level(filters, dtype_override=None):
    """Create a dataset through the low-level API with exactly the given
    (id, flags, cd_values) filters, in that order."""
    def hook(f, data, chunks, fill):
        dt = dtype_override or data.dtype
        space = h5py.h5s.create_simple(data.shape)
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_chunk(chunks)
        for fid, flags, cd in filters:
            if fid == "nbit":
                dcpl.set_filter(h5py.h5z.FILTER_NBIT, 0, ())
            else:
                dcpl.set_filter(fid, flags, cd)
        if fill is not None:
            dcpl.set_fill_value(np.array([fill], dtype=dt))
        dsid = h5py.h5d.create(f.id, b"v", h5py.h5t.py_create(np.dtype(dt)), space, dcpl=dcpl)
        ds = h5py.Dataset(dsid)
        ds[...] = data
        return ds
    return hook


def ramp(shape, dtype):
    """Slowly rising one-byte values with a little noise: compressible
    data for one-byte types, which smooth() would clip flat."""
    n = int(np.prod(shape))
    v = np.arange(n) // 5 + rng.integers(0, 3, n)
    return (v % 256).reshape(shape).astype(dtype)


def blosc_opts(clevel, shuffle, compressor):
    """cd_values for HDF5's blosc filter (32001): slots 0 to 3 (filter
    revision, Blosc format version, type size, chunk bytes) are filled in by
    the filter when the dataset is created, whatever is passed; slots 4 to 6
    are clevel, shuffle (0 none, 1 byte, 2 bit) and the c-blosc compressor
    code (0 blosclz, 1 lz4, 2 lz4hc, 3 snappy, 4 zlib, 5 zstd)."""
    return (0, 0, 0, 0, clevel, shuffle, compressor)


def skip_filter_in_chunk(ds):
    """Rewrite chunk (0,...) unfiltered with filter_mask bit 0 set: HDF5
    skips the first filter of the pipeline for that chunk when reading."""
    offset = (0,) * ds.ndim
    sel = tuple(slice(0, c) for c in ds.chunks)
    full = np.zeros(ds.chunks, dtype=ds.dtype)
    part = ds[tuple(slice(0, min(c, s)) for c, s in zip(ds.chunks, ds.shape))]
    full[tuple(slice(0, n) for n in part.shape)] = part + 1
    ds.id.write_direct_chunk(offset, full.tobytes(), filter_mask=1)


def zstd_case():
    """Debian ships no HDF5 zstd plugin (32015), so this dataset declares the
    filter (optional, so that HDF5 accepts it without the plugin) and its
    chunks are zstd frames written by numcodecs.Zstd (ZSTD_compress, the
    call the HDF5 zstd plugin makes) through write_direct_chunk. The
    expected values are the array itself, not a read through HDF5."""
    import numcodecs
    data = smooth((10, 6), "<f4")
    chunks = (4, 6)
    path = os.path.join(tmp, "zstd.h5")
    with h5py.File(path, "w") as f:
        space = h5py.h5s.create_simple(data.shape)
        dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
        dcpl.set_chunk(chunks)
        dcpl.set_filter(32015, 1, (5,))
        dsid = h5py.h5d.create(f.id, b"v", h5py.h5t.py_create(data.dtype), space, dcpl=dcpl)
        ds = h5py.Dataset(dsid)
        z = numcodecs.Zstd(level=5)
        for r in range(0, data.shape[0], chunks[0]):
            full = np.zeros(chunks, dtype=data.dtype)
            part = data[r:r + chunks[0]]
            full[:part.shape[0]] = part
            ds.id.write_direct_chunk((r, 0), z.encode(full.tobytes()))
    with h5py.File(path, "r") as f:
        ds = f["v"]
        out = []
        for i in range(ds.id.get_num_chunks()):
            off = tuple(int(x) for x in ds.id.get_chunk_info(i).chunk_offset)
            mask, raw = ds.id.read_direct_chunk(off)
            part = data[off[0]:off[0] + chunks[0]]
            out.append({"offset": list(off), "filter_mask": int(mask), "data": bytes(raw).hex(),
                        "extent": list(part.shape), "expected": part.tobytes().hex()})
        return {"name": "f4_zstd_numcodecs_frames", "note": zstd_case.__doc__.strip().replace("\n    ", " "),
                "description": describe(ds), "chunks": out}


def blosc_version():
    """The c-blosc library the blosc plugin runs on."""
    import ctypes
    lib = ctypes.CDLL("libblosc.so.1")
    lib.blosc_get_version_string.restype = ctypes.c_char_p
    return lib.blosc_get_version_string().decode()


tmp = tempfile.mkdtemp()
F32MAX = np.float32(3.4028235e38)
cases = [
    case("f4_shuffle_deflate", smooth((20, 30), "<f4"), (8, 16),
         "shuffle + deflate 4, header fill and _FillValue float32 max (the ATL06 pattern), partial edge chunks",
         shuffle=True, compression="gzip", compression_opts=4, fill=F32MAX,
         attrs={"_FillValue": F32MAX, "units": "m"}),
    case("i2_deflate", smooth((17,), "<i2"), (5,),
         "deflate 9 alone, no header fill, _FillValue and missing_value attributes",
         compression="gzip", compression_opts=9,
         attrs={"_FillValue": np.int16(-9999), "missing_value": np.int16(-9998)}),
    case("f8_shuffle_deflate_fletcher32", smooth((10, 10), "<f8"), (4, 4),
         "shuffle + deflate + fletcher32 (HDF5 puts fletcher32 first)",
         shuffle=True, compression="gzip", compression_opts=1, fletcher32=True, fill=np.nan,
         attrs={"_FillValue": np.nan}),
    case("be_u2_bzip2", smooth((12, 12), ">u2"), (5, 5),
         "bzip2 9 (plugin 307) on big-endian uint16",
         compression=307, compression_opts=(9,), fill=65535),
    case("f4_lz4_default", smooth((16, 16), "<f4"), (8, 8),
         "lz4 (plugin 32004) with its default block size",
         compression=32004),
    case("i4_lz4_block64", np.concatenate([noisy((64,), "<i4"), smooth((100,), "<i4")]), (48,),
         "lz4 with 64-byte blocks: incompressible blocks are stored raw, partial edge chunk",
         compression=32004, compression_opts=(64,)),
    case("be_i8_fletcher32", smooth((9,), ">i8"), (4,),
         "fletcher32 alone on big-endian int64",
         fletcher32=True),
    case("be_f4_shuffle_deflate", smooth((6, 7), ">f4"), (4, 4),
         "shuffle + deflate on big-endian float32",
         shuffle=True, compression="gzip", compression_opts=6, fill=np.float32(-1.5)),
    case("u1_shuffle_deflate_badfill", smooth((30,), "u1"), (16,),
         "uint8 with shuffle (element size 1) and an out-of-range _FillValue -9999 (an int16 attribute)",
         shuffle=True, compression="gzip", compression_opts=2,
         attrs={"_FillValue": np.int16(-9999), "missing_value": np.int16(255)}),
    case("i4_optional_deflate_skipped", smooth((10,), "<i4"), (4,),
         "deflate marked optional (flags 1); chunk 0 rewritten unfiltered with filter_mask 1",
         dcpl_hook=low_level([(1, 1, (5,))]), post=skip_filter_in_chunk),
    case("u2_scaleoffset", smooth((8,), "<u2"), (4,),
         "HDF5 scaleoffset (6): no Zarr codec reads it",
         scaleoffset=0),
    case("i4_nbit", smooth((8,), "<i4"), (4,),
         "HDF5 nbit (5): no Zarr codec reads it",
         dcpl_hook=low_level([("nbit", 0, ())])),
    zstd_case(),
    case("f8_blosc_defaults", smooth((20, 30), "<f8"), (8, 16),
         "blosc (plugin 32001) as h5py sets it without options: the filter records 4 cd_values and uses blosclz, clevel 5, byte shuffle",
         compression=32001),
    case("f4_blosc_lz4_bitshuffle", smooth((30, 40), "<f4"), (16, 32),
         "blosc lz4, clevel 7, bit shuffle, partial edge chunks",
         compression=32001, compression_opts=blosc_opts(7, 2, 1)),
    case("be_i4_blosc_zlib", smooth((50,), ">i4"), (32,),
         "blosc zlib, clevel 9, byte shuffle, on big-endian int32",
         compression=32001, compression_opts=blosc_opts(9, 1, 4), fill=-7),
    case("f8_blosc_zstd_fletcher32", smooth((12, 10), "<f8"), (5, 10),
         "blosc zstd, clevel 3, byte shuffle, then fletcher32 (h5py puts it last)",
         fletcher32=True, compression=32001, compression_opts=blosc_opts(3, 1, 5)),
    case("f8_fletcher32_blosc_lz4", smooth((12, 10), "<f8"), (5, 10),
         "fletcher32 first (as netCDF-4 orders it), then blosc lz4 with byte shuffle: blosc sees 404 bytes, 50 elements of 8 bytes and 4 bytes it leaves unshuffled",
         dcpl_hook=low_level([(3, 0, ()), (32001, 1, blosc_opts(5, 1, 1))])),
    case("u1_blosc_lz4hc_mandatory", ramp((700,), "u1"), (256,),
         "blosc lz4hc, clevel 4, bit shuffle, marked mandatory (flags 0) as the reverse mapping writes it",
         dcpl_hook=low_level([(32001, 0, blosc_opts(4, 2, 2))])),
    case("i2_shuffle_blosc_snappy_noisy", np.concatenate([noisy((400,), "<i2"), np.repeat(smooth((100,), "<i2"), 5)]), (200,),
         "HDF5 shuffle then blosc snappy without its own shuffle: the noisy chunks do not compress, so HDF5 skips the optional blosc filter for them (filter_mask 2) and stores them shuffled only",
         shuffle=True, compression=32001, compression_opts=blosc_opts(5, 0, 3)),
    case("u2_blosc_clevel0", smooth((20,), "<u2"), (8,),
         "blosc clevel 0: c-blosc would store each chunk in a frame 16 bytes longer, which the filter does not allow, so HDF5 skips the optional filter for every chunk (filter_mask 1)",
         compression=32001, compression_opts=blosc_opts(0, 1, 0)),
]

out = {
    "generator": "testdata/hdf5/generate.py",
    "peers": "h5py %s, HDF5 %s, numpy %s, hdf5-filter-plugin (libh5bz2, libh5lz4), hdf5-filter-plugin-blosc-serial (libH5Zblosc, c-blosc %s)" % (
        h5py.version.version, h5py.version.hdf5_version, np.__version__, blosc_version()),
    "cases": cases,
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "vectors.json"), "w") as f:
    json.dump(out, f, indent=1, allow_nan=False)
    f.write("\n")
print("wrote", len(cases), "cases")
