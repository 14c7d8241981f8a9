package codecs

import _ "github.com/zcodec/zcodec/crc32c" // registers its codecs
