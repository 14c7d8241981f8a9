package codec

import "errors"

// ErrReadOnlyConfig marks a configuration that a writer accepted and that
// zcodec reads but does not write (docs/decisions.md#d23): a bytes codec
// without "endian" on a multi-byte type, an encode-only setting out of the
// range the codec's library takes (zstd "level" 100, lz4 "acceleration"
// 0). Resolving such a codec fails with an error that matches it under
// FillStrict (validating, creating, encoding new arrays); under FillWarn
// (reading arrays that exist) it resolves, with a Warning.
var ErrReadOnlyConfig = errors.New("configuration accepted when reading only")

// ReadingCodec is an optional interface of an unbound codec whose
// configuration may hold what another writer accepted and zcodec does not
// write (ErrReadOnlyConfig). ForReading returns the codec a reader resolves
// in its place: the same configuration, resolved leniently: as the writer
// read it, the original value kept in MarshalJSON, with a bound codec that
// reports what it accepted through Warner. NewPipeline calls it under
// FillWarn only; under FillStrict the codec itself is resolved and refuses
// such configurations with an error matching ErrReadOnlyConfig. ForReading
// returns a codec of the same kind and name and leaves the receiver
// unchanged.
type ReadingCodec interface {
	ForReading() Codec
}

// WritableCodec is an optional interface of a ReadingCodec. AsWritten
// returns the codec with the configuration the writer's library encoded
// with in place of the one it was given (zstd "level" 100 as 22, lz4
// "acceleration" -1 as 1, a bytes codec without "endian" as
// little-endian), or an equal copy when the configuration is already
// writable. Chunks decode the same under both: the settings concerned
// only ever changed how the writer encoded. A conversion writes it, so
// that an array read leniently can be written again
// (docs/decisions.md#d31).
type WritableCodec interface {
	AsWritten() Codec
}

// AsWritten returns a copy of chain with every WritableCodec replaced by
// its AsWritten, the other codecs kept. Codecs nested in a codec
// (sharding's inner chain) are kept as they are.
func AsWritten(chain []Codec) []Codec {
	out := make([]Codec, len(chain))
	for i, c := range chain {
		out[i] = c
		if w, ok := c.(WritableCodec); ok {
			if wc := w.AsWritten(); wc != nil && KindOf(wc) == KindOf(c) {
				out[i] = wc
			}
		}
	}
	return out
}

// Warner is an optional interface of a bound codec that accepted its
// configuration with notes (a ReadingCodec resolved for reading).
// NewPipeline adds the notes to Pipeline.Warnings, each with Err a
// *StepError giving the codec's position and name and wrapping the
// warning's own Err (ErrReadOnlyConfig when it has none).
type Warner interface {
	Warnings() []Warning
}

// forMode returns the codec to resolve at chain position i under mode.
func forMode(c Codec, mode FillMode) Codec {
	if r, ok := c.(ReadingCodec); ok && mode == FillWarn {
		if rc := r.ForReading(); rc != nil && KindOf(rc) == KindOf(c) {
			return rc
		}
	}
	return c
}

// stepWarnings returns the notes of the bound codec b at chain position i
// (codec name), located by a *StepError.
func stepWarnings(b any, i int, name string) []Warning {
	wr, ok := b.(Warner)
	if !ok {
		return nil
	}
	ws := wr.Warnings()
	out := make([]Warning, 0, len(ws))
	for _, w := range ws {
		err := w.Err
		if err == nil {
			err = ErrReadOnlyConfig
		}
		w.Err = &StepError{Index: i, Codec: name, Err: err}
		w.Message = (&StepError{Index: i, Codec: name, Err: errors.New(w.Message)}).Error()
		out = append(out, w)
	}
	return out
}
