package codecs

import _ "github.com/zcodec/zcodec/shuffle" // registers its codecs
