package netcdf_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/interop/netcdf"
)

func TestParseFilterCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"307,9|32004,-17b"}, 0, `[{"id":307,"params":[9]},{"id":32004,"params":[239]}]` + "\n"},
		{[]string{"307"}, 0, `[{"id":307,"params":[]}]` + "\n"},
		{[]string{"--nccopy", "v1&v2,307,9"}, 0, `{"variables":["v1","v2"],"none":false,"filters":[{"id":307,"params":[9]}]}` + "\n"},
		{[]string{"--nccopy", "none"}, 0, `{"variables":null,"none":true,"filters":null}` + "\n"},
		{[]string{"307,,9"}, 1, "at offset 4"},
		{[]string{}, 2, "usage"},
		{[]string{"--nccopy"}, 2, "usage"},
	} {
		var stdout, stderr bytes.Buffer
		code := netcdf.ParseFilterCommand(c.args, &stdout, &stderr)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (%s)", c.args, code, c.code, stderr.String())
			continue
		}
		if code == 0 && stdout.String() != c.out || code != 0 && !strings.Contains(stderr.String(), c.out) {
			t.Errorf("%v: stdout %q stderr %q, want %q", c.args, stdout.String(), stderr.String(), c.out)
		}
	}
}

func TestFormatFilterCommand(t *testing.T) {
	for _, c := range []struct {
		in   string
		code int
		out  string
	}{
		{`[{"id":307,"params":[9]},{"id":32004,"params":[239]}]`, 0, "307,9|32004,239\n"},
		{`[{"id":2}]`, 0, "2\n"},
		{`[{"id":0,"params":[]}]`, 1, "/0/id"},
		{`[{"id":1,"params":[-1]}]`, 1, "/0/params"},
		{`[{"id":1,"level":1}]`, 1, "unknown key"},
		{`[]`, 1, "no filters"},
		{`{`, 1, "JSON array"},
	} {
		var stdout, stderr bytes.Buffer
		code := netcdf.FormatFilterCommand([]string{"-"}, strings.NewReader(c.in), &stdout, &stderr)
		if code != c.code || code == 0 && stdout.String() != c.out || code != 0 && !strings.Contains(stderr.String(), c.out) {
			t.Errorf("%s: exit %d stdout %q stderr %q; want %d %q", c.in, code, stdout.String(), stderr.String(), c.code, c.out)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := netcdf.FormatFilterCommand(nil, strings.NewReader(""), &stdout, &stderr); code != 2 {
		t.Errorf("no args: exit %d", code)
	}
}
