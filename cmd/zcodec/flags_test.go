package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestFlagsParse(t *testing.T) {
	for _, c := range []struct {
		args     []string
		operands []string
		code     int
		stop     bool
		name     string // the value of -name after parsing
		on       bool   // the value of -on
	}{
		{[]string{"a", "-name", "x", "b"}, []string{"a", "b"}, 0, false, "x", false},
		{[]string{"--name=x", "-on", "a"}, []string{"a"}, 0, false, "x", true},
		{[]string{"-on=false", "-"}, []string{"-"}, 0, false, "", false},
		{[]string{"-9999", "-Infinity", "-inf", "-NaN", "-.5"}, []string{"-9999", "-Infinity", "-inf", "-NaN", "-.5"}, 0, false, "", false},
		{[]string{"--", "-on", "-h"}, []string{"-on", "-h"}, 0, false, "", false},
		{[]string{"-name", "-h"}, nil, 0, true, "", false},
		{[]string{"-name"}, nil, 2, true, "", false},
		{[]string{"-frob"}, nil, 2, true, "", false},
		{[]string{"---name", "x"}, nil, 2, true, "", false},
		{[]string{"-on=maybe"}, nil, 2, true, "", false},
	} {
		var out, errb bytes.Buffer
		fs := newFlags(&environment{stdout: &out, stderr: &errb}, "test", "zcodec test [-on] [-name N] ARG...", "")
		name := fs.String("name", "", "a name")
		on := fs.Bool("on", false, "a switch")
		operands, code, stop := fs.parse(c.args)
		if !slices.Equal(operands, c.operands) || code != c.code || stop != c.stop || !stop && (*name != c.name || *on != c.on) {
			t.Errorf("%q: operands %q code %d stop %v name %q on %v", c.args, operands, code, stop, *name, *on)
		}
		if c.code == 2 && !strings.Contains(errb.String(), "usage: zcodec test") {
			t.Errorf("%q: stderr %q", c.args, errb.String())
		}
		if c.stop && c.code == 0 && !strings.HasPrefix(out.String(), "usage: zcodec test") {
			t.Errorf("%q: help %q", c.args, out.String())
		}
	}
}

func FuzzFlagsParse(f *testing.F) {
	f.Add("a\x00-name\x00x\x00-on")
	f.Add("--\x00-h")
	f.Add("-9999\x00--name=\x00-")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		var out, errb bytes.Buffer
		fs := newFlags(&environment{stdout: &out, stderr: &errb}, "test", "zcodec test", "")
		fs.String("name", "", "a name")
		fs.Bool("on", false, "a switch")
		operands, code, stop := fs.parse(args)
		switch {
		case stop && code == 0:
			if !wantsHelp(args) {
				t.Fatalf("%q: stopped with 0 without help", args)
			}
		case stop && code != 2:
			t.Fatalf("%q: exit %d", args, code)
		case !stop:
			if wantsHelp(args) {
				t.Fatalf("%q: help not shown", args)
			}
			for _, o := range operands {
				if !slices.Contains(args, o) {
					t.Fatalf("%q: operand %q not among the arguments", args, o)
				}
			}
		}
		if errb.Len() > 4000 {
			t.Fatalf("%d bytes of usage error", errb.Len())
		}
	})
}

// TestByteUnitsOneTable: byte counts are read (byteSize.Set) and written
// (byteSize.String, sizeText) with the same units, up to TiB, and what
// either writes the other's unit table reads.
func TestByteUnitsOneTable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		n          int64
		flag, text string
	}{
		{512, "512", "512 bytes"},
		{3 << 10, "3KiB", "3.0 KiB"},
		{5 << 20, "5MiB", "5.0 MiB"},
		{1536 << 20, "1610612736", "1.5 GiB"},
		{7 << 30, "7GiB", "7.0 GiB"},
		{3 << 40, "3TiB", "3.0 TiB"},
		{4096 << 40, "4096TiB", "4096.0 TiB"},
	} {
		b := byteSize(c.n)
		if got := b.String(); got != c.flag {
			t.Errorf("byteSize(%d).String() = %q, want %q", c.n, got, c.flag)
		}
		if got := sizeText(c.n); got != c.text {
			t.Errorf("sizeText(%d) = %q, want %q", c.n, got, c.text)
		}
		var back byteSize
		if err := back.Set(c.flag); err != nil || int64(back) != c.n {
			t.Errorf("Set(%q) = %d, %v; want %d", c.flag, back, err, c.n)
		}
		// sizeText's unit is one the flags read.
		if _, unit, _ := strings.Cut(c.text, " "); unit != "bytes" && !slices.ContainsFunc(byteUnits, func(u struct {
			suffix string
			factor int64
		}) bool {
			return u.suffix == unit
		}) {
			t.Errorf("sizeText(%d) = %q: a unit the flags do not read", c.n, c.text)
		}
	}
}
