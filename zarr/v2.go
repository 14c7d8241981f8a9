package zarr

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/store"
)

// openV2 opens a Zarr v2 array by converting its .zarray (and .zattrs) to
// Zarr v3 metadata, resolved for reading (a fill value that does not
// survive the chain is a warning: docs/decisions.md#d17); its chunks keep
// their v2 keys.
func openV2(s store.Store, path string, zarray, zattrs []byte, opts *Options) (*Array, error) {
	fail := func(err error) (*Array, error) {
		return nil, &NodeError{Kind: "array", Path: path, Err: err}
	}
	var head struct {
		DType     json.RawMessage `json:"dtype"`
		FillValue json.RawMessage `json:"fill_value"`
	}
	// A .zarray that is not an object with these members is left to
	// zarrv2.Convert, which says what is wrong with its JSON pointer.
	_ = json.Unmarshal(zarray, &head)
	var warnings []codec.Warning
	conv := zarrv2.Options{Registry: opts.registry()}
	if string(head.FillValue) == "null" && !isStringDtype(head.DType) {
		// Zarr v2 leaves missing chunks of such an array undefined; read
		// them as zero (zarr-python allocates them zeroed in practice).
		// Text, byte-string and object arrays read them as empty strings
		// (package zarrv2 decides, docs/decisions.md#d29).
		conv.FillValue = zeroFillJSON(head.DType)
		warnings = append(warnings, codec.Warning{Pointer: "/fill_value", Message: "null; missing chunks read as zero"})
	}
	if len(zattrs) > 0 {
		if err := json.Unmarshal(zattrs, &conv.Attributes); err != nil || conv.Attributes == nil {
			return fail(fmt.Errorf(".zattrs: not a JSON object"))
		}
	}
	res, err := zarrv2.Convert(zarray, &conv)
	if err != nil {
		return fail(err)
	}
	warnings = append(warnings, res.Warnings...)
	a, err := newArray(s, path, 2, res.Array, opts)
	if err != nil {
		return nil, err
	}
	a.warnings = inFile(warnings, ".zarray")
	return a, nil
}

// zeroFillJSON returns the Zarr v3 fill-value JSON of zero for a NumPy
// dtype string ("<f4", "|b1", "<c8").
// isStringDtype reports whether the v2 dtype is an object, text or
// byte-string type (by its NumPy kind: O, U, S, a or V).
func isStringDtype(dtype json.RawMessage) bool {
	var s string
	if json.Unmarshal(dtype, &s) != nil {
		return false
	}
	s = strings.TrimLeft(s, "<>|=")
	return s != "" && strings.ContainsRune("OUSaV", rune(s[0]))
}

func zeroFillJSON(dtype json.RawMessage) json.RawMessage {
	var s string
	json.Unmarshal(dtype, &s)
	if len(s) >= 2 {
		switch s[1] {
		case 'b':
			return json.RawMessage("false")
		case 'c':
			return json.RawMessage("[0, 0]")
		}
	}
	return json.RawMessage("0")
}
