package main

import "strings"

// nodeName names the node at inStore (its path in the store, "" for the
// root) of the store the user gave as userPath, the way the user would
// write it: userPath itself for the root ("data/x.zarr",
// "s3://bucket/x.zarr", credentials never shown), userPath/inStore below
// it ("data/x.zarr/temp", "s3://bucket/x.zarr/group/temp"), an unusual
// name escaped.
func nodeName(userPath, inStore string) string {
	base := shown(userPath)
	inStore = strings.Trim(inStore, "/")
	if inStore == "" {
		return base
	}
	return strings.TrimSuffix(base, "/") + "/" + strings.TrimPrefix(memberName(inStore), "/")
}
