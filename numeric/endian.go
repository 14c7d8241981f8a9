package numeric

// Endian is a byte order of multi-byte elements, as the bytes codec's
// "endian" and NumPy's dtype strings ('<', '>', '|') give it.
type Endian uint8

// The byte orders. EndianUnset is valid only for single-byte data types.
const (
	EndianUnset Endian = iota
	LittleEndian
	BigEndian
)

// String returns "little", "big" or "unset".
func (e Endian) String() string {
	switch e {
	case LittleEndian:
		return "little"
	case BigEndian:
		return "big"
	}
	return "unset"
}
