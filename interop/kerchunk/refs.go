package kerchunk

import "context"

// Ref is the value of one key of a reference set: bytes held inline, or a
// byte range of a file (a whole file when Length is -1).
type Ref struct {
	// Data is the value itself, for an inline reference (Inline true).
	Data   []byte
	Inline bool
	// URL names the file of a range reference, as the set writes it (a
	// local path, http(s)://, s3://, gs://), templates expanded.
	URL string
	// Offset and Length select the bytes of URL; Length -1 is the whole
	// file from Offset (kerchunk's one-element [url] form).
	Offset, Length int64
}

// Refs are the references of a set, read through this interface so that a
// set too large to hold in memory (Parquet, one file of records per
// variable) is read record by record.
type Refs interface {
	// Ref returns the reference of key; ok is false when the set holds
	// none (the key is absent: for a chunk, it reads as the fill value).
	Ref(ctx context.Context, key string) (ref Ref, ok bool, err error)
	// Keys calls fn with every key under prefix ("" or a key followed by
	// "/") and the size of its value (the length of an inline value or of
	// a range; -1 when unknown), in an order the set chooses.
	Keys(ctx context.Context, prefix string, fn func(key string, size int64) error) error
}
