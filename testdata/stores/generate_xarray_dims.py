#!/usr/bin/python3
"""Writes testdata/stores/xarray_dims: a small Zarr v2 store written by
xarray (Debian's python3-xarray over zarr 2.13), with consolidated metadata
and the dimension names xarray keeps in the attribute _ARRAY_DIMENSIONS.

    /usr/bin/python3 testdata/stores/generate_xarray_dims.py
"""
import os
import shutil

import numpy as np
import xarray as xr

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "xarray_dims")
shutil.rmtree(out, ignore_errors=True)
ds = xr.Dataset(
    {"t2m": (("y", "x"), np.arange(12, dtype="f4").reshape(3, 4))},
    coords={"y": np.arange(3, dtype="i4"), "x": np.arange(4, dtype="i4") * 10},
)
ds.to_zarr(out, mode="w", consolidated=True)
