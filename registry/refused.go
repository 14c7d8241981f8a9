package registry

// refused gives, for codecs that zcodec does not build on purpose, the
// reason its error says instead of "unknown codec". A registry that has
// such a name registered builds it as any other.
var refused = map[string]string{
	"numcodecs.pickle": "numcodecs.pickle (Python's pickle) is refused on purpose: unpickling runs code that the stored bytes choose, " +
		"so reading such an array would let whoever wrote the store run code on this machine; " +
		"re-encode it with zarr-python using a codec that stores data (vlen-utf8, vlen-bytes, json2, msgpack2)",
}
