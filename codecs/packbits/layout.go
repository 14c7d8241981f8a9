package packbits

// layout is what a bound codec needs to pack and unpack a chunk: m
// components of size bytes each in the decoded layout, of which the width
// bits from bit first are encoded.
type layout struct {
	m      int // components per chunk (elements times components per element)
	size   int // bytes per decoded component: 1, 2, 4 or 8
	first  int // lowest encoded bit of a component
	width  int // encoded bits per component (b)
	signed bool
	isBool bool
	packed int  // bytes of packed bits: ceil(m*width/8)
	pad    byte // zero bits padding the last packed byte
	kind   kernelKind
	// fillByte is the byte ORed into a decoded one-byte component whose bit
	// first+width-1 is set, to sign-extend it (0 when not signed).
	fillByte byte
}

// kernelKind selects the loops of a layout.
type kernelKind uint8

const (
	kernelGeneric kernelKind = iota // any layout, through a bit accumulator
	kernelCopy                      // every bit of every byte: the little-endian bytes as they are
	kernelSub                       // one-byte components of 1, 2, 4 or 6 encoded bits
)

func newLayout(m, size, first, width int, signed, isBool bool) layout {
	l := layout{m: m, size: size, first: first, width: width, signed: signed, isBool: isBool}
	bits := m * width
	l.packed = (bits + 7) / 8
	l.pad = byte((8 - bits%8) % 8)
	switch {
	case !isBool && first == 0 && width == 8*size:
		l.kind = kernelCopy
	case size == 1 && (width == 1 || width == 2 || width == 4 || width == 6):
		l.kind = kernelSub
	}
	if signed && size == 1 {
		l.fillByte = byte(0xff << (first + width))
	}
	return l
}

// encode packs the m components of src (m*size bytes) into dst (packed
// bytes).
func (l *layout) encode(dst, src []byte) {
	switch l.kind {
	case kernelCopy:
		copy(dst, src)
	case kernelSub:
		switch l.width {
		case 1:
			pack1(dst, src, uint(l.first), l.isBool)
		case 2:
			pack2(dst, src, uint(l.first))
		case 6:
			pack6(dst, src, uint(l.first))
		default:
			pack4(dst, src, uint(l.first))
		}
	default:
		packGeneric(dst, src, l)
	}
}

// decode unpacks the packed bytes of src into the m components of dst.
func (l *layout) decode(dst, src []byte) {
	switch l.kind {
	case kernelCopy:
		copy(dst, src)
	case kernelSub:
		p := placer{first: uint(l.first), top: uint(l.first + l.width - 1), fill: uint64(l.fillByte)}
		switch l.width {
		case 1:
			unpack1(dst, src, p)
		case 2:
			unpack2(dst, src, p)
		case 6:
			unpack6(dst, src, p)
		default:
			unpack4(dst, src, p)
		}
	default:
		unpackGeneric(dst, src, l)
	}
}
