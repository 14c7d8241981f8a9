package h5file

import (
	"container/list"
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/zcodec/zcodec/store/byterange"
)

// Defaults of Options.
const (
	// DefaultMaxMetadataBytes is the default budget of metadata bytes one
	// File parses in its life: far more than any real file's headers,
	// heaps and indexes (a chunk index of a million chunks is about 40 MB),
	// and a bound on what a hostile file can make it read.
	DefaultMaxMetadataBytes = 1 << 30
	// DefaultBlockSize is the size of the aligned blocks metadata is read
	// and cached in: one request over HTTP or S3 brings a whole block, so
	// that the scattered small structures of a header cost few requests.
	DefaultBlockSize = 1 << 20
	// DefaultCacheBytes bounds the blocks kept (least recently used
	// dropped first).
	DefaultCacheBytes = 64 << 20
)

// blockCache reads the file's metadata in aligned blocks through r, keeps
// the most recently used ones and merges the blocks one read needs into a
// single ranged read. It is safe for concurrent use; two readers needing
// the same missing block wait for one request.
type blockCache struct {
	r         byterange.Reader
	size      int64
	blockSize int64
	maxBytes  int64

	mu       sync.Mutex
	blocks   map[int64]*list.Element // block index -> element holding *block
	lru      *list.List
	held     int64
	inflight map[int64]*fetch
	requests atomic.Int64
}

type block struct {
	idx  int64
	data []byte
}

// fetch is a ranged read of blocks [first, end) under way.
type fetch struct {
	done chan struct{}
	err  error
}

func newBlockCache(r byterange.Reader, size, blockSize, maxBytes int64, head []byte) *blockCache {
	c := &blockCache{r: r, size: size, blockSize: blockSize, maxBytes: max(maxBytes, 2*blockSize),
		blocks: map[int64]*list.Element{}, lru: list.New(), inflight: map[int64]*fetch{}}
	// The bytes a probe already read become the first blocks.
	for i := int64(0); ; i++ {
		start, end := i*blockSize, min((i+1)*blockSize, size)
		if start >= size || end > int64(len(head)) {
			break
		}
		c.insert(i, head[start:end:end])
	}
	return c
}

// insert adds a block; the caller holds mu or is the constructor.
func (c *blockCache) insert(idx int64, data []byte) {
	if _, ok := c.blocks[idx]; ok {
		return
	}
	c.blocks[idx] = c.lru.PushFront(&block{idx: idx, data: data})
	c.held += int64(len(data))
	for c.held > c.maxBytes && c.lru.Len() > 1 {
		e := c.lru.Back()
		b := e.Value.(*block)
		c.lru.Remove(e)
		delete(c.blocks, b.idx)
		c.held -= int64(len(b.data))
	}
}

// read returns the n bytes at absolute offset off, which the caller has
// checked lie inside the file. The slice may be shared with the cache:
// callers never change it.
func (c *blockCache) read(ctx context.Context, off, n int64) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	first, last := off/c.blockSize, (off+n-1)/c.blockSize
	for {
		c.mu.Lock()
		// Find the missing blocks and the fetches to wait for.
		var wait *fetch
		missing := int64(-1)
		var parts [][]byte
		for i := first; i <= last; i++ {
			if e, ok := c.blocks[i]; ok {
				c.lru.MoveToFront(e)
				parts = append(parts, e.Value.(*block).data)
				continue
			}
			if f, ok := c.inflight[i]; ok {
				wait = f
				break
			}
			missing = i
			break
		}
		if wait == nil && missing < 0 {
			c.mu.Unlock()
			return assemble(parts, off-first*c.blockSize, n), nil
		}
		if wait != nil {
			c.mu.Unlock()
			select {
			case <-wait.done:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			if wait.err != nil {
				return nil, wait.err
			}
			continue
		}
		// Fetch the run of missing blocks from missing up to last.
		end := missing + 1
		for end <= last {
			if _, ok := c.blocks[end]; ok {
				break
			}
			if _, ok := c.inflight[end]; ok {
				break
			}
			end++
		}
		f := &fetch{done: make(chan struct{})}
		for i := missing; i < end; i++ {
			c.inflight[i] = f
		}
		c.mu.Unlock()
		start := missing * c.blockSize
		stop := min(end*c.blockSize, c.size)
		c.requests.Add(1)
		data, err := c.r.ReadRange(ctx, byterange.Range{Offset: start, Length: stop - start})
		if err == nil && int64(len(data)) != stop-start {
			err = formatErr("file", start, "a read of %d bytes returned %d: the file is shorter than its size says", stop-start, len(data))
		}
		c.mu.Lock()
		for i := missing; i < end; i++ {
			delete(c.inflight, i)
			if err == nil {
				bs := (i - missing) * c.blockSize
				be := min(bs+c.blockSize, int64(len(data)))
				c.insert(i, data[bs:be:be])
			}
		}
		f.err = err
		close(f.done)
		c.mu.Unlock()
		if err != nil {
			return nil, err
		}
	}
}

