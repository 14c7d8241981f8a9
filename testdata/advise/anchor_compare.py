#!/usr/bin/python3
"""Compare zcodec advise with the error-bounded compressors people measure against.

Run from the repository root with Debian's Python (numpy, scipy, numcodecs,
netCDF4, h5py, python3-zfpy), nco (ncks) and Go:

    /usr/bin/python3 testdata/advise/anchor_compare.py > testdata/advise/anchor_table.md

For every field below, at one maximum absolute error (the bound), it measures
the stored bytes and the maximum absolute error (over every element, in
float64, exact for float32 and float64) of:

  * zcodec advise: the chosen chain of `zcodec advise CHUNK --metadata
    zarr.json --abs-tol B --json` (the field is one chunk, so the sample is
    the whole field), with `--objective size` when `zcodec advise -h` lists
    that flag; the bytes are its encoded chunk.
  * ZFP (python3-zfpy), fixed-accuracy mode. ZFP's tolerance is not a strict
    bound on the error: it is measured. Two settings: tolerance = the bound
    (what "ZFP at the same bound" usually means), and the largest tolerance
    (a power of two times the bound, 2^-3 .. 2^3) whose measured error still
    meets the bound -- ZFP at its best within the bound.
  * BitRound (numcodecs.BitRound) at the smallest keepbits whose measured
    error meets the bound, then zstd (numcodecs.Zstd, libzstd) at level 9
    without and with a byte shuffle (numcodecs.Shuffle), and level 19 with
    shuffle. NaN passes through BitRound unchanged.
  * NCO `--ppc`: `ncks -7 -L 9` (shuffle + deflate 9, one chunk) with the
    DSD, Granular BitRound and BitRound settings around the bound; the
    smallest output whose measured error meets it and keeps every NaN. The
    bytes are HDF5's storage size of the chunk.

Sizes are compressed payload bytes on every side (no file or container
headers beyond each codec's own frame). The ratio columns divide zcodec's
bytes by the anchor's. "At equal measured error" compares zcodec advised
at the anchor's measured error (when it is below the bound) with the
anchor, so that zcodec's measured error is at most the anchor's.

Fields: the issue's smooth 512 x 512 field (nco_compare.py's smooth
generator at 512 x 512); nco_compare.py's three 720 x 1440 fields (smooth,
noisy, nan-holes); bench/gendata's smooth-float32 chunk (1-D, 262144
values: a sine series with N(0, 0.05^2) noise); a 1024 x 1024 chunk of
testdata/advise/bigfield (rows and columns 1024:2048, with a NaN patch,
recomputed here with the same formula); and the float arrays of
testdata/stores/zarr213 (small test arrays, read with `zcodec cat`) at a
bound of 1/1000 of their range. The output is Markdown.
"""

import argparse
import datetime
import importlib.util
import json
import os
import platform
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BOUND = 0.05  # K, for the temperature-like fields
NCKS_TIMEOUT = 60


