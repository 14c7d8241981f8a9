package metadata_test

import _ "github.com/zcodec/zcodec/codecs" // the standard codec set, for the documents under test
