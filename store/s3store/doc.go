// Package s3store is a store.Store over an S3-compatible object store
// (AWS S3, MinIO, Ceph, R2, and Google Cloud Storage through its XML
// interoperability API).
//
// It is a package of its own so that programs that never open an object
// store do not link the AWS SDK: importing it (usually blank, as
// `import _ "github.com/zcodec/zcodec/store/s3store"`) registers the s3://
// and gs:// schemes with store.Open.
package s3store
