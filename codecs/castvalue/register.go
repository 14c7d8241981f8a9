package castvalue

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindArrayToArray,
		New:     NewFromConfig,
		Summary: "convert elements to another data type by value: rounding, out_of_range, scalar_map",
	})
}
