package lzma

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"io"

	ulzma "github.com/ulikunitz/xz/lzma"
	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/internal/bounded"
)

// xzMagic starts every xz stream; footerMagic ends it.
var (
	xzMagic     = []byte{0xfd, '7', 'z', 'X', 'Z', 0}
	footerMagic = []byte{'Y', 'Z'}
)

var crc64Table = crc64.MakeTable(crc64.ECMA)

// corrupt returns the *codec.CorruptError of a malformed stream.
func corrupt(format string, args ...any) error {
	return &codec.CorruptError{Codec: Name, Reason: fmt.Sprintf(format, args...)}
}

// unsupported returns the error of a valid stream using a feature this
// decoder does not have.
func unsupported(feature string) error {
	return &codec.CorruptError{Codec: Name, Reason: feature + " is not supported", Err: errors.ErrUnsupported}
}

// AppendDecode appends the decompressed src to dst (see the package
// documentation).
func (b *bound) AppendDecode(dst, src []byte) ([]byte, error) {
	limit, exact := bounded.Limit(b.spec)
	format := b.c.format
	if format == FormatAuto {
		format = FormatAlone
		if bytes.HasPrefix(src, xzMagic) {
			format = FormatXZ
		}
	}
	switch format {
	case FormatXZ:
		return decodeXZ(dst, src, limit, exact)
	case FormatAlone:
		return decodeAlone(dst, src, limit, exact)
	}
	return decodeRaw(dst, src, b.c.dictSize, limit, exact)
}

// dictFor returns the dictionary a decoder needs for a stream that
// decodes to at most n bytes and claims claim: no match reaches further
// back than the output.
func dictFor(claim int64, n int) int {
	return int(max(ulzma.MinDictCap, min(claim, int64(n))))
}

// readStream decodes r, which reads from rest, into dst: exactly n bytes
// when exact, else at most n; every byte of rest must be used.
func readStream(dst []byte, r io.Reader, rest *bytes.Reader, n int, exact bool) ([]byte, error) {
	out, err := bounded.ReadAll(Name, dst, r, n, exact)
	if err != nil {
		return out, err
	}
	if rest.Len() != 0 {
		return dst, corrupt("%d bytes after the end of the stream", rest.Len())
	}
	return out, nil
}

// decodeAlone decodes the .lzma format: a 13-byte header (properties,
// dictionary size, uncompressed size or -1) and an LZMA1 stream.
func decodeAlone(dst, src []byte, limit int, exact bool) ([]byte, error) {
	if len(src) < ulzma.HeaderLen {
		return dst, corrupt("%d bytes, too short for the 13-byte .lzma header", len(src))
	}
	hdr := bytes.Clone(src[:ulzma.HeaderLen])
	size := int64(binary.LittleEndian.Uint64(hdr[5:]))
	if size != -1 && (size < 0 || size > int64(limit) || exact && size != int64(limit)) {
		return dst, corrupt("the header says %d decoded bytes, want %d", size, limit)
	}
	dict := dictFor(int64(binary.LittleEndian.Uint32(hdr[1:])), limit)
	binary.LittleEndian.PutUint32(hdr[1:], uint32(dict))
	rest := bytes.NewReader(src[ulzma.HeaderLen:])
	r, err := ulzma.ReaderConfig{DictCap: dict}.NewReader(io.MultiReader(bytes.NewReader(hdr), rest))
	if err != nil {
		return dst, &codec.CorruptError{Codec: Name, Reason: "bad .lzma header", Err: err}
	}
	return readStream(dst, r, rest, limit, exact)
}

// decodeRaw decodes a bare LZMA2 stream (FORMAT_RAW with an LZMA2 filter
// of dictionary size dict).
func decodeRaw(dst, src []byte, dict, limit int, exact bool) ([]byte, error) {
	rest := bytes.NewReader(src)
	r, err := ulzma.Reader2Config{DictCap: dictFor(int64(dict), limit)}.NewReader2(rest)
	if err != nil {
		return dst, &codec.CorruptError{Codec: Name, Reason: "LZMA2 stream", Err: err}
	}
	return readStream(dst, r, rest, limit, exact)
}

