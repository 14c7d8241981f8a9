package netcdf

import (
	"errors"
	"math"
	"strconv"

	"github.com/zcodec/zcodec/internal/shorten"
	"github.com/zcodec/zcodec/internal/strictjson"
)

// ErrFilterList is matched by every *FilterListError.
var ErrFilterList = errors.New("invalid netCDF filter list")

// FilterListError reports a JSON filter list that DecodeFilters cannot
// read: where (a JSON pointer such as "/1/params/0") and why.
type FilterListError struct {
	Pointer string
	Reason  string
}

func (e *FilterListError) Error() string {
	if e.Pointer == "" {
		return "filter list: " + e.Reason
	}
	return "filter list: " + shorten.Pointer(e.Pointer) + ": " + e.Reason
}

// Is makes every FilterListError match ErrFilterList.
func (e *FilterListError) Is(target error) bool { return target == ErrFilterList }

func filterListError(e *strictjson.Error) error {
	reason := e.Reason
	if pos := e.Position(); pos != "" {
		reason += " at " + pos
	}
	return &FilterListError{Pointer: e.Pointer, Reason: reason}
}

// DecodeFilters reads a JSON array of {"id", "params"} (the form Parse's
// filters marshal to) strictly: at least one filter, ids 1 to 4294967295,
// params (optional) 32-bit unsigned words, no other keys. Errors are
// *FilterListError values.
func DecodeFilters(data []byte) ([]Filter, error) {
	items, err := strictjson.ParseArray(data, strictjson.Options{NewError: filterListError})
	if err != nil {
		return nil, err
	}
	if len(items) == 0 {
		return nil, &FilterListError{Reason: "no filters"}
	}
	out := make([]Filter, len(items))
	for i, it := range items {
		o, err := strictjson.Parse(it, strictjson.Options{Pointer: strictjson.Pointer("", strconv.Itoa(i)), NewError: filterListError})
		if err != nil {
			return nil, err
		}
		if err := o.Require("id"); err != nil {
			return nil, err
		}
		id, _, err := o.Int("id", 1, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		params, _, err := o.Ints("params", 0, math.MaxUint32)
		if err != nil {
			return nil, err
		}
		if len(params) > MaxParams {
			return nil, &FilterListError{Pointer: o.PointerTo("params"), Reason: "more than " + strconv.Itoa(MaxParams) + " parameters"}
		}
		if err := o.Finish(); err != nil {
			return nil, err
		}
		out[i] = Filter{ID: uint32(id), Params: make([]uint32, len(params))}
		for j, p := range params {
			out[i].Params[j] = uint32(p)
		}
	}
	return out, nil
}
