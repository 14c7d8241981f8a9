#!/usr/bin/env python3
"""Write cases.h5, the HDF5 file of the reference cases the other test
files lack.

    /usr/bin/python3 testdata/kerchunk/make_hdf5.py

- contig_prime: a contiguous float64 dataset of 37 x 3, whose leading
  dimension (a prime) no chunk of rows divides once the target chunk is
  small: its last chunk of rows is padded, and inlined;
- contig_be: a contiguous big-endian int32 dataset of 37 values;
- fill_mask: a chunked int16 dataset whose header fill value (0) differs
  from its _FillValue attribute (-9999), two of its five chunks never
  written (they read as 0), its values holding both 0 and -9999;
- sparse: a chunked float32 dataset of 40 chunks, 3 written, header fill
  value 1.5 and no _FillValue.
Needs Debian's python3-h5py (HDF5 1.10.8). Writes the same bytes each run.
"""
import os

import h5py
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
with h5py.File(os.path.join(here, "cases.h5"), "w", libver=("earliest", "v108"), track_order=False) as f:
    f.create_dataset("contig_prime", data=np.arange(37 * 3, dtype="<f8").reshape(37, 3) / 4)
    f.create_dataset("contig_be", data=np.arange(-18, 19, dtype=">i4"))
    d = f.create_dataset("fill_mask", shape=(10,), chunks=(2,), dtype="<i2", fillvalue=0)
    d.attrs["_FillValue"] = np.int16(-9999)
    d[0:2] = [0, -9999]
    d[4:6] = [5, 0]
    d[8:10] = [-9999, 7]
    s = f.create_dataset("sparse", shape=(40, 4), chunks=(1, 4), dtype="<f4", fillvalue=1.5)
    s[3] = [1, 2, 3, 4]
    s[17] = [0, 1.5, np.nan, -1]
    s[39] = 9
