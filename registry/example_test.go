package registry_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/bytescodec"
	"github.com/zcodec/zcodec/registry"
)

func ExampleRegistry_ParseCodecs() {
	codecs := json.RawMessage(`[
		{"name": "bytes", "configuration": {"endian": "little"}},
		{"name": "vendor.checksum", "must_understand": false}
	]`)
	ch, err := registry.Default().ParseCodecs(codecs, "/codecs")
	if err != nil {
		panic(err)
	}
	for i, c := range ch.Codecs {
		fmt.Println(ch.Pointers[i], c.Name())
	}
	for _, w := range ch.Warnings {
		fmt.Println("warning:", w)
	}

	// configuration errors carry the JSON pointer of the offending value
	_, err = registry.Default().ParseCodecs(json.RawMessage(`[{"name": "bytes", "configuration": {"endian": "middle"}}]`), "/codecs")
	var ce *codec.ConfigError
	if errors.As(err, &ce) {
		fmt.Println("error at", ce.Pointer)
		fmt.Println(err)
	}
	_, err = registry.Default().ParseCodecs(json.RawMessage(`["no_such_codec"]`), "/codecs")
	fmt.Println(errors.Is(err, codec.ErrUnknownCodec), err)
	// Output:
	// /codecs/0 bytes
	// warning: /codecs/1: unknown codec "vendor.checksum" skipped (must_understand is false)
	// error at /codecs/0/configuration/endian
	// /codecs/0/configuration/endian: bytes: "middle" is not one of "little", "big"
	// true /codecs/0: no_such_codec: unknown codec "no_such_codec"
}

func ExampleRegistry_Register() {
	r := registry.Default().Clone() // extend a copy, not the process-wide registry
	r.Register(registry.Registration{
		Name:    "bytes_v2",
		Kind:    codec.KindArrayToBytes,
		New:     bytescodec.NewFromConfig,
		Summary: "the bytes codec under another name",
	})
	for _, reg := range r.Codecs() {
		fmt.Println(reg.Name, reg.Aliases)
	}
	// Output:
	// bytes [endian]
	// bytes_v2 []
}
