package codecs

import _ "github.com/zcodec/zcodec/castvalue" // cast_value
