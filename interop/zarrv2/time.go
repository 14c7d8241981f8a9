package zarrv2

import (
	"encoding/json"
	"strconv"

	"github.com/zcodec/zcodec/interop/cf"
	"github.com/zcodec/zcodec/numeric"
)

// timeFill reads the fill_value of a datetime64 or timedelta64 array. zarr
// 2.13 writes the int64 count (NaT as -9223372036854775808); "NaT" is read
// too. With opts.Xarray the count is also written as the _FillValue
// attribute, a JSON integer (xarray's CF encoding of times is a number).
func (c *converter) timeFill(raw json.RawMessage, dt numeric.DataType, attrs map[string]json.RawMessage, opts Options) (numeric.Scalar, map[string]json.RawMessage, error) {
	fill, err := numeric.ParseFillValue(dt, raw)
	if err != nil {
		return numeric.Scalar{}, nil, &Error{Pointer: "/fill_value", Reason: err.Error(), Err: err}
	}
	if opts.Xarray {
		v, _ := fill.TimeCount()
		attrs[cf.FillValueAttr] = json.RawMessage(strconv.FormatInt(v, 10))
	}
	return fill, attrs, nil
}
