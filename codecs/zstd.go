package codecs

import _ "github.com/zcodec/zcodec/zstd" // registers its codecs
