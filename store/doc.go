// Package store holds the key-value stores that Zarr arrays live in: a
// directory on disk (the default), memory, and HTTP(S) for reading, behind
// one small interface, Store.
//
// Specification: the abstract store interface of Zarr v3 core,
// https://zarr-specs.readthedocs.io/en/latest/v3/core/index.html#abstract-store-interface:
// keys are strings of "/"-separated segments, values are byte strings, and a
// store can get a whole value or a byte range of it, set and delete values,
// and list the keys under a prefix.
//
// # Keys
//
// A key is one or more non-empty segments joined by "/": no leading or
// trailing "/", no empty segment, no "." or ".." segment, no NUL and no
// backslash (on every platform, so that a store written on one system
// means the same on another), and valid UTF-8. ValidKey checks this, and
// every store refuses any other key with an *InvalidKeyError, so no key can
// name a file outside a directory store's root. A prefix given to List is
// "" (everything) or a key followed by "/".
//
// # Byte ranges
//
// GetRange takes a byterange.Range, in the convention of HTTP range
// requests; package store/byterange describes it, with the interfaces
// Reader and Sizer of a value read by ranges, Bounds, and ErrRange, the
// error of a range that does not lie inside the value (stores never
// return fewer bytes than asked for).
//
// # Errors
//
// Every error of a store names the operation and the key (a *KeyError) and
// wraps the reason, so errors.Is works on the sentinels: ErrNotFound for a
// key that holds no value, ErrInvalidKey, ErrUnreadable (a key that exists
// but is not a readable value: a FIFO, a device, a link out of the store or
// to nothing, a directory, which also matches ErrIsDirectory), ErrTooLarge
// (a value longer than the caller's limit), byterange.ErrRange,
// ErrReadOnly (Set or Delete on a read-only store), ErrForbidden (a
// server's 403), and errors.ErrUnsupported (List on a store that cannot
// list, such as HTTP). An HTTP store adds *HTTPError (a status
// that is neither success nor "not found"), *ResponseError (a success that
// does not answer the request), *RedirectError and *TimeoutError (matched
// by context.DeadlineExceeded). Context errors pass through wrapped, so
// errors.Is(err, context.Canceled) works too.
//
// # Choices
//
//   - Get takes a size limit: a value longer than the limit is ErrTooLarge,
//     found without reading or allocating more than the limit (a directory
//     store checks the file's size; an HTTP store stops reading). Readers of
//     chunks pass the largest encoded chunk their codec chain allows.
//   - Delete of a key that holds no value succeeds: deleting is idempotent.
//   - List reports keys with their sizes when the store knows them cheaply
//     (-1 otherwise), in an order the store chooses (a memory store: sorted;
//     a directory store: as its concurrent walk finds them). A directory
//     store lists files, not directories, and skips the temporary files of
//     writes in progress.
//   - List reports what it cannot list, never drops it: an Entry with Err
//     set is something under the prefix that is not a value. A name that
//     is not a valid key (not UTF-8, a backslash) gives an Err matched by
//     ErrInvalidKey, and its Key is the path escaped as a Go string literal
//     without the quotes (printable, and never a valid key, so it cannot be
//     taken for one); the *InvalidKeyError holds the name as found, and a
//     directory of such a name is not descended into. A FIFO, a device, a
//     link out of the store, to nothing or to a directory (List does not
//     follow directory links), and a directory that cannot be read give an
//     Err matched by ErrUnreadable, with the key. Callers check Err on
//     every entry; a copy or a check that skips such entries must say so.
//   - A directory store tells a missing key from a link to nothing with one
//     more lookup after a failed open: a missing key costs two.
//   - A directory listing opens each directory from its parent's open
//     handle, so its cost is linear in the number of entries whatever the
//     depth (resolving each from the root would cost the square of the
//     depth); it holds about one open file per level of the deepest
//     directory being read. A link that leads up out of its own directory
//     is resolved again from the store's root.
//   - A directory store keeps open handles of the directories of the keys
//     it read lately (48, least recently used closed first; all closed by
//     Close), each confined to its directory as the root is, and opens a
//     key's file in its directory's handle, opening that handle from the
//     nearest held directory above it: reading the keys of a tree level by
//     level, as a walk of its groups does, costs a few lookups a key
//     whatever the depth (resolving each key from the root would cost the
//     square of the depth). The answer is always the one a lookup from the
//     root gives: whatever the held path cannot answer alike (a link that
//     leads up out of a held directory, even back into the store; a name
//     that is there but cannot be opened; no such file in a directory
//     since removed) is looked up again from the root. Set and Delete
//     close every held handle. A directory that another process renames
//     while its handle is held is still read where it now is (even out of
//     the store) until the handle is closed, as the store's root itself is
//     (os.Root follows a moved root); a directory removed, or replaced
//     after its removal, is never answered for by its old handle.
//   - Directory writes are atomic: the value goes to a temporary file in the
//     key's directory, which is renamed over the key, so a reader sees the
//     old value or the new one, never a part. Files are not synced to the
//     disk (as zarr-python's local store does); a crash of the machine, not
//     of the process, may lose recent writes.
//   - HTTP reads retry, with backoff, only what is safe to repeat (GET of a
//     whole value or a range) and only for failures that may pass: a
//     connection that broke, a timeout or a stall of one attempt, 429, 502,
//     503 and 504. 404 and 410 are ErrNotFound; any other status is an
//     *HTTPError.
//   - HTTP time is bounded three ways (HTTPOptions): Timeout bounds one
//     attempt, body included (DefaultTimeout, 30 s); StallTimeout ends an
//     attempt when no byte arrives for that long (DefaultStallTimeout,
//     20 s), so a silent or dripping server is cut off early; Deadline
//     bounds the whole request, its attempts and the waits between them,
//     from the start of its first attempt (DefaultDeadline, 2 min), so no
//     key costs more whatever the retries and Retry-After say, while a
//     request queued behind MaxInFlight others is not charged for the queue.
//     A wait that would pass the deadline is not started. Each bound ends
//     the request with a *TimeoutError naming it.
//   - HTTP memory grows with the bytes that arrive, never with a figure
//     from a request or a header: at most 64 KiB is allocated ahead on
//     the strength of a Content-Length or a range's length. A server that
//     ignores Range and answers 200 with the whole value is read only as
//     far as the range needs (for a suffix of unknown start, keeping only
//     the last bytes), so memory stays bounded by the range and by what
//     the server sent.
//   - A 206 answer must carry the range asked for: a Content-Range that
//     does not answer the Range header is a *ResponseError showing what the
//     server sent; only a value shorter than the range (a 206 up to its
//     end, as RFC 9110 has a server answer) is byterange.ErrRange. For a
//     suffix or an open-ended range the Content-Range must give the value's size
//     ("/SIZE", not "/*"): nothing else shows that the bytes reach its
//     end. The S3 store (store/s3store) applies the same check.
//   - HTTP redirects follow HTTPOptions.Redirects: RedirectSameOrigin (the
//     default) follows redirects within the base URL's origin (scheme,
//     host, port) and refuses any other with a *RedirectError naming both
//     origins; RedirectAnyOrigin follows any, but sends the configured
//     Header only to the base URL's origin; RedirectNone follows none. A
//     caller's Client is copied, and its own CheckRedirect runs after the
//     policy.
//   - Secrets are never shown: every error and String of the HTTP store
//     shows URLs as RedactURL does (userinfo and the values of query
//     parameters named like signatures, credentials and tokens replaced by
//     "xxxxx"). Origins in a *RedirectError hold no credentials.
//
// # Locations
//
// Open is the one place that turns a location string into a store, and
// ParseLocation the one parser of locations, for the command line and for
// library callers alike:
//
//   - A plain path, or a file:// URL, is a directory. A string is a URL
//     only when it starts with a scheme and "://", so every other string,
//     whatever it holds, is a path.
//   - http:// and https:// are the HTTP store, read-only: Open with
//     OpenOptions.Write refuses them (ErrReadOnly).
//   - Any other scheme is an object store, scheme://bucket/prefix, opened
//     by the Opener a package registered for it with RegisterScheme:
//     store/s3store registers s3:// and gs://. It is a package of its own
//     so that programs that never open an object store do not link its
//     SDK; Open of s3:// without it says which import it needs.
//   - Credentials never come from a location: a URL holding "@" anywhere
//     (user information, even one whose secret holds "/" and so seems to
//     end the host part early) is refused (ErrCredentialsInURL), and so
//     are queries and fragments,
//     which stores could not combine with keys and which is where signed
//     URLs carry their signatures. Object stores take credentials from
//     the environment. Errors about a location show it without its user
//     information, query or fragment, everything between "://" and the
//     last "@" removed, since a secret may hold "/" (AWS secret keys
//     often do).
//   - An object-store prefix is taken as written, not percent-decoded (as
//     the AWS and gcloud command lines take s3:// and gs:// paths; a prefix
//     holding "@" cannot be given as a URL, only to the package's own
//     constructor), and must be "" or a valid key: "s3://bucket/a//b" and "s3://bucket/../b"
//     are refused, not normalized into another prefix. One trailing "/" is
//     dropped.
//   - Open wraps a store in ReadOnly unless OpenOptions.Write is set. With
//     Write and Create it creates a missing directory; buckets are never
//     created.
//   - ConcurrencyHint tells readers how many requests a store serves well
//     at once: its MaxInFlight (HTTPOptions, 8 by default; ObjectOptions,
//     DefaultObjectInFlight, 64, by default: object stores answer after
//     tens of milliseconds but serve many requests at once).
//     ReadOnly and Counting forward it and io.Closer, reporting 0 (no
//     preference) and closing nothing over a store without them.
//
// # Files of other formats
//
// A file of another format that a package reads as a store (an HDF5 or a
// netCDF-4 file, read-only) opens through Open as a Zarr store does, once
// that package has registered its Format (RegisterFormat, from its init
// function, as image.RegisterFormat works). Open recognises such a file by
// its content, never by its name: it reads the first bytes of the file
// (the largest Format.HeadSize of the registered formats) and asks each
// format's Match, in the order of their names; the first that says yes
// opens the file (Format.Open), handed a *File that reads ranges of it
// (byterange.Reader, byterange.Sizer) through the store holding it, with
// those first bytes and the file's size already known. A location may
// also name a path inside a file ("data.nc/grp/var"): the format is then
// given the file and the rest of the path, "grp/var".
//
//   - A path that is a regular file is that file; a path that does not
//     exist, but whose longest existing ancestor is a regular file, is a
//     path inside that file. A link to the file is followed once, and the
//     file is read as a key of a directory store of its own directory,
//     which confines every read as a directory store confines keys. A
//     directory is a directory store, as before; a regular file that no
//     registered format recognises is the error it was ("not a
//     directory"), saying that no registered format recognises it.
//   - An http(s):// location, and an object-store one (s3://, gs://), is
//     probed: the location and each of its ancestors, up to 8 path
//     segments up but never the host or bucket itself, is read at once,
//     each with one ranged GET of the first bytes of that key (Range:
//     bytes=0-N), which also gives the value's size; the deepest that
//     exists and that a format recognises is the file. When none is, the
//     location opens as the store of keys it always was, after the
//     probes. So a Zarr prefix of depth d costs min(d, 9) requests more
//     at Open, sent at once; a file costs those requests and no other. A
//     probe of the location itself that finds no value (404, NoSuchKey)
//     or is refused (403, matched by ErrForbidden: S3 answers so for a
//     missing key to a caller who may not list the bucket, and web
//     servers for a directory without an index) says "not a file"; any
//     other failure of it is Open's error. Failures of the probes of
//     ancestors are taken for "not a file". The probes go through a
//     store of the host's or bucket's root with the location's options:
//     for an object store, Open calls the scheme's Opener for the bucket
//     root first, and then again for the location when it is no file.
//   - A store is probed only when it can read a value's first bytes and
//     learn its size in one request (HeadGetter: Dir, Memory, HTTP and
//     store/s3store's store do); when no format is registered, Open
//     probes nothing and sends no request, as before.
//   - The store a format opens is returned as it is, not wrapped in
//     ReadOnly: format stores are read-only themselves. Open with
//     OpenOptions.Write of a file location is an error matched by
//     ErrReadOnly ("FILE is an hdf5 file: it opens read-only"). Errors
//     are *LocationError values, as Open's others, and the format's
//     errors come wrapped in one, naming the format and the file.
package store
