package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/zcodec/zcodec/internal/shorten"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/metadata"
)

// validateReport is the --json form of one file's result.
type validateReport struct {
	File       string          `json:"file"`
	Valid      bool            `json:"valid"`
	DataType   string          `json:"data_type,omitempty"`
	Shape      []int64         `json:"shape,omitempty"`
	ChunkShape []int           `json:"chunk_shape,omitempty"`
	FillValue  json.RawMessage `json:"fill_value,omitempty"`
	Steps      []stepReport    `json:"steps,omitempty"`
	Warnings   []problemReport `json:"warnings,omitempty"`
	Problems   []problemReport `json:"problems,omitempty"`
}

type stepReport struct {
	Index   int             `json:"index"`
	Codec   string          `json:"codec"`
	Kind    string          `json:"kind"`
	Decoded sideReport      `json:"decoded"`
	Encoded sideReport      `json:"encoded"`
	Config  json.RawMessage `json:"metadata"`
}

// sideReport is one side of a step: an array spec or a byte-string spec.
type sideReport struct {
	DataType  string          `json:"data_type,omitempty"`
	Shape     []int           `json:"shape,omitempty"`
	FillValue json.RawMessage `json:"fill_value,omitempty"`
	Bytes     *int            `json:"bytes,omitempty"`
	MaxBytes  *int            `json:"max_bytes,omitempty"`
}

type problemReport struct {
	Pointer string `json:"pointer"`
	Codec   string `json:"codec,omitempty"`
	Reason  string `json:"reason"`
}

func runValidate(env *environment, args []string) int {
	fs := newFlags(env, "validate", "zcodec validate [--json] FILE... (- reads standard input)",
		"Checks Zarr v3 array metadata (zarr.json): every problem with its JSON pointer, or the\n"+
			"resolved codec chain with the data type, shape and fill value before and after each codec.\n"+
			"Exit status 1 when a file is invalid.")
	asJSON := fs.Bool("json", false, "print the result as a JSON document")
	files, code, stop := fs.parse(args)
	if stop {
		return code
	}
	if len(files) == 0 {
		return fs.fail("want at least one FILE (or - for standard input)")
	}
	status := 0
	var reports []validateReport
	for _, name := range files {
		r := validateFile(env, name)
		if !r.Valid {
			status = 1
		}
		if *asJSON {
			reports = append(reports, r)
		} else {
			printReport(newSafeWriter(env.stdout), r)
		}
	}
	if *asJSON {
		if err := writeJSON(env.stdout, map[string]any{"files": reports}, true); err != nil {
			fmt.Fprintf(env.stderr, "zcodec validate: %v\n", err)
			return 1
		}
	}
	return status
}

func validateFile(env *environment, name string) validateReport {
	r := validateReport{File: shorten.Name(name)}
	data, err := readMetadata(env, name)
	if err != nil {
		var ie *inputError
		if errors.As(err, &ie) {
			err = ie.err // the report names the file already
		}
		r.Problems = []problemReport{{Reason: "cannot read: " + err.Error()}}
		return r
	}
	a, err := metadata.Parse(data, nil)
	if err != nil {
		var ve *metadata.ValidationError
		if errors.As(err, &ve) {
			for _, p := range ve.Problems {
				// A codec name is the user's text: an unknown one may be
				// any length, and the reason quotes it shortened already.
				r.Problems = append(r.Problems, problemReport{Pointer: shorten.Pointer(p.Pointer), Codec: shorten.String(p.Codec), Reason: p.Reason})
			}
		} else {
			r.Problems = []problemReport{{Reason: err.Error()}}
		}
		return r
	}
	r.Valid = true
	r.DataType = a.DataType.String()
	r.Shape = a.Shape
	r.ChunkShape = a.ChunkShape
	r.FillValue, _ = a.FillValue.MarshalJSON()
	for _, w := range a.Warnings {
		pr := problemReport{Pointer: shorten.Pointer(w.Pointer), Reason: w.Message}
		var e *codec.FillRoundTripError
		if errors.As(w.Err, &e) {
			pr.Codec = shorten.String(e.FailingCodec())
			pr.Reason = strings.TrimPrefix(w.Message, pr.Codec+": ")
		}
		r.Warnings = append(r.Warnings, pr)
	}
	for _, st := range a.Pipeline.Steps() {
		cfg, _ := st.Codec.MarshalJSON()
		sr := stepReport{Index: st.Index, Codec: st.Name, Kind: st.Kind.String(), Config: cfg}
		switch st.Kind {
		case codec.KindArrayToArray:
			sr.Decoded, sr.Encoded = arraySide(st.Decoded), arraySide(st.Encoded)
		case codec.KindArrayToBytes:
			sr.Decoded, sr.Encoded = arraySide(st.Decoded), bytesSide(st.EncodedBytes)
		case codec.KindBytesToBytes:
			sr.Decoded, sr.Encoded = bytesSide(st.DecodedBytes), bytesSide(st.EncodedBytes)
		}
		r.Steps = append(r.Steps, sr)
	}
	return r
}

func arraySide(s codec.ChunkSpec) sideReport {
	fill, _ := s.FillValue.MarshalJSON()
	return sideReport{DataType: s.DataType.String(), Shape: s.Shape, FillValue: fill}
}

func bytesSide(s codec.BytesSpec) sideReport {
	if s.Fixed() {
		n := s.Size
		return sideReport{Bytes: &n}
	}
	m := s.MaxSize
	return sideReport{MaxBytes: &m}
}

func (s sideReport) String() string {
	switch {
	case s.Bytes != nil:
		return fmt.Sprintf("%d bytes", *s.Bytes)
	case s.MaxBytes != nil:
		return fmt.Sprintf("at most %d bytes", *s.MaxBytes)
	}
	return fmt.Sprintf("%s %v fill %s", s.DataType, s.Shape, s.FillValue)
}

func printReport(w io.Writer, r validateReport) {
	if !r.Valid {
		for _, p := range r.Problems {
			line := r.File + ": "
			if p.Pointer != "" {
				line += p.Pointer + ": "
			}
			if p.Codec != "" {
				line += p.Codec + ": "
			}
			fmt.Fprintln(w, line+p.Reason)
		}
		return
	}
	fmt.Fprintf(w, "%s: valid\n", r.File)
	fmt.Fprintf(w, "  array: %s, shape %v, chunks %v, fill_value %s\n", r.DataType, r.Shape, r.ChunkShape, r.FillValue)
	for _, st := range r.Steps {
		fmt.Fprintf(w, "  codec %d %s (%s): %v -> %v\n", st.Index, st.Codec, st.Kind, st.Decoded, st.Encoded)
	}
	for _, p := range r.Warnings {
		fmt.Fprintf(w, "  warning: %s: %s\n", p.Pointer, p.Reason)
	}
}
