package h5file

import (
	"context"
)

// maxBTreeDepth bounds the depth of every B-tree walked.
const maxBTreeDepth = 64

// btree1Node is one node of a version 1 B-tree ("TREE"): its keys and
// children (entries+1 keys around entries children).
type btree1Node struct {
	at       int64
	typ      int
	level    int
	keys     [][]byte
	children []uint64
}

// readBTree1Node reads the node at addr, whose keys are keySize bytes.
func (f *File) readBTree1Node(ctx context.Context, addr uint64, wantType, keySize int) (*btree1Node, error) {
	const structure = "v1 B-tree node"
	head := int64(8 + 2*f.so)
	b, err := f.readMeta(ctx, addr, head, structure)
	if err != nil {
		return nil, err
	}
	at := f.Offset(addr)
	c := newCursor(b, at, structure, f.so, f.sl)
	if !c.signature("TREE") {
		return nil, c.err
	}
	n := &btree1Node{at: at, typ: int(c.u8()), level: int(c.u8())}
	entries := int(c.u16())
	if c.err != nil {
		return nil, c.err
	}
	if n.typ != wantType {
		return nil, formatErr(structure, at, "node type %d, want %d", n.typ, wantType)
	}
	body := int64(entries)*int64(keySize+f.so) + int64(keySize)
	if body > f.size {
		return nil, formatErr(structure, at, "%d entries do not fit the file", entries)
	}
	b, err = f.readMeta(ctx, addr, head+body, structure)
	if err != nil {
		return nil, err
	}
	c = newCursor(b[head:], at+head, structure, f.so, f.sl)
	n.keys = make([][]byte, 0, entries+1)
	n.children = make([]uint64, 0, entries)
	for range entries {
		n.keys = append(n.keys, c.bytes(keySize))
		n.children = append(n.children, c.addr())
	}
	n.keys = append(n.keys, c.bytes(keySize))
	return n, c.err
}

// walkBTree1 calls leaf for every child of every leaf node (level 0) of the
// v1 B-tree at addr, with the key before it, in order. Nodes are visited
// once: a tree whose nodes point back is an error.
func (f *File) walkBTree1(ctx context.Context, addr uint64, typ, keySize int, leaf func(key []byte, child uint64) error) error {
	seen := map[uint64]bool{}
	var walk func(addr uint64, depth, wantLevel int) error
	walk = func(addr uint64, depth, wantLevel int) error {
		if depth > maxBTreeDepth {
			return formatErr("v1 B-tree node", f.Offset(addr), "the tree is deeper than %d levels", maxBTreeDepth)
		}
		if seen[addr] {
			return formatErr("v1 B-tree node", f.Offset(addr), "reached twice: the tree has a cycle")
		}
		seen[addr] = true
		n, err := f.readBTree1Node(ctx, addr, typ, keySize)
		if err != nil {
			return err
		}
		if wantLevel >= 0 && n.level != wantLevel {
			return formatErr("v1 B-tree node", n.at, "level %d under a node of level %d", n.level, wantLevel+1)
		}
		for i, child := range n.children {
			if n.level == 0 {
				if err := leaf(n.keys[i], child); err != nil {
					return err
				}
				continue
			}
			if err := walk(child, depth+1, n.level-1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(addr, 0, -1)
}
