package vlen

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/zcodec/zcodec/codec"
)

// MsgPack is the numcodecs MsgPack codec (id msgpack2) over object arrays
// of strings (string data type) or byte strings (bytes). Its configuration
// is numcodecs': raw, use_single_float and use_bin_type (all optional).
// raw and use_single_float change nothing for strings; use_bin_type
// (default true) selects how encoding writes strings and byte strings, as
// msgpack-python does.
type MsgPack struct {
	useBin bool
	raw    map[string]any
}

func newMsgPackFromConfig(cfg *codec.Config) (codec.Codec, error) {
	c := &MsgPack{useBin: true, raw: map[string]any{}}
	for _, key := range []string{"raw", "use_single_float", "use_bin_type"} {
		v, ok, err := cfg.Bool(key)
		if err != nil {
			return nil, err
		}
		if ok {
			c.raw[key] = v
			if key == "use_bin_type" {
				c.useBin = v
			}
		}
	}
	return c, cfg.Finish()
}

// Name returns "numcodecs.msgpack2".
func (c *MsgPack) Name() string { return MsgPackName }

// MarshalJSON returns the codec with its configuration as given.
func (c *MsgPack) MarshalJSON() ([]byte, error) { return codec.MarshalCodec(MsgPackName, c.raw) }

// ResolveBytes binds the codec to chunks of the string or bytes data type.
func (c *MsgPack) ResolveBytes(decoded codec.ChunkSpec) (codec.BoundArrayToBytes, error) {
	return resolveObject(msgFormat{useBin: c.useBin}, decoded, true)
}

type msgFormat struct{ useBin bool }

func (msgFormat) name() string { return MsgPackName }

// maxMsgDepth bounds the nesting of lists a chunk may have (a chunk's rank
// is far below it).
const maxMsgDepth = 64

func (msgFormat) parse(src []byte) ([]any, error) {
	r := msgReader{b: src}
	v, err := r.value(0)
	if err != nil {
		return nil, err
	}
	if r.pos != len(src) {
		return nil, &codec.CorruptError{Codec: MsgPackName, Reason: fmt.Sprintf("%d bytes after the value", len(src)-r.pos)}
	}
	list, ok := v.([]any)
	if !ok {
		return nil, &codec.CorruptError{Codec: MsgPackName, Reason: "not a list"}
	}
	return list, nil
}

// msgReader reads the subset of MessagePack
// (https://github.com/msgpack/msgpack/blob/master/spec.md) that numcodecs
// writes for object arrays: nil, integers, str and bin of every width and
// arrays, which zcodec reads, and booleans, floats, maps and extensions,
// which it reads past so that the element holding them is named (an
// *UnsupportedError). Every length is checked against the bytes left
// before anything is allocated for it.
type msgReader struct {
	b   []byte
	pos int
}

func (r *msgReader) fail(format string, args ...any) error {
	return &codec.CorruptError{Codec: MsgPackName, Reason: fmt.Sprintf("at byte %d: ", r.pos) + fmt.Sprintf(format, args...)}
}

// uint reads an n-byte big-endian unsigned integer.
func (r *msgReader) uint(n int) (uint64, error) {
	if len(r.b)-r.pos < n {
		return 0, r.fail("truncated")
	}
	var v uint64
	for _, c := range r.b[r.pos : r.pos+n] {
		v = v<<8 | uint64(c)
	}
	r.pos += n
	return v, nil
}

func (r *msgReader) bytes(n uint64) ([]byte, error) {
	if n > uint64(len(r.b)-r.pos) {
		return nil, r.fail("a length of %d runs past the end", n)
	}
	b := r.b[r.pos : r.pos+int(n)]
	r.pos += int(n)
	return b, nil
}

func (r *msgReader) value(depth int) (any, error) {
	if r.pos >= len(r.b) {
		return nil, r.fail("truncated")
	}
	c := r.b[r.pos]
	r.pos++
	switch {
	case c <= 0x7f:
		return int64(c), nil
	case c >= 0xe0:
		return int64(int8(c)), nil
	case c&0xe0 == 0xa0:
		b, err := r.bytes(uint64(c & 0x1f))
		return string(b), err
	case c&0xf0 == 0x90:
		return r.array(uint64(c&0x0f), depth)
	case c&0xf0 == 0x80:
		return r.skipMap(uint64(c&0x0f), depth)
	}
	switch c {
	case 0xc0:
		return nil, nil
	case 0xcc, 0xcd, 0xce, 0xcf:
		v, err := r.uint(1 << (c - 0xcc))
		if err != nil {
			return nil, err
		}
		if v > 1<<63-1 {
			return nil, r.fail("integer %d beyond int64", v)
		}
		return int64(v), nil
	case 0xd0, 0xd1, 0xd2, 0xd3:
		n := 1 << (c - 0xd0)
		v, err := r.uint(n)
		if err != nil {
			return nil, err
		}
		shift := 64 - 8*n
		return int64(v<<shift) >> shift, nil
	case 0xd9, 0xda, 0xdb: // str 8/16/32
		n, err := r.uint(1 << (c - 0xd9))
		if err != nil {
			return nil, err
		}
		b, err := r.bytes(n)
		return string(b), err
	case 0xc4, 0xc5, 0xc6: // bin 8/16/32
		n, err := r.uint(1 << (c - 0xc4))
		if err != nil {
			return nil, err
		}
		return r.bytes(n)
	case 0xdc, 0xdd: // array 16/32
		n, err := r.uint(2 << (c - 0xdc))
		if err != nil {
			return nil, err
		}
		return r.array(n, depth)
	case 0xc2, 0xc3:
		return c == 0xc3, nil
	case 0xca:
		v, err := r.uint(4)
		return float64(math.Float32frombits(uint32(v))), err
	case 0xcb:
		v, err := r.uint(8)
		return math.Float64frombits(v), err
	case 0xde, 0xdf: // map 16/32
		n, err := r.uint(2 << (c - 0xde))
		if err != nil {
			return nil, err
		}
		return r.skipMap(n, depth)
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8: // fixext 1-16: a type byte, then the data
		_, err := r.bytes(1 + 1<<(c-0xd4))
		return msgExt{}, err
	case 0xc7, 0xc8, 0xc9: // ext 8/16/32
		n, err := r.uint(1 << (c - 0xc7))
		if err != nil {
			return nil, err
		}
		_, err = r.bytes(1 + n)
		return msgExt{}, err
	}
	return nil, r.fail("type byte %#02x is not MessagePack", c)
}

