package codecs

import _ "github.com/zcodec/zcodec/deflate" // registers its codecs