def nco_fields():
    spec = importlib.util.spec_from_file_location("nco_compare", os.path.join(HERE, "nco_compare.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def smooth_field(mod, ny, nx):
    """nco_compare.py's smooth field, at ny x nx."""
    old = mod.NY, mod.NX
    mod.NY, mod.NX = ny, nx
    try:
        return dict(mod.fields())["smooth"]
    finally:
        mod.NY, mod.NX = old


def bigfield_chunk(y0, x0, n):
    """testdata/advise/bigfield's value(y, x) over [y0, y0+n) x [x0, x0+n)."""
    size = 8192
    y = np.arange(y0, y0 + n, dtype=np.int64)[:, None]
    x = np.arange(x0, x0 + n, dtype=np.int64)[None, :]
    lat = (y / size - 0.5) * np.pi
    lon = x / size * 2 * np.pi
    v = 288 - 45 * np.sin(lat) ** 2 + 6 * np.cos(2 * lon) * np.cos(lat)
    v = v + 2.5 * np.sin(5 * lon + 1.3) * np.cos(5 * lat + 0.4) + 0.8 * np.sin(13 * lon + 2.1) * np.cos(13 * lat + 1.7)
    m = np.uint64(0xFFFFFFFF)
    h = ((y.astype(np.uint64) * np.uint64(2654435761)) & m) ^ ((x.astype(np.uint64) * np.uint64(2246822519)) & m)
    h ^= h >> np.uint64(15)
    h = (h * np.uint64(2246822519)) & m
    h ^= h >> np.uint64(13)
    v = v + 0.05 * ((h & np.uint64(0xFFFF)).astype(np.float64) / 0x8000 - 1)
    dy, dx = y % 2048 - 1000, x % 3000 - 1500
    v = np.where(dy * dy + dx * dx < 200 * 200, np.nan, v)
    return v.astype("<f4")


def gendata_chunk(zcodec_go_root, work):
    out = os.path.join(work, "gendata")
    subprocess.run(["go", "run", "./bench/gendata", "-o", out], check=True, cwd=zcodec_go_root)
    return np.fromfile(os.path.join(out, "smooth-float32.bin"), dtype="<f4")


def store_arrays(zcodec, work):
    """The float arrays of testdata/stores/zarr213, through zcodec cat."""
    base = os.path.join(ROOT, "testdata", "stores", "zarr213")
    out = []
    for name in sorted(os.listdir(base)):
        zarray = os.path.join(base, name, ".zarray")
        if not os.path.exists(zarray):
            continue
        with open(zarray) as f:
            meta = json.load(f)
        if meta["dtype"][1] != "f" or np.prod(meta["shape"]) < 16:
            continue
        npy = os.path.join(work, name + ".npy")
        subprocess.run([zcodec, "cat", "--format", "npy", "-o", npy, os.path.join(base, name)], check=True)
        a = np.load(npy)
        out.append(("stores/zarr213/" + name, a.astype(a.dtype.newbyteorder("<"))))
    return out


def max_error(got, x):
    x = x.astype("<f8")
    got = got.astype("<f8")
    nan_ok = bool(np.array_equal(np.isnan(got), np.isnan(x)))
    fin = ~np.isnan(x)
    err = float(np.max(np.abs(got[fin] - x[fin]))) if fin.any() else 0.0
    return err, nan_ok


# --- anchors ---------------------------------------------------------------

def zfp(values, tol):
    """ZFP's bytes, measured error and whether NaN stayed NaN. ZFP does not
    carry NaN (a block holding one decodes to garbage), so a field with NaN
    is given to ZFP with each NaN replaced by the mean of the finite values,
    and the NaN mask is stored apart (numcodecs.PackBits + zstd 9, its bytes
    counted) and applied after decoding, as one would store it."""
    import numcodecs
    import zfpy
    nan = np.isnan(values)
    src = np.where(nan, np.nanmean(values) if (~nan).any() else 0, values).astype(values.dtype) if nan.any() else values
    z = zfpy.compress_numpy(np.ascontiguousarray(src), tolerance=tol)
    got = zfpy.decompress_numpy(z)
    n = len(z)
    if nan.any():
        mask = numcodecs.Zstd(level=9).encode(numcodecs.PackBits().encode(nan.ravel()))
        n += len(mask)
        got = np.where(nan, np.nan, got)
    err, nan_ok = max_error(got, values)
    return n, err, nan_ok


def zfp_best(values, bound):
    best = None
    for k in range(-3, 4):
        t = bound * 2.0 ** k
        n, err, nan_ok = zfp(values, t)
        if err <= bound and nan_ok and (best is None or n < best[1]):
            best = (t, n, err)
    return best


def bitround(values, bound):
    import numcodecs
    mant = 23 if values.dtype.itemsize == 4 else 52
    for k in range(0, mant + 1):
        c = numcodecs.BitRound(keepbits=k)
        enc = c.encode(values.copy())
        err, nan_ok = max_error(np.frombuffer(c.decode(enc), dtype=values.dtype).reshape(values.shape), values)
        if err <= bound and nan_ok:
            b = np.ascontiguousarray(enc).tobytes()
            sh = numcodecs.Shuffle(elementsize=values.dtype.itemsize).encode(b)
            return {"keepbits": k, "err": err,
                    "zstd9": len(numcodecs.Zstd(level=9).encode(b)),
                    "shuffle+zstd9": len(numcodecs.Zstd(level=9).encode(sh)),
                    "shuffle+zstd19": len(numcodecs.Zstd(level=19).encode(sh))}
    return None


def write_netcdf(path, values):
    import netCDF4
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        dims = []
        for i, n in enumerate(values.shape):
            ds.createDimension("d%d" % i, n)
            dims.append("d%d" % i)
        v = ds.createVariable("T", values.dtype.str[1:], dims, fill_value=np.nan, chunksizes=values.shape)
        v.set_auto_maskandscale(False)
        v[...] = values


def nco(values, bound, work):
    import h5py
    src = os.path.join(work, "nco-src.nc")
    out = os.path.join(work, "nco-out.nc")
    write_netcdf(src, values)
    # decimal digits after the point (DSD) and significant bits/digits around the bound
    dsd = max(0, int(np.ceil(-np.log10(bound))))
    settings = [("`--ppc T=.%d` (DSD)" % d, ["--ppc", "T=.%d" % d]) for d in range(max(0, dsd - 1), dsd + 2)]
    mag = np.nanmax(np.abs(values)) if np.isfinite(values).any() else 1.0
    nsd = max(1, int(np.ceil(np.log10(mag / bound))))
    settings += [("`--baa=4 --ppc T=%d` (GranularBR)" % n, ["--baa=4", "--ppc", "T=%d" % n]) for n in range(max(1, nsd - 1), nsd + 2)]
    nsb = max(1, int(np.ceil(np.log2(mag / bound))))
    settings += [("`--baa=8 --ppc T=%d` (BitRound)" % k, ["--baa=8", "--ppc", "T=%d" % k]) for k in range(max(1, nsb - 2), nsb + 2)]
    cnk = []
    for i, n in enumerate(values.shape):
        cnk += ["--cnk_dmn", "d%d,%d" % (i, n)]
    best = None
    for label, args in settings:
        try:
            subprocess.run(["ncks", "-O", "-7", "-L", "9"] + cnk + args + [src, out], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=NCKS_TIMEOUT)
        except (subprocess.TimeoutExpired, subprocess.CalledProcessError):
            continue
        with h5py.File(out, "r") as f:
            d = f["T"]
            got = d[...]
            size = d.id.get_storage_size()
        err, nan_ok = max_error(got, values)
        if err <= bound and nan_ok and (best is None or size < best[1]):
            best = (label, size, err)
    return best


# --- the information in the codes --------------------------------------------

def entropy(a):
    if a.size == 0:
        return 0.0
    _, c = np.unique(a, return_counts=True)
    p = c / c.sum()
    return float(-(p * np.log2(p)).sum())


def code_entropies(values, bound):
    """Order-0 entropy (bits/value) of the integer codes at a step of twice
    the bound, and of their residuals after the predictors a chain of
    numcodecs filters can apply: one delta and two deltas along the flat
    (C) order, and, for 2-D fields, the 2-D Lorenzo predictor
    q[i,j] - q[i,j-1] - q[i-1,j] + q[i-1,j-1], which no portable chain
    applies (see docs/advise-anchors.md). Residuals that involve a NaN are
    left out. An entropy coder that sees each residual on its own cannot
    go below these figures; coders with context (bzip2's block sorting,
    zstd's matches) can, a little."""
    x = values.astype("<f8")
    q = np.rint((x - np.nanmin(x)) / (2 * bound))
    flat = q.ravel()
    out = {"codes": entropy(flat[np.isfinite(flat)])}
    d1 = np.diff(flat)
    out["delta"] = entropy(d1[np.isfinite(d1)])
    d2 = np.diff(flat, n=2)
    out["2 deltas"] = entropy(d2[np.isfinite(d2)])
    if q.ndim == 2 and min(q.shape) > 1:
        lor = q[1:, 1:] - q[1:, :-1] - q[:-1, 1:] + q[:-1, :-1]
        out["2-D Lorenzo"] = entropy(lor[np.isfinite(lor)])
    return out


# --- zcodec ----------------------------------------------------------------

def zcodec_json(values, path):
    dt = {"<f4": "float32", "<f8": "float64"}[values.dtype.str]
    with open(path, "w") as f:
        json.dump({"zarr_format": 3, "node_type": "array", "shape": list(values.shape), "data_type": dt,
                   "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": list(values.shape)}},
                   "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                   "fill_value": "NaN", "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}, f)