// msgMap is a MessagePack map, read past: zcodec reads no element of that
// type (a Python dict).
type msgMap struct{}

// msgExt is a MessagePack extension, read past.
type msgExt struct{}

// skipMap reads past a map of n entries.
func (r *msgReader) skipMap(n uint64, depth int) (any, error) {
	if depth >= maxMsgDepth {
		return nil, r.fail("values nested deeper than %d", maxMsgDepth)
	}
	if n > uint64(len(r.b)-r.pos)/2 { // every entry takes two bytes at least
		return nil, r.fail("a map of %d entries in %d bytes", n, len(r.b)-r.pos)
	}
	for range 2 * n {
		if _, err := r.value(depth + 1); err != nil {
			return nil, err
		}
	}
	return msgMap{}, nil
}

func (r *msgReader) array(n uint64, depth int) (any, error) {
	if depth >= maxMsgDepth {
		return nil, r.fail("lists nested deeper than %d", maxMsgDepth)
	}
	if n > uint64(len(r.b)-r.pos) { // every item takes a byte at least
		return nil, r.fail("a list of %d items in %d bytes", n, len(r.b)-r.pos)
	}
	list := make([]any, n)
	for i := range list {
		v, err := r.value(depth + 1)
		if err != nil {
			return nil, err
		}
		list[i] = v
	}
	return list, nil
}

// appendChunk writes what msgpack-python's packb writes for the list
// [elements as nested lists..., "|O", [shape...]]: the shortest array,
// str and unsigned integer forms; strings as str (str 8 only with
// use_bin_type), byte strings as bin with use_bin_type and as str without.
func (f msgFormat) appendChunk(dst, src []byte, shape []int, text bool) ([]byte, error) {
	start := len(dst)
	i, n := 0, 1
	for _, d := range shape {
		n *= d
	}
	err := forEachElement(MsgPackName, src, shape, func(e []byte, opens, _ int) {
		// A list header carries its length: write one for every list
		// the element opens, from the outermost.
		for k := len(shape) - opens; k < len(shape); k++ {
			size := shape[k]
			if k == 0 {
				size += 2 // the dtype and the shape follow the elements
			}
			dst = appendMsgArray(dst, size)
		}
		if text || !f.useBin {
			dst = appendMsgStr(dst, e, f.useBin)
		} else {
			dst = appendMsgBin(dst, e)
		}
		i++
	})
	if err != nil {
		return dst[:start], err
	}
	dst = appendMsgStr(dst, []byte("|O"), f.useBin)
	dst = appendMsgArray(dst, len(shape))
	for _, d := range shape {
		dst = appendMsgUint(dst, uint64(d))
	}
	return dst, nil
}

func appendMsgArray(dst []byte, n int) []byte {
	switch {
	case n < 16:
		return append(dst, 0x90|byte(n))
	case n < 1<<16:
		return binary.BigEndian.AppendUint16(append(dst, 0xdc), uint16(n))
	}
	return binary.BigEndian.AppendUint32(append(dst, 0xdd), uint32(n))
}

func appendMsgStr(dst, s []byte, str8 bool) []byte {
	n := len(s)
	switch {
	case n < 32:
		dst = append(dst, 0xa0|byte(n))
	case n < 256 && str8:
		dst = append(dst, 0xd9, byte(n))
	case n < 1<<16:
		dst = binary.BigEndian.AppendUint16(append(dst, 0xda), uint16(n))
	default:
		dst = binary.BigEndian.AppendUint32(append(dst, 0xdb), uint32(n))
	}
	return append(dst, s...)
}

func appendMsgBin(dst, s []byte) []byte {
	n := len(s)
	switch {
	case n < 256:
		dst = append(dst, 0xc4, byte(n))
	case n < 1<<16:
		dst = binary.BigEndian.AppendUint16(append(dst, 0xc5), uint16(n))
	default:
		dst = binary.BigEndian.AppendUint32(append(dst, 0xc6), uint32(n))
	}
	return append(dst, s...)
}

func appendMsgUint(dst []byte, v uint64) []byte {
	switch {
	case v < 128:
		return append(dst, byte(v))
	case v < 1<<8:
		return append(dst, 0xcc, byte(v))
	case v < 1<<16:
		return binary.BigEndian.AppendUint16(append(dst, 0xcd), uint16(v))
	case v < 1<<32:
		return binary.BigEndian.AppendUint32(append(dst, 0xce), uint32(v))
	}
	return binary.BigEndian.AppendUint64(append(dst, 0xcf), v)
}
