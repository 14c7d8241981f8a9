package convert

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/interop/zarrv2"
	"github.com/zcodec/zcodec/metadata"
	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
	"github.com/zcodec/zcodec/zarr"
)

// Skipped is a node of the source that a conversion of a group leaves
// out: an array (or a key of the hierarchy) that cannot be converted, and
// why. A plan records them, so that every part and Finalize agree.
type Skipped struct {
	Path   string `json:"path"`   // in the source, "" for the root
	Reason string `json:"reason"` // the error, without the node's path
}

// Unconvertible reports whether err, from opening an array of a source or
// making its converted metadata, says that the array's metadata describes
// what cannot be converted: a data type, codec, fill value, grid or node
// that is not supported or cannot be parsed. Such an array is left out of
// the conversion of a group (or refuses it, under Options.Strict). Every
// other error (a store that fails to answer, a key that is not a valid
// name or cannot be read, a cancelled context) is not: it ends the
// conversion, so that a damaged hierarchy or a network failure is never
// taken for an array to leave out (docs/decisions.md#d27).
func Unconvertible(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var (
		ve  *metadata.ValidationError
		se  *metadata.SyntaxError
		ge  *metadata.GridError
		dte *numeric.DataTypeError
		fe  *numeric.FillValueError
	)
	switch {
	case errors.Is(err, zarrv2.ErrConvert), errors.Is(err, codec.ErrConfig), errors.Is(err, codec.ErrUnknownCodec),
		errors.Is(err, codec.ErrFillRoundTrip), errors.Is(err, store.ErrTooLarge), errors.Is(err, store.ErrUnsupportedNode):
		return true
	case errors.As(err, &ve), errors.As(err, &se), errors.As(err, &ge), errors.As(err, &dte), errors.As(err, &fe):
		return true
	}
	return false
}

// skipReason returns the reason a node is left out for when err is
// Unconvertible: the error without the node's name, which the Skipped
// beside it holds.
func skipReason(err error) (reason string, ok bool) {
	if !Unconvertible(err) {
		return "", false
	}
	var ne *zarr.NodeError
	if errors.As(err, &ne) {
		err = ne.Err
	}
	return err.Error(), true
}

// sortSkipped sorts skipped nodes by path.
func sortSkipped(s []Skipped) {
	slices.SortFunc(s, func(a, b Skipped) int { return strings.Compare(a.Path, b.Path) })
}

// skippedSummary is the sentence that heads a list of skipped nodes.
func skippedSummary(skipped []Skipped) string {
	if len(skipped) == 1 {
		return "1 array cannot be converted"
	}
	return fmt.Sprintf("%d arrays cannot be converted", len(skipped))
}
