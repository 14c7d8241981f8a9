package transpose

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindArrayToArray,
		New:     NewFromConfig,
		Summary: "permute the chunk's dimensions (order); a pass of its own (fusing it with cast_value measured slower)",
	})
}
