package codecs

import _ "github.com/zcodec/zcodec/scaleoffset" // scale_offset, numcodecs.fixedscaleoffset, numcodecs.astype
