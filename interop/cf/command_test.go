package cf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/cf"
)

func TestCommands(t *testing.T) {
	for _, c := range []struct {
		decode bool
		args   []string
		code   int
		out    string // stdout, or a substring of stderr when code != 0
	}{
		{false, []string{"--dtype", "float32", "3.4028235e38"}, 0, `"AAAA4P//70c="` + "\n"},
		{false, []string{"--dtype=float64", "NaN"}, 0, `"AAAAAAAA+H8="` + "\n"},
		{false, []string{"--dtype", "float64", `"-Infinity"`}, 0, `"AAAAAAAA8P8="` + "\n"},
		{false, []string{"--dtype", "float32", "0x7fc00001"}, 0, `"AAAAIAAA+H8="` + "\n"},
		{false, []string{"--dtype", "int16", "-9999"}, 0, "-9999\n"},
		{false, []string{"--dtype", "bool", "true"}, 0, "true\n"},
		{false, []string{"--dtype", "complex64", "[1.5, -2]"}, 0, `["AAAAAAAA+D8=", "AAAAAAAAAMA="]` + "\n"},
		{false, []string{"-9999", "--dtype", "uint8"}, 1, "not a valid uint8"},
		{false, []string{"--dtype", "float32", "1e39"}, 1, "float32"},
		{false, []string{"1"}, 2, "--dtype is required"},
		{false, []string{"--dtype", "float32"}, 2, "exactly one VALUE"},
		{false, []string{"--dtype", "f4", "1"}, 2, "unsupported data type"},
		{false, []string{"--type", "float32", "1"}, 2, "unknown flag"},
		{true, []string{"--dtype", "float32", `"AAAA4P//70c="`}, 0, "3.4028235e+38\n"},
		{true, []string{"--dtype", "float32", "AAAA4P//70c="}, 0, "3.4028235e+38\n"},
		{true, []string{"--dtype", "complex128", `["AAAAAAAA+D8=", "AAAAAAAAAMA="]`}, 0, "[1.5, -2]\n"},
		{true, []string{"--dtype", "int64", "-9223372036854775808"}, 0, "-9223372036854775808\n"},
		{true, []string{"--dtype", "float32", "1.5"}, 1, "needs Cast"},
	} {
		var stdout, stderr bytes.Buffer
		run := cf.EncodeCommand
		if c.decode {
			run = cf.DecodeCommand
		}
		code := run(c.args, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr.String())
			continue
		}
		if c.code == 0 && stdout.String() != c.out {
			t.Errorf("%v: stdout %q, want %q", c.args, stdout.String(), c.out)
		}
		if c.code != 0 && (!strings.Contains(stderr.String(), c.out) || stdout.Len() != 0) {
			t.Errorf("%v: stderr %q, want %q and no stdout", c.args, stderr.String(), c.out)
		}
	}
}
