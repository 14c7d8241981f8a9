package sharding

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindArrayToBytes,
		New:     NewFromConfig,
		Summary: "Zarr v3 core: inner chunks with their own chain and an index of their byte ranges in one value",
	})
}
