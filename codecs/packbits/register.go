package packbits

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindArrayToBytes,
		New:     NewFromConfig,
		Summary: "zarr-extensions: bits first_bit..last_bit of each element packed, least significant bit first",
	})
}
