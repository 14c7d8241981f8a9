package codec

// Identity is an optional interface of bound array->bytes and bytes->bytes
// codecs. When IsIdentity returns true, the codec's encoding of every value
// it was resolved for is that value, byte for byte: the bytes codec in
// little-endian order or for one-byte types, numcodecs.shuffle with an
// element size of 1. The pipeline then hands the bytes on instead of calling
// AppendEncode (AppendEncodeBytes) and, instead of AppendDecode
// (DecodeBytes), calls CheckIdentity, which reports whether encoded is a
// value the codec's decoder accepts (its length, bool bytes that are 0 or 1,
// ...) with the error that decoder would return.
type Identity interface {
	IsIdentity() bool
	CheckIdentity(encoded []byte) error
}

// identityOf returns b's Identity if b passes bytes through, else nil.
func identityOf(b any) Identity {
	if id, ok := b.(Identity); ok && id.IsIdentity() {
		return id
	}
	return nil
}