def objective_args(zcodec):
    h = subprocess.run([zcodec, "advise", "-h"], capture_output=True, text=True)
    return ["--objective", "size"] if "-objective" in h.stdout + h.stderr else []


def advise(zcodec, raw, meta, tol, extra):
    cmd = [zcodec, "advise", raw, "--metadata", meta, "--abs-tol", repr(tol), "--json"] + extra
    rep = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    best = rep["candidates"][rep["chosen"]]
    return best["label"], best["encoded_bytes"], best["max_abs_error"]


# --- report ----------------------------------------------------------------

def cpu_line():
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return "%s, %s, %d CPUs" % (model, platform.machine(), os.cpu_count() or 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zcodec", help="the zcodec binary (default: built from this checkout)")
    ap.add_argument("--only", help="comma-separated field names to run (default: all)")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="anchor-compare-")
    zcodec = args.zcodec
    if not zcodec:
        zcodec = os.path.join(work, "zcodec")
        subprocess.run(["go", "build", "-o", zcodec, "./cmd/zcodec"], check=True, cwd=ROOT)
    objective = objective_args(zcodec)
    mod = nco_fields()
    fields = [("smooth 512x512", smooth_field(mod, 512, 512), BOUND)]
    fields += [(name + " 720x1440", v, BOUND) for name, v in mod.fields()]
    fields.append(("bench/gendata smooth-float32 (1-D)", gendata_chunk(ROOT, work), BOUND))
    fields.append(("bigfield [1024:2048, 1024:2048]", bigfield_chunk(1024, 1024, 1024), BOUND))
    for name, a in store_arrays(zcodec, work):
        span = float(np.nanmax(a) - np.nanmin(a))
        fields.append((name, a, span / 1000 if span > 0 else 1e-3))
    if args.only:
        keep = args.only.split(",")
        fields = [f for f in fields if any(f[0].startswith(k) for k in keep)]

    import numcodecs
    import zfpy
    ncks = subprocess.run(["ncks", "--version"], capture_output=True, text=True).stderr.strip().splitlines()[-1]
    goversion = subprocess.run(["go", "version"], capture_output=True, text=True).stdout.strip()
    print("# zcodec advise against ZFP, BitRound + zstd and NCO")
    print()
    print("Produced by: `/usr/bin/python3 testdata/advise/anchor_compare.py > testdata/advise/anchor_table.md`")
    print("on %s; %s; %s." % (datetime.date.today().isoformat(), cpu_line(), goversion))
    print("zcodec advise %s (its default build: pure-Go zstd, bzip2 and blosc encoders);" % (" ".join(objective) or "(default objective)"))
    zfpv = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "python3-zfpy"], capture_output=True, text=True).stdout
    print("ZFP: python3-zfpy %s, fixed-accuracy mode; numcodecs %s (libzstd); NCO: %s." % (
        zfpv or getattr(zfpy, "__version__", "?"), numcodecs.__version__, ncks))
    print("Every field is one chunk; sizes are compressed bytes, errors are measured over every element.")
    print()
    summary = []
    for name, values, bound in fields:
        raw = os.path.join(work, "field.raw")
        values.tofile(raw)
        meta = os.path.join(work, "field.json")
        zcodec_json(values, meta)
        chain, zbytes, zerr = advise(zcodec, raw, meta, bound, objective)
        zt, zn, ze, znan = (bound,) + zfp(values, bound)
        zb = zfp_best(values, bound)
        br = bitround(values, bound)
        nc = nco(values, bound, work)
        print("## %s" % name)
        print()
        print("%d values (%s), %d NaN, %.6g to %.6g; raw %d bytes; bound %.6g." % (
            values.size, values.dtype, int(np.isnan(values).sum()), np.nanmin(values), np.nanmax(values),
            values.nbytes, bound))
        print()
        ent = code_entropies(values, bound)
        print("Order-0 entropy of the codes at step %.6g, bits/value: %s." % (
            2 * bound, "; ".join("%s %.3f" % kv for kv in ent.items())))
        print()
        print("| method | bytes | bits/value | max abs error | zcodec / method |")
        print("|---|---:|---:|---:|---:|")
        n = values.size
        rows = [("zcodec advise: `%s`" % chain.replace("|", "\\|"), zbytes, zerr)]
        nan_note = " (NaN as the mean, mask apart)" if np.isnan(values).any() else ""
        rows.append(("ZFP tolerance %.6g%s" % (zt, nan_note), zn, ze))
        if zb:
            rows.append(("ZFP tolerance %.6g%s (largest within the bound)" % (zb[0], nan_note), zb[1], zb[2]))
        if br:
            for k in ("zstd9", "shuffle+zstd9", "shuffle+zstd19"):
                rows.append(("BitRound keepbits %d + %s" % (br["keepbits"], k.replace("+", " + ")), br[k], br["err"]))
        if nc:
            rows.append(("NCO %s" % nc[0], nc[1], nc[2]))
        for label, b, e in rows:
            print("| %s | %d | %.3f | %.6g | %.3f |" % (label, b, 8 * b / n, e, zbytes / b))
        print()
        # equal measured error: zcodec advised at each anchor's measured error
        eq = []
        for label, b, e in rows[1:]:
            if 0 < e < bound:
                _, b2, e2 = advise(zcodec, raw, meta, e, objective)
                eq.append((label, b, e, b2, e2))
        if eq:
            print("At equal measured error (zcodec advised at the anchor's measured error):")
            print()
            print("| anchor | anchor bytes | anchor error | zcodec bytes | zcodec error | ratio |")
            print("|---|---:|---:|---:|---:|---:|")
            for label, b, e, b2, e2 in eq:
                print("| %s | %d | %.6g | %d | %.6g | %.3f |" % (label, b, e, b2, e2, b2 / b))
            print()
        summary.append((name, bound, zbytes, (zn, ze), zb, br, nc))
    print("## Summary: zcodec's bytes over each anchor's, at the bound")
    print()
    print("Ratios below 1 mean zcodec's advised chain is smaller. \"-\" marks an anchor with no setting that")
    print("meets the bound.")
    print()
    print("| field | vs ZFP (tol = bound) | vs ZFP (largest tol within bound) | vs BitRound + zstd 9 | vs BitRound + shuffle + zstd 9 | vs NCO's best |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, bound, zbytes, zn, zb, br, nc in summary:
        cells = ["%.3f" % (zbytes / zn[0]) if zn[1] <= bound else "- (error %.3g)" % zn[1], "%.3f" % (zbytes / zb[1]) if zb else "-"]
        cells += ["%.3f" % (zbytes / br["zstd9"]), "%.3f" % (zbytes / br["shuffle+zstd9"])] if br else ["-", "-"]
        cells.append("%.3f" % (zbytes / nc[1]) if nc else "-")
        print("| %s | %s |" % (name, " | ".join(cells)))


if __name__ == "__main__":
    sys.exit(main())