// uvarint reads an xz multibyte integer at p[*i:].
func uvarint(p []byte, i *int) (uint64, bool) {
	var v uint64
	for k := 0; k < 9; k++ {
		if *i >= len(p) {
			return 0, false
		}
		c := p[*i]
		*i++
		v |= uint64(c&0x7f) << (7 * k)
		if c&0x80 == 0 {
			return v, c != 0 || k == 0
		}
	}
	return 0, false
}

// checkSize is the size of each xz check.
func checkSize(id byte) int {
	switch id {
	case 0:
		return 0
	case 1:
		return 4
	case 4:
		return 8
	case 0xa:
		return 32
	}
	return -1
}

// decodeXZ decodes an xz stream of one block (or none) whose LZMA2 filter
// is the only one. Everything the container says is checked against the
// rest before the block is decoded with a dictionary no larger than the
// output.
func decodeXZ(dst, src []byte, limit int, exact bool) ([]byte, error) {
	if len(src) < 24 || !bytes.HasPrefix(src, xzMagic) {
		return dst, corrupt("not an xz stream (%d bytes)", len(src))
	}
	flags := src[6:8]
	if crc32.ChecksumIEEE(flags) != binary.LittleEndian.Uint32(src[8:12]) {
		return dst, corrupt("stream header CRC mismatch")
	}
	cs := checkSize(flags[1])
	if flags[0] != 0 || flags[1]&0xf0 != 0 || cs < 0 {
		return dst, corrupt("stream flags %#02x %#02x: unknown check", flags[0], flags[1])
	}
	foot := src[len(src)-12:]
	if !bytes.Equal(foot[10:], footerMagic) {
		if bytes.HasSuffix(bytes.TrimRight(src, "\x00"), footerMagic) {
			return dst, unsupported("stream padding after an xz stream")
		}
		return dst, corrupt("no xz stream footer at the end (truncated, or bytes after the stream)")
	}
	if crc32.ChecksumIEEE(foot[4:10]) != binary.LittleEndian.Uint32(foot[:4]) || !bytes.Equal(foot[8:10], flags) {
		return dst, corrupt("stream footer does not match the header")
	}
	indexSize := (int64(binary.LittleEndian.Uint32(foot[4:8])) + 1) * 4
	indexStart := int64(len(src)) - 12 - indexSize
	if indexStart < 12 {
		return dst, corrupt("index size %d does not fit the stream", indexSize)
	}
	idx := src[indexStart : len(src)-12]
	if idx[0] != 0 || crc32.ChecksumIEEE(idx[:len(idx)-4]) != binary.LittleEndian.Uint32(idx[len(idx)-4:]) {
		return dst, corrupt("bad index")
	}
	i := 1
	count, ok := uvarint(idx, &i)
	if !ok {
		return dst, corrupt("bad index")
	}
	switch {
	case count == 0:
		if indexStart != 12 {
			return dst, corrupt("an index without blocks after block data")
		}
		if exact && limit != 0 {
			return dst, corrupt("stream ends after 0 bytes, want %d", limit)
		}
		return dst, nil
	case count > 1:
		if bytes.Contains(src[12:], xzMagic) {
			return dst, unsupported("concatenated xz streams")
		}
		return dst, unsupported(fmt.Sprintf("an xz stream of %d blocks (numcodecs writes one)", count))
	}
	unpadded, ok1 := uvarint(idx, &i)
	usize, ok2 := uvarint(idx, &i)
	if !ok1 || !ok2 || len(idx)-4-i > 3 || len(idx)-4-i < 0 || !allZero(idx[i:len(idx)-4]) {
		return dst, corrupt("bad index record")
	}
	if padded := (unpadded + 3) &^ 3; unpadded < 5 || padded != uint64(indexStart-12) {
		return dst, corrupt("the index's block size %d does not match the stream", unpadded)
	}
	if usize > uint64(limit) || exact && usize != uint64(limit) {
		return dst, corrupt("the index says %d decoded bytes, want %d", usize, limit)
	}
	blk := src[12:indexStart]
	hsize := (int(blk[0]) + 1) * 4
	if blk[0] == 0 || hsize > len(blk) || uint64(hsize+cs) >= unpadded+1 {
		return dst, corrupt("bad block header size")
	}
	hdr := blk[:hsize]
	if crc32.ChecksumIEEE(hdr[:hsize-4]) != binary.LittleEndian.Uint32(hdr[hsize-4:]) {
		return dst, corrupt("block header CRC mismatch")
	}
	csize := unpadded - uint64(hsize) - uint64(cs)
	bf := hdr[1]
	if bf&0x3c != 0 {
		return dst, corrupt("reserved block flags set")
	}
	j := 2
	if bf&0x40 != 0 {
		if v, ok := uvarint(hdr[:hsize-4], &j); !ok || v != csize {
			return dst, corrupt("block header's compressed size does not match the index")
		}
	}
	if bf&0x80 != 0 {
		if v, ok := uvarint(hdr[:hsize-4], &j); !ok || v != usize {
			return dst, corrupt("block header's uncompressed size does not match the index")
		}
	}
	nf := int(bf&3) + 1
	id, ok1 := uvarint(hdr[:hsize-4], &j)
	psize, ok2 := uvarint(hdr[:hsize-4], &j)
	if !ok1 || !ok2 {
		return dst, corrupt("bad filter flags")
	}
	if nf != 1 || id != FilterLZMA2 {
		name := filterName(int64(id & (1<<62 - 1)))
		if nf != 1 {
			return dst, unsupported(fmt.Sprintf("an xz filter chain of %d filters (the first: %s)", nf, name))
		}
		return dst, unsupported("the xz filter " + name)
	}
	if psize != 1 || j >= hsize-4 || hdr[j] > 40 {
		return dst, corrupt("bad LZMA2 properties")
	}
	code := hdr[j]
	if !allZero(hdr[j+1 : hsize-4]) {
		return dst, corrupt("block header padding is not zero")
	}
	claim := int64(0xffffffff)
	if code < 40 {
		claim = int64(2|code&1) << (code/2 + 11)
	}
	data := blk[hsize : uint64(hsize)+csize]
	tail := blk[uint64(hsize)+csize:]
	pad := len(tail) - cs
	if pad < 0 || pad > 3 || !allZero(tail[:pad]) {
		return dst, corrupt("bad block padding")
	}
	rest := bytes.NewReader(data)
	r, err := ulzma.Reader2Config{DictCap: dictFor(claim, int(usize))}.NewReader2(rest)
	if err != nil {
		return dst, &codec.CorruptError{Codec: Name, Reason: "LZMA2 stream", Err: err}
	}
	start := len(dst)
	out, err := readStream(dst, r, rest, int(usize), true)
	if err != nil {
		return out, err
	}
	if !checkMatches(flags[1], out[start:], tail[pad:]) {
		return dst, corrupt("the block's %s check does not match", map[byte]string{1: "CRC-32", 4: "CRC-64", 0xa: "SHA-256"}[flags[1]])
	}
	return out, nil
}

func allZero(p []byte) bool {
	for _, c := range p {
		if c != 0 {
			return false
		}
	}
	return true
}

// checkMatches verifies the xz check of data.
func checkMatches(id byte, data, sum []byte) bool {
	switch id {
	case 1:
		return crc32.ChecksumIEEE(data) == binary.LittleEndian.Uint32(sum)
	case 4:
		return crc64.Checksum(data, crc64Table) == binary.LittleEndian.Uint64(sum)
	case 0xa:
		h := sha256.Sum256(data)
		return bytes.Equal(h[:], sum)
	}
	return true
}
