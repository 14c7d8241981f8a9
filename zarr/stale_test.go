package zarr

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zcodec/zcodec/numeric"
	"github.com/zcodec/zcodec/store"
)

// unlisting is a store that cannot list, as an HTTP store.
type unlisting struct{ store.Store }

func (unlisting) List(context.Context, string, func(store.Entry) error) error {
	return fmt.Errorf("cannot list: %w", errors.ErrUnsupported)
}

// TestCheckConsolidated checks that a group's consolidated metadata is
// compared with each node's own: a member whose zarr.json was rewritten
// since is reported with the differing field and both values, one deleted
// since and one created since are reported too, and the consolidated
// copy is the one the group's members open with.
func TestCheckConsolidated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := store.NewMemory()
	if _, err := CreateGroup(ctx, s, "", nil); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a", "gone", "same"} {
		create(t, s, p, newMeta(t, []int64{4}, []int{4}, numeric.Uint8, "0", bytesLE, ""), 1)
	}
	if _, err := Consolidate(ctx, s, ""); err != nil {
		t.Fatal(err)
	}
	own, _ := s.Get(ctx, "a/zarr.json", -1)
	s.Set(ctx, "a/zarr.json", []byte(strings.Replace(string(own), `"uint8"`, `"int8"`, 1)))
	s.Delete(ctx, "gone/zarr.json")
	create(t, s, "late", newMeta(t, []int64{4}, []int{4}, numeric.Uint8, "0", bytesLE, ""), 1)

	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := g.CheckConsolidated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.String())
	}
	want := []string{
		`"/a": data_type is "uint8" in the consolidated metadata, "int8" in a/zarr.json; the consolidated metadata is used`,
		`"/gone": in the consolidated metadata but not in the store; the consolidated metadata is used (its chunks read as the fill value)`,
		`"/late": in the store but not in the consolidated metadata, so it is not a member of the group`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("mismatches:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(ms) > 0 && (len(ms[0].Fields) != 1 || ms[0].Fields[0].Field != "/data_type" || ms[0].Fields[0].File != "zarr.json") {
		t.Errorf("fields of /a: %+v", ms[0].Fields)
	}
	nodes, _ := g.Members(ctx)
	a, err := nodes[0].OpenArray(ctx, nil)
	if err != nil || nodes[0].Path != "a" || a.DataType() != numeric.Uint8 {
		t.Errorf("member %s opened as %v, %v; want the consolidated uint8", nodes[0].Path, a.DataType(), err)
	}

	ug, err := OpenGroup(ctx, unlisting{s}, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ug.CheckConsolidated(ctx); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("over a store that cannot list: %v, want errors.ErrUnsupported", err)
	}
}

// TestCheckConsolidatedV2 checks the comparison for a Zarr v2 group's
// .zmetadata: a .zarray rewritten since is reported by its field, and
// documents that agree are not.
func TestCheckConsolidatedV2(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := store.NewMemory()
	zarray := `{"zarr_format":2,"shape":[4],"chunks":[2],"dtype":"|u1","compressor":null,"fill_value":0,"filters":null,"order":"C"}`
	s.Set(ctx, ".zgroup", []byte(`{"zarr_format":2}`))
	s.Set(ctx, "a/.zarray", []byte(zarray))
	s.Set(ctx, "a/.zattrs", []byte(`{"units":"m"}`))
	s.Set(ctx, "b/.zarray", []byte(zarray))
	if _, err := Consolidate(ctx, s, ""); err != nil {
		t.Fatal(err)
	}
	s.Set(ctx, "a/.zarray", []byte(strings.Replace(zarray, `"|u1"`, `"|i1"`, 1)))
	s.Set(ctx, "b/.zarray", []byte(" "+zarray+"\n")) // the same document, spaced otherwise
	g, err := OpenGroup(ctx, s, "")
	if err != nil {
		t.Fatal(err)
	}
	ms, err := g.CheckConsolidated(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := `"/a": dtype is "|u1" in the consolidated metadata, "|i1" in a/.zarray; the consolidated metadata is used`
	if len(ms) != 1 || ms[0].String() != want {
		t.Errorf("mismatches %v, want [%s]", ms, want)
	}
}
