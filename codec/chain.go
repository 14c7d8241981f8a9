package codec

import "github.com/zcodec/zcodec/internal/shorten"

// Chain is a parsed codec list: what a registry builds from the "codecs"
// of a zarr.json, or from a chain nested in a codec's configuration.
type Chain struct {
	// Codecs are the codecs in chain order; entries skipped because they
	// were unknown with must_understand false are not included.
	Codecs []Codec
	// Pointers holds the JSON pointer of each codec's entry, parallel to
	// Codecs (so "/codecs/2" for the third entry even after a skipped one).
	Pointers []string
	// Warnings are notes about entries that were accepted or skipped.
	Warnings []Warning
}

// Warning is a note about input that was accepted but not used as is: an
// unknown codec skipped, a fill value that does not survive a codec's
// round trip when that is not an error, metadata that is not canonical.
type Warning struct {
	// Pointer is the JSON pointer (RFC 6901) of the value concerned, or ""
	// when it is not known.
	Pointer string
	// Message says what was accepted and how, for a person.
	Message string
	// Err is the detail, when there is one to match with errors.As: a
	// *FillRoundTripError for a fill round trip, which says where in the
	// chain the codec is. nil otherwise.
	Err error
}

// String returns "pointer: message" (a long pointer shortened), or the
// message alone without a pointer.
func (w Warning) String() string {
	if w.Pointer == "" {
		return w.Message
	}
	return shorten.Pointer(w.Pointer) + ": " + w.Message
}
