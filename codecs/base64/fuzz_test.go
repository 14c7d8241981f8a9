package base64_test

import (
	"testing"

	"github.com/zcodec/zcodec/internal/b2btest"
)

func FuzzDecode(f *testing.F) { b2btest.FuzzExtraDecode(f, "base64-", `"numcodecs.base64"`) }

func FuzzConfig(f *testing.F) { b2btest.FuzzConfig(f, "numcodecs.base64", `{}`, `{"x":1}`) }
