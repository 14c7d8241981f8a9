package blosc

import (
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/registry"
)

func init() {
	registry.Register(registry.Registration{
		Name:    Name,
		Kind:    codec.KindBytesToBytes,
		New:     NewFromConfig,
		Summary: "Zarr v3 core: Blosc frames (cname, clevel, shuffle, typesize, blocksize)",
	})
	registry.Register(registry.Registration{
		Name:    NumcodecsName,
		Kind:    codec.KindBytesToBytes,
		New:     NewNumcodecsFromConfig,
		Summary: "numcodecs Blosc: Blosc frames (cname, clevel, shuffle -1/0/1/2, blocksize)",
	})
}
