#!/usr/bin/python3
"""Writes nc50.nc.gz: a netCDF-4 file (netCDF4-python 1.6.2, netcdf-c
4.9.0) of 50 CF variables of 80 KiB each, 4 MiB in all, whose headers,
attributes and chunk indexes lie between the variables' data across the
file's first 4 MiB, as netcdf-c writes them. The data repeat along rows,
so the file compresses to a few tens of KB; the Go test gunzips it and
serves it over HTTP to count the requests `zcodec info` makes.

Run with Debian's interpreter:

    /usr/bin/python3 testdata/hdf5remote/generate.py
"""
import gzip
import os

import netCDF4
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
path = os.path.join(here, "nc50.nc")
ds = netCDF4.Dataset(path, "w", format="NETCDF4")
ds.setncattr("Conventions", "CF-1.8")
ds.setncattr("title", "fifty variables")
ds.createDimension("time", None)
ds.createDimension("lat", 32)
ds.createDimension("lon", 32)
t = ds.createVariable("time", "f8", ("time",))
t.units = "days since 2000-01-01"
t.calendar = "standard"
t[:] = np.arange(20)
lat = ds.createVariable("lat", "f4", ("lat",))
lat.units = "degrees_north"
lat[:] = np.linspace(-90, 90, 32)
lon = ds.createVariable("lon", "f4", ("lon",))
lon.units = "degrees_east"
lon[:] = np.linspace(0, 360, 32, endpoint=False)
for i in range(50):
    v = ds.createVariable("var%02d" % i, "f4", ("time", "lat", "lon"), chunksizes=(5, 32, 32), fill_value=np.float32(-999))
    v.units = "K"
    v.long_name = "variable %d" % i
    v.standard_name = "air_temperature"
    v.cell_methods = "time: mean"
    v.coordinates = "lat lon"
    v.valid_min = np.float32(-100)
    v.valid_max = np.float32(400)
    v.comment = "a smooth ramp"
    v.history = "written by generate.py"
    v[:] = (np.arange(20 * 32 * 32, dtype="f4") % 32 + i).reshape(20, 32, 32)
ds.close()
with open(path, "rb") as f:
    data = f.read()
with gzip.GzipFile(path + ".gz", "wb", mtime=0) as g:
    g.write(data)
os.remove(path)
print("nc50.nc: %d bytes" % len(data))
