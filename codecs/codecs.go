// Package codecs registers zcodec's standard codec set with the default
// registry. Import it for its side effect:
//
//	import _ "github.com/zcodec/zcodec/codecs"
//
// Each file of this package imports one codec package.
package codecs

import (
	// the core bytes codec lives in codec and is registered by registry
	_ "github.com/zcodec/zcodec/registry"
)
