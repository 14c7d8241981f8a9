package codecs

import _ "github.com/zcodec/zcodec/hdf5/fletcher32" // zcodec.hdf5_fletcher32
