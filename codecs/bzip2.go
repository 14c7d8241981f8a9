package codecs

import _ "github.com/zcodec/zcodec/bzip2" // registers its codecs
