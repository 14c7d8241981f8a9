#!/usr/bin/python3
"""Compare zcodec advise with NCO's precision-preserving compression.

Run from the repository root with Debian's Python (numpy, scipy, h5py),
netcdf-bin (ncgen) and nco (ncks 5.1.4):

    /usr/bin/python3 testdata/advise/nco_compare.py > testdata/advise/nco_table.md

For three float32 fields of 720 x 1440 (a global quarter-degree grid) -- a
smooth temperature-like field, the same field with white noise, and a sea
surface temperature with NaN over land -- it writes each field once as
netCDF-4 (ncgen from CDL, one chunk) and once as a raw chunk with a zarr.json
(one chunk), then:

  * NCO: runs `ncks -7 -L 9` (shuffle + deflate level 9, netCDF-4 classic)
    with every quantisation ncks offers: DSD (`--ppc T=.D`), the NSD
    algorithms BitGroom, BitShave, BitSet, DigitRound, Granular BitRound,
    BitGroomRound and BruteForce (`--baa=B --ppc T=N`) and the NSB algorithms
    HalfShave and BitRound (`--baa=B --ppc T=K`), at every precision; it
    reads every output back with h5py, measures the maximum absolute error
    against the original float32 values (in float64, exact for float32) and
    whether NaN stayed NaN, and takes the storage size of the chunks
    (h5py's get_storage_size). The best NCO result for a tolerance is the
    smallest output whose measured error meets it.
  * zcodec: `zcodec advise FIELD --metadata zarr.json --abs-tol T --objective size --json`
    (the one chunk is the whole field, so the measurement covers every
    element); the chosen chain's encoded bytes and measured maximum error.
    Once at the tolerance, once at the tolerance equal to the best NCO
    output's measured error (zcodec's error then never exceeds NCO's: the
    comparison at equal measured error, on which the targets are judged),
    and once restricted to gzip (DEFLATE, as NCO uses) at the tolerance.

Sizes are the encoded chunk bytes on both sides (no file headers). The
output is Markdown.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np
from scipy.ndimage import gaussian_filter

NY, NX = 720, 1440
TOLERANCE = 0.05  # K
NCKS_TIMEOUT = 30  # seconds; BruteForce does not end on the field with NaN


def fields():
    rng = np.random.default_rng(20240611)
    lat = np.deg2rad(np.linspace(-89.875, 89.875, NY))[:, None]
    lon = np.deg2rad(np.linspace(0, 359.75, NX))[None, :]
    base = 288.0 - 45.0 * np.sin(lat) ** 2 + 6.0 * np.cos(2 * lon) * np.cos(lat)
    for k, a in ((3, 4.0), (5, 2.5), (8, 1.5), (13, 0.8), (21, 0.4)):
        base = base + a * np.sin(k * lon + rng.uniform(0, 6.3)) * np.cos(k * lat + rng.uniform(0, 6.3))
    weather = gaussian_filter(rng.standard_normal((NY, NX)), sigma=6, mode="wrap")
    smooth = base + 1.5 * weather / weather.std()
    noisy = smooth + rng.normal(0.0, 1.0, (NY, NX))
    land = gaussian_filter(rng.standard_normal((NY, NX)), sigma=25, mode="wrap")
    sst = 271.35 + 30.0 * np.cos(lat) ** 2 + 0.8 * weather / weather.std()
    sst = np.where(land > np.quantile(land, 0.7), np.nan, sst)
    return [("smooth", smooth.astype("<f4")), ("noisy", noisy.astype("<f4")), ("nan-holes", sst.astype("<f4"))]


def write_netcdf(path, values):
    cdl = path + ".cdl"
    with open(cdl, "w") as f:
        f.write("netcdf field {\ndimensions:\n lat = %d ;\n lon = %d ;\nvariables:\n" % (NY, NX))
        f.write(" float T(lat, lon) ;\n  T:_FillValue = NaNf ;\ndata:\n T = ")
        f.write(", ".join("NaNf" if np.isnan(x) else repr(float(x)) for x in values.ravel()))
        f.write(" ;\n}\n")
    subprocess.run(["ncgen", "-4", "-o", path, cdl], check=True)
    os.remove(cdl)


def measure(path, original):
    with h5py.File(path, "r") as f:
        d = f["T"]
        assert d.shuffle and d.compression == "gzip" and d.compression_opts == 9, (d.shuffle, d.compression)
        got = d[...].astype("<f8")
        size = d.id.get_storage_size()
    x = original.astype("<f8")
    nan_ok = bool(np.array_equal(np.isnan(got), np.isnan(x)))
    finite = ~np.isnan(x)
    err = float(np.max(np.abs(got[finite] - x[finite]))) if finite.any() else 0.0
    return size, err, nan_ok


NSD_ALGORITHMS = [(0, "BitGroom"), (1, "BitShave"), (2, "BitSet"), (3, "DigitRound"), (4, "GranularBR"),
                  (5, "BitGroomRound"), (7, "BruteForce")]
NSB_ALGORITHMS = [(6, "HalfShave"), (8, "BitRound")]


def nco_runs(src, work, original):
    settings = [("`--ppc T=.%d` (DSD)" % d, ["--ppc", "T=.%d" % d]) for d in range(0, 5)]
    for baa, name in NSD_ALGORITHMS:
        settings += [("`--baa=%d --ppc T=%d` (%s)" % (baa, n, name), ["--baa=%d" % baa, "--ppc", "T=%d" % n]) for n in range(1, 8)]
    for baa, name in NSB_ALGORITHMS:
        settings += [("`--baa=%d --ppc T=%d` (%s)" % (baa, k, name), ["--baa=%d" % baa, "--ppc", "T=%d" % k]) for k in range(1, 24)]
    out = os.path.join(work, "nco.nc")
    results, stuck = [], []
    for label, args in settings:
        try:
            subprocess.run(["ncks", "-O", "-7", "-L", "9", "--cnk_dmn", "lat,%d" % NY, "--cnk_dmn", "lon,%d" % NX]
                           + args + [src, out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=NCKS_TIMEOUT)
        except subprocess.TimeoutExpired:
            stuck.append(label)
            continue
        size, err, nan_ok = measure(out, original)
        results.append((label, size, err, nan_ok))
    return results, stuck


def zcodec_advise(zcodec, raw, meta, tol, compressors=None):
    cmd = [zcodec, "advise", raw, "--metadata", meta, "--abs-tol", repr(tol), "--objective", "size", "--json"]
    if compressors:
        cmd += ["--compressors", compressors]
    rep = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    best = rep["candidates"][rep["chosen"]]
    return best["label"], best["encoded_bytes"], best["max_abs_error"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--zcodec", help="the zcodec binary (default: built from this checkout)")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="nco-compare-")
    zcodec = args.zcodec
    if not zcodec:
        zcodec = os.path.join(work, "zcodec")
        subprocess.run(["go", "build", "-o", zcodec, "./cmd/zcodec"], check=True)
    ncks = subprocess.run(["ncks", "--version"], capture_output=True, text=True).stderr.strip().splitlines()[-1]
    print("# zcodec advise against NCO's precision-preserving compression")
    print()
    print("Three %d x %d float32 fields, one chunk each; maximum absolute error allowed %g." % (NY, NX, TOLERANCE))
    print("NCO: %s, `ncks -7 -L 9` (shuffle + deflate 9) with every `--ppc`/`--baa` setting;" % ncks)
    print("sizes are stored chunk bytes on both sides, errors are measured over every element.")
    print()
    print("Produced by: `/usr/bin/python3 testdata/advise/nco_compare.py > testdata/advise/nco_table.md`")
    print()
    summary = []
    for name, values in fields():
        nc = os.path.join(work, name + ".nc")
        write_netcdf(nc, values)
        raw = os.path.join(work, name + ".f32")
        values.tofile(raw)
        meta = os.path.join(work, name + ".json")
        with open(meta, "w") as f:
            json.dump({"zarr_format": 3, "node_type": "array", "shape": [NY, NX], "data_type": "float32",
                       "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [NY, NX]}},
                       "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
                       "fill_value": "NaN", "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]}, f)
        runs, stuck = nco_runs(nc, work, values)
        meeting = sorted((r for r in runs if r[2] <= TOLERANCE and r[3]), key=lambda r: r[1])
        lossless = measure_lossless(nc, work, values)
        print("## %s" % name)
        print()
        print("%d values, %d NaN, %.3f to %.3f K; raw %d bytes; NCO lossless (shuffle + deflate 9) %d bytes."
              % (values.size, int(np.isnan(values).sum()), np.nanmin(values), np.nanmax(values), values.nbytes, lossless))
        print()
        print("NCO settings that keep max abs error <= %g and every NaN, smallest first:" % TOLERANCE)
        print()
        print("| NCO setting | bytes | max abs error |")
        print("|---|---:|---:|")
        for label, size, err, _ in meeting[:6]:
            print("| %s | %d | %.6f |" % (label, size, err))
        print()
        bad_nan = [r[0] for r in runs if not r[3]]
        if bad_nan:
            print("NaN not kept by: %s." % ", ".join(bad_nan))
            print()
        if stuck:
            print("ncks did not finish within %d s: %s." % (NCKS_TIMEOUT, ", ".join(stuck)))
            print()
        best = meeting[0]
        rows = [("--abs-tol %g" % TOLERANCE, zcodec_advise(zcodec, raw, meta, TOLERANCE)),
                ("--abs-tol %.6f (NCO's error)" % best[2], zcodec_advise(zcodec, raw, meta, best[2])),
                ("--abs-tol %g --compressors gzip" % TOLERANCE, zcodec_advise(zcodec, raw, meta, TOLERANCE, "gzip"))]
        print("| zcodec advise | bytes | max abs error | vs NCO's best | chosen chain |")
        print("|---|---:|---:|---:|---|")
        for label, (chain, size, err) in rows:
            print("| %s | %d | %.6f | %.3fx | %s |" % (label, size, err, size / best[1], chain.replace("|", "\\|")))
        print()
        summary.append((name, best, rows))
    target = {"smooth": 0.6, "noisy": 0.85, "nan-holes": 0.85}
    print("## Summary")
    print()
    print("Both sides meet the bound, each error measured over every element. NCO's settings move the")
    print("error in powers of two, so its best output stays well inside the bound (0.03125 for 0.05).")
    print("The targets are judged at equal measured error: zcodec advised at NCO's measured error, so")
    print("that zcodec's measured error is at most NCO's. The last columns give zcodec at the bound.")
    print()
    print("| field | NCO's best | NCO bytes | NCO error | zcodec bytes | zcodec error | ratio | target | at the bound: zcodec bytes | error | ratio |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, best, rows in summary:
        _, size, err = rows[1][1]
        _, size2, err2 = rows[0][1]
        r, r2 = size / best[1], size2 / best[1]
        t = target[name]
        print("| %s | %s | %d | %.6f | %d | %.6f | %.3f | <= %.2f %s | %d | %.6f | %.3f |" % (
            name, best[0], best[1], best[2], size, err, r, t, "met" if r <= t else "MISSED",
            size2, err2, r2))

def measure_lossless(src, work, values):
    out = os.path.join(work, "lossless.nc")
    subprocess.run(["ncks", "-O", "-7", "-L", "9", "--cnk_dmn", "lat,%d" % NY, "--cnk_dmn", "lon,%d" % NX, src, out],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return measure(out, values)[0]


if __name__ == "__main__":
    sys.exit(main())
