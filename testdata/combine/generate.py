"""Writes the netCDF-4 files of the combine tests, and truth.json: the
values netCDF4-python (libnetcdf) reads from each combination, raw (no
masking or scaling), with reconciled times computed by cftime.

Run with Debian's python3 (python3-netcdf4, python3-cftime):
    /usr/bin/python3 generate.py
"""
import json
import os

import cftime
import netCDF4
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, times, units, calendar="standard", scale=0.01, lat=(10.0, 20.0),
          tas_chunk=(2, 2, 3), time_dtype="f8", bounds=True, unlimited=True):
    path = os.path.join(HERE, name)
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.title = "combine test " + name
        ds.history = "written for " + name
        ds.createDimension("time", None if unlimited else len(times))
        ds.createDimension("lat", 2)
        ds.createDimension("lon", 3)
        ds.createDimension("nv", 2)
        t = ds.createVariable("time", time_dtype, ("time",))
        t.units = units
        t.calendar = calendar
        t[:] = np.array(times, dtype=time_dtype)
        if bounds:
            t.bounds = "time_bnds"
            b = ds.createVariable("time_bnds", time_dtype, ("time", "nv"))
            # half a day in the file's unit: exact in every unit here
            step = 12 if "hours" in units else 720 if "minutes" in units else 0.5
            b[:] = np.array([[v, v + step] for v in times], dtype=time_dtype)
        la = ds.createVariable("lat", "f4", ("lat",))
        la.units = "degrees_north"
        la[:] = np.array(lat, dtype="f4")
        lo = ds.createVariable("lon", "f4", ("lon",))
        lo[:] = np.array([0.0, 1.0, 2.0], dtype="f4")
        v = ds.createVariable("tas", "i2", ("time", "lat", "lon"), chunksizes=tas_chunk,
                              zlib=True, shuffle=True, fill_value=np.int16(-999))
        v.scale_factor = scale
        v.add_offset = 273.15
        v.units = "K"
        v.set_auto_maskandscale(False)
        n = len(times)
        base = int(times[0] * 7) if len(times) else 0
        data = (np.arange(n * 6, dtype="i2").reshape(n, 2, 3) + base) % 3000
        if n:
            data[0, 0, 0] = -999
        v[:] = data
    return path


def raw(path, var):
    with netCDF4.Dataset(path) as ds:
        v = ds[var]
        v.set_auto_maskandscale(False)
        return np.asarray(v[:])


def main():
    sets = {
        "same": [write("same_0.nc", [0, 1], "hours since 2000-01-01"),
                 write("same_1.nc", [2, 3], "hours since 2000-01-01"),
                 write("same_2.nc", [4], "hours since 2000-01-01 00:00:00")],
        "units": [write("units_0.nc", [0.0, 0.5], "days since 2000-01-01"),
                  write("units_1.nc", [12, 24], "hours since 2000-01-01 12:00:00"),
                  write("units_2.nc", [0, 1440], "minutes since 2000-01-03")],
        "noleap": [write("noleap_0.nc", [58, 59], "days since 2001-01-01", calendar="noleap"),
                   write("noleap_1.nc", [0, 1], "days since 2001-03-02", calendar="365_day")],
    }
    write("scale_0.nc", [0, 1], "hours since 2000-01-01")
    write("scale_1.nc", [2, 3], "hours since 2000-01-01", scale=0.02)
    write("calendar_1.nc", [2, 3], "hours since 2000-01-01", calendar="noleap")
    write("lat_1.nc", [2, 3], "hours since 2000-01-01", lat=(10.0, 21.0))
    write("inexact_0.nc", [0, 1], "days since 2000-01-01", time_dtype="i4", bounds=False)
    write("inexact_1.nc", [1, 2], "hours since 2000-01-02 06:00", time_dtype="i4", bounds=False)
    write("chunk3_0.nc", [0, 1], "hours since 2000-01-01", tas_chunk=(3, 2, 3))
    write("chunk3_1.nc", [2, 3], "hours since 2000-01-01", tas_chunk=(3, 2, 3))

    truth = {}
    for name, paths in sets.items():
        with netCDF4.Dataset(paths[0]) as ds:
            u0, cal = ds["time"].units, ds["time"].calendar
        out = {}
        for var in ("time", "time_bnds", "tas", "lat", "lon"):
            parts = []
            for p in paths:
                v = raw(p, var)
                if var in ("time", "time_bnds"):
                    with netCDF4.Dataset(p) as ds:
                        u = ds["time"].units
                    if u != u0:
                        dates = cftime.num2date(v, u, cal)
                        v = cftime.date2num(dates, u0, cal)
                parts.append(v)
            if var in ("lat", "lon"):
                vals = parts[0]
            else:
                vals = np.concatenate(parts)
            out[var] = {"shape": list(vals.shape), "values": [float(x) for x in np.ravel(vals)]}
        truth[name] = {"files": [os.path.basename(p) for p in paths], "arrays": out}
    with open(os.path.join(HERE, "truth.json"), "w") as f:
        json.dump(truth, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
