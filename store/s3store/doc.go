// Package s3store is a store.Store over an S3-compatible object store:
// AWS S3, MinIO, Ceph, Cloudflare R2, and Google Cloud Storage through its
// XML interoperability API. It speaks S3 through the AWS SDK for Go v2
// (signing, endpoints, credentials), not through hand-written requests.
//
// Importing the package (usually blank, as
// `import _ "github.com/zcodec/zcodec/store/s3store"`) registers the s3://
// and gs:// schemes with store.RegisterScheme; New opens a store directly.
//
// # Choices
//
//   - A package of its own: the AWS SDK is a large dependency, and library
//     users who read local or HTTP arrays should not link it. Package store
//     describes object-store access as plain data (store.ObjectOptions) and
//     knows no SDK; only programs that import this package link it.
//   - Keys: store key "a/b" is the object "PREFIX/a/b" of the bucket (just
//     "a/b" without a prefix). String gives "s3://bucket/prefix" (or
//     "gs://..."), which holds no credential.
//   - Endpoint: store.ObjectOptions.Endpoint, else AWS_ENDPOINT_URL_S3,
//     else AWS_ENDPOINT_URL (both ignored when
//     AWS_IGNORE_CONFIGURED_ENDPOINT_URLS is true), else the shared
//     configuration's endpoint_url, else the provider's own. Whenever an
//     endpoint is given, requests are path-style (http://host/bucket/key):
//     MinIO, Ceph, R2, GCS and test servers all take it, and it needs no
//     DNS name per bucket. An endpoint is an http(s) URL with a host and
//     without userinfo, query or fragment: credentials never go in it.
//   - Region: the option, else the SDK's chain (AWS_REGION, the profile),
//     else "us-east-1" ("auto" for gs://, as GCS's XML API expects).
//   - Credentials come from the SDK's default chain only (environment,
//     shared files and the profile, web identity, container and instance
//     roles); Anonymous sends unsigned requests, for public buckets. No
//     error and no String shows a credential: errors are built from the
//     operation, the store's name, the status, the S3 error code and the
//     server's message, and the SDK's own logger is silenced (a library
//     does not write to its program's stderr). A failure of the
//     credentials chain is shown with the chain's message, except that
//     the output of a profile's credential_process (which the SDK repeats
//     when it does not parse, secret key included) is left out.
//   - Checksums "when required" (RequestChecksumCalculation and
//     ResponseChecksumValidation): by default the SDK adds CRC32 checksums
//     to every upload (as aws-chunked trailers) and checks them on every
//     download, which most servers other than AWS refuse or do not send.
//     Integrity of stored chunks is the codecs' business (crc32c, the
//     sharding index checksums), and the transport's (TLS).
//   - GCS: gs://bucket/prefix uses https://storage.googleapis.com (unless
//     an endpoint is given), path-style, signed with HMAC keys given as
//     AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or anonymous for
//     public buckets.
//   - Retries are the store's, not the SDK's (whose retryer is turned
//     off): an S3 read returns its body after the SDK call, so a connection
//     reset in the middle of a body, or a body shorter than its
//     Content-Length, can only be retried around the whole operation. An
//     attempt is retried when it may pass: no answer at all (a refused or
//     reset connection, a truncated or unreadable body, an attempt that
//     timed out), 429, any 5xx but 501, and the S3 codes SlowDown and
//     RequestTimeout (S3's "the connection was idle too long", which comes
//     with 400). No other 4xx is retried: it would be answered alike.
//     The wait before retry n is 100 ms (store.ObjectOptions.Backoff;
//     negative: none) doubling up to 5 s, with "equal
//     jitter" (between half and all of it), so that many readers
//     throttled together do not come back together; store.ObjectOptions.
//     Retries is the number of retries (default DefaultRetries, 5: about 3
//     s of waiting at most; negative: none). Every operation is
//     idempotent (GET, HEAD, PUT of a whole object, DELETE, a list page),
//     so every one is retried alike.
//   - store.ObjectOptions.Timeout bounds one attempt (default
//     store.DefaultTimeout; negative: no bound): the wait for the answer,
//     and then, for a read, every pause in its body, since each byte that
//     arrives gives the attempt the whole Timeout again. A large value
//     read steadily but slowly (64 shards of 64 MiB in flight share a
//     link: at 1 Gb/s each gets about 2 MB/s, half a minute a shard) is
//     not cut off, retried and cut off again; a body that stops is. A
//     body must also keep up store.ObjectOptions.MinRate (default
//     store.DefaultMinRate, 32 KiB/s): once it has taken longer than
//     Timeout plus a second for every MinRate bytes read, the attempt
//     ends with a *store.TimeoutError of "MinRate", so that a body sent a
//     byte at a time is not read for hours. A write (PutObject) is bounded
//     as a whole. The caller's context bounds the whole operation. A
//     timed-out attempt is a *store.TimeoutError (matched by
//     context.DeadlineExceeded) and is retried.
//   - The bodies the SDK reads whole are bounded: an error document to
//     MaxErrorBody (64 KiB), a ListObjectsV2 page to MaxListPage (8 MiB;
//     a page holds at most 1000 keys), before any of it is read when the
//     Content-Length says so. A longer one is an *AnswerTooLargeError,
//     not retried. A successful answer that does not parse (XML that is
//     not S3's) is a *ParseError, not retried either. The server's message
//     is shown as a short excerpt with its length.
//   - Redirects to another origin (scheme, host and port) are refused
//     with a *store.RedirectError, not retried, before anything (the
//     signature included) is sent there, as store.HTTP refuses them by
//     default; 307 and 308 within the origin are followed.
//   - Requests in flight: each store keeps at most MaxInFlight requests
//     going (default store.DefaultObjectInFlight, 64), a slot held from
//     sending a request to the last byte of its body and released while
//     waiting to retry; its HTTP transport keeps as many idle connections.
//     An object store answers each request after tens of milliseconds
//     whatever its size, so throughput comes from many requests in flight
//     (64 GETs of 256 KiB every 25 ms is about 670 MB/s), far more than
//     GOMAXPROCS; 64 stays well under S3's 5,500 GET/s per prefix and the
//     connection limits of small servers. PreferredConcurrency reports it
//     (store.ConcurrencyHint), so that readers of many chunks keep that
//     many in flight.
//   - Get checks the size limit against the Content-Length before reading
//     the body (a *store.TooLargeError); it allocates ahead no more than
//     1 MiB on the strength of an announced length, and a body that ends
//     short is retried, never returned.
//   - GetRange sends a Range header and accepts only a 206 whose
//     Content-Range is exactly the range asked for (of a value whose size
//     it states) and whose body is that long. A value shorter than the
//     range (S3 answers with what there is, or the whole value for a
//     suffix longer than it) is a *byterange.RangeError; any other
//     Content-Range, or none, is a *store.ResponseError, not retried (a
//     server that lies once lies again). An empty range (length 0) costs a
//     HEAD; so does a 416 answer, to tell an empty range at the very end
//     of the value (which S3 refuses) from one past it.
//   - GetHead (store.HeadGetter, with which store.Open recognises files
//     of the registered formats) is one GetObject of "bytes=0-(n-1)": the
//     object's size comes from the Content-Range (which must start at 0
//     and give the size), from the Content-Length of an answer holding
//     the whole object, or is 0 for InvalidRange (only an empty object
//     has no first byte) and MinIO's "bytes 0--1/0"; anything else is a
//     *store.ResponseError. An *Error of status 403 (AccessDenied, which
//     S3 answers for a missing key too to a caller who may not list the
//     bucket) matches store.ErrForbidden.
//   - List pages through ListObjectsV2 (1000 keys a page, the pages in
//     the order of the keys' UTF-8 bytes) with encoding-type=url, so that
//     any name survives the XML; fn runs between page requests, holding
//     no slot. A continuation token that comes again within a listing
//     ends it with an error (the pages would repeat forever). An object
//     whose name under the prefix is not a valid key is reported as
//     store.Dir reports one (an Entry whose Err matches
//     store.ErrInvalidKey, with the name escaped); folder markers (empty
//     objects named "dir/", which consoles create) are skipped.
//   - Set is one PutObject (up to S3's 5 GB for one request: chunks and
//     shards are far smaller); Delete is DeleteObject and succeeds for a
//     key that holds nothing.
//   - NoSuchKey and NotFound (a 404 without an error document, as HEAD
//     answers) are store.ErrNotFound; NoSuchBucket is not (a missing
//     bucket is not a missing key): it is an *Error, as every other failed
//     request is, naming the operation, the store, the status, the code,
//     the server's message and the attempts made.
//   - store.Open's schemes: s3://bucket/prefix and gs://bucket/prefix,
//     read-only (store.ReadOnly) unless store.OpenOptions.Write; buckets
//     are never created.
package s3store
