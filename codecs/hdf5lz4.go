package codecs

import _ "github.com/zcodec/zcodec/hdf5/lz4" // zcodec.hdf5_lz4
