package shuffle_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) {
	b2btest.FuzzDecode(f, "shuffle-", `"numcodecs.shuffle"`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":2}}`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":3}}`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":4}}`,
		`{"name":"numcodecs.shuffle","configuration":{"elementsize":8}}`)
}

func FuzzConfig(f *testing.F) {
	b2btest.FuzzConfig(f, "numcodecs.shuffle", `{}`, `{"elementsize":4}`, `{"elementsize":0}`, `{"elementsize":-1}`, `[]`)
}
