package codecs

import _ "github.com/zcodec/zcodec/lz4" // registers its codecs
