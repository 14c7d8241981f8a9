package registry

import "github.com/zcodec/zcodec/codec"

func init() {
	Register(Registration{
		Name:    codec.BytesCodecName,
		Aliases: []string{"endian"},
		Kind:    codec.KindArrayToBytes,
		New:     codec.NewBytesCodecFromConfig,
		Summary: "Zarr v3 core: elements in C order, little or big endian",
	})
}
