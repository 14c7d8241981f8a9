package zarr

import (
	"reflect"

	"github.com/zcodec/zcodec/store"
)

// entryErr returns the error a store's listing gives with a key it found
// but cannot read (the Err field of store.Entry), or nil. The field is
// read by name so that this package builds whether or not store.Entry
// carries it; where it does, this is e.Err.
func entryErr(e store.Entry) error {
	f := reflect.ValueOf(e).FieldByName("Err")
	if !f.IsValid() || f.Kind() != reflect.Interface || f.IsNil() {
		return nil
	}
	err, _ := f.Interface().(error)
	return err
}
