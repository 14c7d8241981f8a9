package scaleoffset

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindArrayToArray,
		New:     NewFromConfig,
		Summary: "(in - offset) * scale in the array's own arithmetic; exact for integers",
	})
}
