package blosc

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/zcodec/zcodec/codec"
	"github.com/zcodec/zcodec/codecs/shuffle"
	zstdcodec "github.com/zcodec/zcodec/codecs/zstd"
	"github.com/zcodec/zcodec/internal/benchdata"
	"github.com/zcodec/zcodec/internal/cputime"
	"github.com/zcodec/zcodec/numeric"
)

// zstdStreams encodes the benchmark chunk (1 MiB of smooth float32,
// benchdata.Chunk) as blosc zstd, clevel 5, byte shuffle, with block size bs
// (0: c-blosc's choice) and returns the frame, its blocks' zstd streams and
// the block size.
func zstdStreams(b *testing.B, bs int) (in, frame []byte, streams [][]byte, bsize int) {
	in, err := benchdata.Chunk(numeric.Float32, benchdata.Smooth, benchdata.ChunkBytes, benchdata.Seed)
	if err != nil {
		b.Fatal(err)
	}
	spec := codec.FixedBytes(len(in), codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{len(in) / 4}, FillValue: numeric.Zero(numeric.Float32)})
	bd, err := (&Codec{Config{Cname: "zstd", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4, Blocksize: bs}}).ResolveBytesToBytes(spec)
	if err != nil {
		b.Fatal(err)
	}
	if frame, err = bd.AppendEncode(nil, in); err != nil {
		b.Fatal(err)
	}
	h, reason := parseHeader(frame)
	if reason != "" {
		b.Fatal(reason)
	}
	for j := range h.nblocks() {
		off := int(binary.LittleEndian.Uint32(frame[headerSize+4*j:]))
		n := int(binary.LittleEndian.Uint32(frame[off:]))
		streams = append(streams, frame[off+4:off+4+n])
	}
	return in, frame, streams, h.blockSize()
}

// BenchmarkZstdDecodeParts splits blosc's zstd decode (the zstd-shuffle
// case of BenchmarkBlosc) into its parts and tries klauspost/compress's
// decoder options on the same streams, to show where the time goes:
//
//   - codec: the whole frame through this package (AppendDecode);
//   - frames: the blocks' zstd streams alone through package zstd's pooled
//     decoders (DecodeFrames, what the codec calls), into one buffer;
//   - fresh: the same with a decoder made for each frame (the set-up cost);
//   - lowmem, concurrency0: decoders made with WithDecoderLowmem(true) or
//     the default concurrency, DecodeAll as the codec does;
//   - stream: a streaming decoder (Reset, then Read into the block);
//   - concat: all the streams as one input to one DecodeAll (the per-call
//     overhead);
//   - unshuffle: the byte unshuffle of the blocks alone.
//
// With -bs the block size varies: 64 KiB, 256 KiB (c-blosc's choice for
// this chunk), 1 MiB.
//
//	go test -run '^$' -bench ZstdDecodeParts -benchtime=200ms ./codecs/blosc
func BenchmarkZstdDecodeParts(b *testing.B) {
	for _, bs := range []int{0, 64 << 10, 1 << 20} {
		in, frame, streams, bsize := zstdStreams(b, bs)
		name := map[int]string{0: "bs-default", 64 << 10: "bs-64k", 1 << 20: "bs-1m"}[bs]
		out := make([]byte, len(in))
		run := func(part string, f func()) {
			b.Run(name+"/"+part, func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				cputime.Loop(b, len(in), f)
				b.ReportMetric(float64(bsize), "block-bytes")
			})
		}
		spec := codec.FixedBytes(len(in), codec.ChunkSpec{DataType: numeric.Float32, Shape: []int{len(in) / 4}, FillValue: numeric.Zero(numeric.Float32)})
		bd, err := (&Codec{Config{Cname: "zstd", Clevel: 5, Shuffle: ByteShuffle, Typesize: 4, Blocksize: bs}}).ResolveBytesToBytes(spec)
		if err != nil {
			b.Fatal(err)
		}
		run("codec", func() {
			if _, err := bd.AppendDecode(out[:0], frame); err != nil {
				b.Fatal(err)
			}
		})
		each := func(f func(dst, src []byte) error) func() {
			return func() {
				for j, s := range streams {
					dst := out[j*bsize : min((j+1)*bsize, len(out))]
					if err := f(dst, s); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
		run("frames", each(func(dst, src []byte) error {
			_, err := zstdcodec.DecodeFrames(dst[:0:len(dst)], src)
			return err
		}))
		run("fresh", each(func(dst, src []byte) error {
			d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
			if err != nil {
				return err
			}
			defer d.Close()
			_, err = d.DecodeAll(src, dst[:0:len(dst)])
			return err
		}))
		for _, v := range []struct {
			name string
			opts []zstd.DOption
		}{
			{"lowmem", []zstd.DOption{zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true)}},
			{"concurrency0", []zstd.DOption{zstd.WithDecoderConcurrency(0)}},
		} {
			d, err := zstd.NewReader(nil, v.opts...)
			if err != nil {
				b.Fatal(err)
			}
			run(v.name, each(func(dst, src []byte) error {
				_, err := d.DecodeAll(src, dst[:0:len(dst)])
				return err
			}))
			d.Close()
		}
		sd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			b.Fatal(err)
		}
		var rd bytes.Reader
		run("stream", each(func(dst, src []byte) error {
			rd.Reset(src)
			if err := sd.Reset(&rd); err != nil {
				return err
			}
			for n := 0; n < len(dst); {
				m, err := sd.Read(dst[n:])
				n += m
				if err != nil {
					return err
				}
			}
			return nil
		}))
		sd.Close()
		var all []byte
		for _, s := range streams {
			all = append(all, s...)
		}
		run("concat", func() {
			if _, err := zstdcodec.DecodeFrames(out[:0:len(out)], all); err != nil {
				b.Fatal(err)
			}
		})
		tmp := make([]byte, len(in))
		run("unshuffle", func() {
			for o := 0; o < len(in); o += bsize {
				e := min(o+bsize, len(in))
				shuffle.Unshuffle(out[o:e], tmp[o:e], 4)
			}
		})
	}
}