// assemble returns n bytes from offset at of the concatenation of parts,
// without copying when they lie in one part.
func assemble(parts [][]byte, at, n int64) []byte {
	if len(parts) == 1 {
		return parts[0][at : at+n : at+n]
	}
	out := make([]byte, 0, n)
	for _, p := range parts {
		if at >= int64(len(p)) {
			at -= int64(len(p))
			continue
		}
		take := min(int64(len(p))-at, n-int64(len(out)))
		out = append(out, p[at:at+take]...)
		at = 0
		if int64(len(out)) == n {
			break
		}
	}
	return out
}

// budget counts the metadata bytes a File has parsed.
type budget struct {
	limit int64
	used  atomic.Int64
}

func (b *budget) take(n int64, structure string, off int64) error {
	if b.used.Add(n) > b.limit {
		return &BudgetError{Limit: b.limit, Structure: structure, Offset: off}
	}
	return nil
}

// readMeta returns the n bytes of metadata at address addr (relative to
// the base address), checked against the end of the file and the budget.
func (f *File) readMeta(ctx context.Context, addr uint64, n int64, structure string) ([]byte, error) {
	abs, err := f.abs(addr, n, structure)
	if err != nil {
		return nil, err
	}
	if err := f.budget.take(n, structure, abs); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	b, err := f.cache.read(ctx, abs, n)
	if err != nil {
		return nil, fmt.Errorf("reading the %s at offset %d: %w", structure, abs, err)
	}
	return b, nil
}

// readUpTo returns at most n bytes at addr: fewer when the file ends
// first (for structures whose length is known only once read).
func (f *File) readUpTo(ctx context.Context, addr uint64, n int64, structure string) ([]byte, error) {
	if addr == undef || addr > uint64(f.size) {
		return nil, formatErr(structure, -1, "address %s lies past the end of the file (%d bytes)", hexAddr(addr), f.size)
	}
	abs := int64(addr) + f.base
	if abs >= f.size {
		return nil, formatErr(structure, abs, "lies past the end of the file (%d bytes)", f.size)
	}
	return f.readMeta(ctx, addr, min(n, f.size-abs), structure)
}

// abs returns the absolute offset of address addr, checking that n bytes
// there lie inside the file.
func (f *File) abs(addr uint64, n int64, structure string) (int64, error) {
	if addr == undef {
		return 0, formatErr(structure, -1, "its address is undefined")
	}
	if n < 0 || addr > uint64(f.size) || int64(addr) > f.size-f.base || n > f.size-f.base-int64(addr) {
		return 0, formatErr(structure, -1, "%d bytes at address %d (offset %d) lie past the end of the file (%d bytes)", n, addr, int64(addr)+f.base, f.size)
	}
	return int64(addr) + f.base, nil
}
