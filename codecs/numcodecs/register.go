package numcodecs

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    FixedScaleOffsetName,
		Aliases: []string{"fixedscaleoffset"},
		Kind:    codec.KindArrayToArray,
		New:     NewFixedScaleOffsetFromConfig,
		Summary: "numcodecs FixedScaleOffset: round((x - offset) * scale) stored as astype, NumPy semantics",
	})
	registry.Register(registry.Registration{
		Name:    AsTypeName,
		Aliases: []string{"astype"},
		Kind:    codec.KindArrayToArray,
		New:     NewAsTypeFromConfig,
		Summary: "numcodecs AsType: NumPy astype casts between two data types",
	})
}
