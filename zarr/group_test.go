package zarr

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/region"
	"github.com/zcodec/zcodec/store"
)

func TestGroups(t *testing.T) {
	ctx := context.Background()
	s := store.NewMemory()
	if _, err := CreateGroup(ctx, s, "", []byte(`{"title": "t"}`)); err != nil {
		t.Fatal(err)
	}
	CreateGroup(ctx, s, "sub", nil)
	create(t, s, "sub/a", newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	b := create(t, s, "b", newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	Write(ctx, b, region.Whole([]int64{4}), []uint8{1, 2, 3, 4})
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	var attrs bytes.Buffer
	json.Compact(&attrs, g.Attributes())
	if attrs.String() != `{"title":"t"}` || g.Format() != 3 || g.Consolidated() {
		t.Errorf("group: %s %d %v", g.Attributes(), g.Format(), g.Consolidated())
	}
	nodes, err := g.Members(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(describe(nodes)); got != "[b:array sub:group sub/a:array]" {
		t.Errorf("members %s", got)
	}
	a, err := nodes[0].OpenArray(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := Read[uint8](ctx, a, region.Whole([]int64{4})); fmt.Sprint(v) != "[1 2 3 4]" {
		t.Errorf("array b through its node: %v", v)
	}
	if _, err := OpenGroup(ctx, s, "b"); !errors.Is(err, ErrNotGroup) {
		t.Errorf("OpenGroup of an array: %v", err)
	}
	if _, err := Open(ctx, s, "sub", nil); !errors.Is(err, ErrNotArray) {
		t.Errorf("Open of a group: %v", err)
	}
	if _, err := Open(ctx, s, "nothing", nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Open of nothing: %v", err)
	}
	if _, err := OpenGroup(ctx, s, "../x"); err == nil {
		t.Error("OpenGroup of an escaping path succeeded")
	}
}

func TestConsolidatedV3(t *testing.T) {
	ctx := context.Background()
	s := store.NewCounting(store.NewMemory())
	s.Set(ctx, "zarr.json", []byte(`{"zarr_format":3,"node_type":"group","attributes":{},
	 "consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{
	  "x":{"zarr_format":3,"node_type":"array","shape":[3],"data_type":"uint8",
	       "chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},
	       "chunk_key_encoding":{"name":"default"},"fill_value":7,"codecs":["bytes"]},
	  "g":{"zarr_format":3,"node_type":"group"}}}}`))
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	s.Reset()
	nodes, err := g.Members(ctx)
	if err != nil || fmt.Sprint(describe(nodes)) != "[g:group x:array]" {
		t.Fatalf("members %v, %v", describe(nodes), err)
	}
	a, err := nodes[1].OpenArray(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reqs := s.Requests(); len(reqs) != 0 {
		t.Errorf("consolidated members read the store: %+v", reqs)
	}
	if v, _ := Read[uint8](ctx, a, region.Whole([]int64{3})); fmt.Sprint(v) != "[7 7 7]" {
		t.Errorf("values %v", v)
	}
}

func describe(nodes []Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, n.Path+":"+n.Kind)
	}
	return out
}

func TestListChunks(t *testing.T) {
	ctx := context.Background()
	for _, enc := range []string{"", `{"name":"default","configuration":{"separator":"."}}`, `{"name":"v2"}`, `{"name":"v2","configuration":{"separator":"/"}}`} {
		s := store.NewMemory()
		a := create(t, s, "arr", newMeta(t, []int64{5, 4}, []int{2, 2}, numeric.Uint8, "0", `["bytes"]`, enc), 1)
		Write(ctx, a, region.FromShape([]int64{0, 0}, []int64{3, 2}), []uint8{1, 2, 3, 4, 5, 6})
		s.Set(ctx, a.ChunkKey([]int64{7, 0}), []byte("stray"))
		s.Set(ctx, "arr/notes.txt", []byte("x"))
		st, err := a.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Total != 6 || st.Present != 2 || st.Stray != 1 || st.StoredBytes != 8 {
			t.Errorf("%s: stats %+v", enc, st)
		}
	}
}

// TestConsolidatedMemberPaths checks that a consolidated member whose path
// names the group itself is refused with a reason.
func TestConsolidatedMemberPaths(t *testing.T) {
	for _, rel := range []string{"", "/", "a//b", ".."} {
		doc := `{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","metadata":{` + strconv.Quote(rel) + `:{}}}}`
		_, err := parseV3Group([]byte(doc))
		if err == nil || strings.Contains(err.Error(), "<nil>") {
			t.Errorf("member %q: error %v, want a reason", rel, err)
		}
	}
}

// extraListing lists the keys of extra besides those of the store, as a
// directory store lists names it cannot turn into keys.
type extraListing struct {
	store.Store
	extra []string
}

func (x extraListing) List(ctx context.Context, prefix string, fn func(store.Entry) error) error {
	if err := x.Store.List(ctx, prefix, fn); err != nil {
		return err
	}
	for _, k := range x.extra {
		if strings.HasPrefix(k, prefix) {
			if err := fn(store.Entry{Key: k, Size: 2}); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestMembersReportsUndecodable: names that are not keys (invalid UTF-8,
// a backslash) and metadata that cannot be read are reported by Members,
// raw, beside the members it could read; names inside an array are the
// array's.
func TestMembersReportsUndecodable(t *testing.T) {
	ctx := context.Background()
	mem := store.NewMemory()
	if _, err := CreateGroup(ctx, mem, "", nil); err != nil {
		t.Fatal(err)
	}
	create(t, mem, "good", newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	s := unreadableStore{
		Store: extraListing{mem, []string{"bad\xff/zarr.json", "bad\xff/c/0", `back\slash/.zgroup`, "good/c/\xfe", "fifo/zarr.json"}},
		bad:   map[string]error{"fifo/zarr.json": errors.New("not a regular file (p---------)")},
	}
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	var me *MembersError
	if !errors.As(err, &me) {
		t.Fatalf("Members: %v, want a *MembersError", err)
	}
	if len(nodes) != 1 || nodes[0].Path != "good" {
		t.Errorf("nodes %v, want good", nodes)
	}
	var keys []string
	for _, p := range me.Problems {
		keys = append(keys, p.Key)
	}
	want := []string{"bad\xff/c/0", "bad\xff/zarr.json", `back\slash/.zgroup`, "fifo/zarr.json"}
	sort.Strings(want)
	if !slices.Equal(keys, want) {
		t.Errorf("problems %q, want %q", keys, want)
	}
	if !errors.Is(err, store.ErrInvalidKey) || strings.ContainsRune(err.Error(), 0xff) || strings.Contains(err.Error(), "\xff") {
		t.Errorf("error %q: want ErrInvalidKey matched and the names escaped", err)
	}
}

// TestMembersUndecodableInDirectory: a directory whose name is not valid
// UTF-8, holding an array, is reported by Members over a directory store,
// once the store lists such names (a store that drops them is skipped).
func TestMembersUndecodableInDirectory(t *testing.T) {
	ctx := context.Background()
	d, root := tempDirStore(t)
	CreateGroup(ctx, d, "", nil)
	create(t, d, "good", newMeta(t, []int64{4}, []int{2}, numeric.Uint8, "0", `["bytes"]`, ""), 1)
	if err := os.Mkdir(filepath.Join(root, "bad\xff"), 0o777); err != nil {
		t.Skip(err)
	}
	zj, _ := d.Get(ctx, "good/zarr.json", store.NoLimit)
	os.WriteFile(filepath.Join(root, "bad\xff", "zarr.json"), zj, 0o666)
	seen := false
	d.List(ctx, "", func(e store.Entry) error {
		seen = seen || strings.HasPrefix(e.Key, "bad") // raw, or escaped for display
		return nil
	})
	if !seen {
		t.Skip("the directory store does not list names that are not keys")
	}
	g, err := OpenGroup(ctx, d, "")
	if err != nil {
		t.Fatal(err)
	}
	nodes, err := g.Members(ctx)
	var me *MembersError
	if !errors.As(err, &me) || len(nodes) != 1 || !strings.Contains(me.Problems[0].Key, "bad\xff") {
		t.Errorf("Members: %v, %v; want good and a problem naming bad\\xff", nodes, err)
	}
}

// TestConsolidatedMembersNamingOneNode checks that consolidated metadata
// whose members name one node by different spellings ("a", "/a", "a/")
// is refused, naming both keys with the JSON pointer of the later one,
// the same way every time, rather than opening one of them at random.
func TestConsolidatedMembersNamingOneNode(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	member := func(dt string) string {
		return `{"zarr_format":3,"node_type":"array","shape":[2],"data_type":"` + dt + `",` +
			`"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},` +
			`"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":["bytes"]}`
	}
	doc := `{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","metadata":{` +
		`"a":` + member("uint8") + `,"/a":` + member("int8") + `,"a/":` + member("uint16") + `}}}`
	var first string
	for i := range 20 {
		s := store.NewMemory()
		s.Set(ctx, "zarr.json", []byte(doc))
		_, err := OpenGroup(ctx, s, "")
		var me *MetadataError
		if !errors.As(err, &me) {
			t.Fatalf("OpenGroup: %v, want a *MetadataError", err)
		}
		if me.Pointer != "/consolidated_metadata/metadata/~1a" || !strings.Contains(me.Reason, `"a"`) || !strings.Contains(me.Reason, `"/a"`) {
			t.Errorf("error %+v: want the pointer of \"/a\" and both keys", me)
		}
		if i == 0 {
			first = err.Error()
		} else if err.Error() != first {
			t.Fatalf("error changed between opens: %q, then %q", first, err)
		}
	}
}

// TestGroupMetadataWrongTypes checks that a group's zarr.json with a
// value of the wrong JSON type is refused with the JSON pointer of the
// value and what was expected in plain words, never a Go type.
func TestGroupMetadataWrongTypes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct{ doc, pointer, want string }{
		{`{"zarr_format":3,"node_type":"group","consolidated_metadata":7}`, "/consolidated_metadata", "an object"},
		{`{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":3,"metadata":{}}}`, "/consolidated_metadata/kind", "a string"},
		{`{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","metadata":[]}}`, "/consolidated_metadata/metadata", "an object"},
		{`{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","metadata":{"a":7}}}`, "/consolidated_metadata/metadata/a", "an object"},
		{`{"zarr_format":"3","node_type":"group"}`, "/zarr_format", "3"},
		{`{"zarr_format":3,"node_type":5}`, "/node_type", `"group"`},
		{`{"zarr_format":3,"node_type":"group","attributes":5}`, "/attributes", "an object"},
		{`[1]`, "", "an object"},
	} {
		s := store.NewMemory()
		s.Set(ctx, "zarr.json", []byte(c.doc))
		_, err := OpenGroup(ctx, s, "")
		var me *MetadataError
		if !errors.As(err, &me) {
			t.Errorf("%s: %v, want a *MetadataError", c.doc, err)
			continue
		}
		msg := err.Error()
		if me.File != "zarr.json" || me.Pointer != c.pointer || !strings.Contains(me.Reason, c.want) ||
			strings.Contains(msg, "Go ") || strings.Contains(msg, "struct") || strings.Contains(msg, "cannot unmarshal") {
			t.Errorf("%s: %+v (%q): want pointer %q and %q in plain words", c.doc, me, msg, c.pointer, c.want)
		}
	}
	for _, doc := range []string{`[1]`, `{"metadata":7,"zarr_consolidated_format":1}`, `{"metadata":{},"zarr_consolidated_format":"1"}`} {
		s := store.NewMemory()
		s.Set(ctx, ".zgroup", []byte(`{"zarr_format":2}`))
		s.Set(ctx, ".zmetadata", []byte(doc))
		_, err := OpenGroup(ctx, s, "")
		var me *MetadataError
		if !errors.As(err, &me) || me.File != ".zmetadata" || strings.Contains(err.Error(), "Go ") {
			t.Errorf(".zmetadata %s: %v, want a *MetadataError in plain words", doc, err)
		}
	}
}

// TestV2ArrayMetadataWrongType checks that a .zarray that is not a JSON
// object is refused in plain words, never with a Go type.
func TestV2ArrayMetadataWrongType(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, doc := range []string{`[1]`, `7`, `{"dtype":7,"fill_value":0}`} {
		s := store.NewMemory()
		s.Set(ctx, ".zarray", []byte(doc))
		_, err := Open(ctx, s, "", nil)
		if err == nil || strings.Contains(err.Error(), "Go ") || strings.Contains(err.Error(), "cannot unmarshal") {
			t.Errorf(".zarray %s: %v, want a reason in plain words", doc, err)
		}
	}
}
