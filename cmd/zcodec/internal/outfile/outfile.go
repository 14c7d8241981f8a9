package outfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Error reports an output file that cannot be created or written. Path is
// the name the user gave; Err the underlying error (errors.Is works on it,
// for instance with fs.ErrNotExist or fs.ErrPermission).
type Error struct {
	Path string
	Err  error
}

func (e *Error) Error() string {
	if e.Path == "" {
		return "output file: " + e.Err.Error()
	}
	return fmt.Sprintf("cannot write %s: %v", e.Path, e.Err)
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Sentinel causes, wrapped by *Error.
var (
	// ErrEmptyPath is the cause when the path is "".
	ErrEmptyPath = errors.New("the file name is empty")
	// ErrIsDirectory is the cause when the path names a directory.
	ErrIsDirectory = errors.New("it is a directory")
	// ErrFinished is the cause of a Write or Commit after Commit or Abort.
	ErrFinished = errors.New("the file was already committed or aborted")
)

// File is an output file being written. Write to it, then call Commit to
// make the data appear at the path, or Abort to leave the path as it was.
// A File is not safe for concurrent use.
type File struct {
	path   string   // as the user gave it
	target string   // the file that receives the data, after symlinks
	f      *os.File // the temporary file, or the target when written through
	temp   string   // the temporary file's name; "" when written through
	// inPlace: Commit copies the temporary file into target instead of
	// renaming it (target has several hard links).
	inPlace bool
	done    bool
}

// Create prepares path for writing (see the package documentation).
func Create(path string) (*File, error) {
	if path == "" {
		return nil, &Error{Path: path, Err: ErrEmptyPath}
	}
	fi, err := os.Stat(path)
	switch {
	case err == nil && fi.IsDir():
		return nil, &Error{Path: path, Err: ErrIsDirectory}
	case err == nil && !fi.Mode().IsRegular():
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, &Error{Path: path, Err: Cause(err)}
		}
		return &File{path: path, target: path, f: f}, nil
	case err == nil:
		target, err := filepath.EvalSymlinks(path)
		if err != nil {
			return nil, &Error{Path: path, Err: Cause(err)}
		}
		out := &File{path: path, target: target, inPlace: linkCount(fi) > 1}
		if err := out.createTemp(fi); err != nil {
			return nil, err
		}
		return out, nil
	case errors.Is(err, fs.ErrNotExist):
		target, err := danglingTarget(path)
		if err != nil {
			return nil, &Error{Path: path, Err: err}
		}
		out := &File{path: path, target: target}
		if err := out.createTemp(nil); err != nil {
			return nil, err
		}
		return out, nil
	}
	return nil, &Error{Path: path, Err: Cause(err)}
}

// danglingTarget follows the symbolic links of a path that does not
// resolve to an existing file, and returns the name of the file to create.
func danglingTarget(path string) (string, error) {
	p := path
	for hops := 0; ; hops++ {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			dir := filepath.Dir(p)
			if _, derr := os.Stat(dir); errors.Is(derr, fs.ErrNotExist) {
				return "", fmt.Errorf("directory %s does not exist", dir)
			}
			return p, nil
		}
		if err != nil {
			return "", Cause(err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		if hops == 40 {
			return "", errors.New("too many levels of symbolic links")
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", Cause(err)
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
}

// createTemp creates the temporary file beside the target. existing is the
// target's FileInfo when it exists: its permissions (and owner) are copied.
func (f *File) createTemp(existing fs.FileInfo) error {
	dir, base := filepath.Split(f.target)
	if dir == "" {
		dir = "."
	}
	for range 100 {
		var rnd [6]byte
		_, _ = rand.Read(rnd[:])
		name := filepath.Join(dir, "."+base+".tmp"+hex.EncodeToString(rnd[:]))
		// 0666 and O_EXCL: the kernel applies the umask (and a default
		// ACL) exactly as for os.Create.
		tf, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return &Error{Path: f.path, Err: fmt.Errorf("directory %s does not exist", filepath.Clean(dir))}
			}
			return &Error{Path: f.path, Err: Cause(err)}
		}
		f.f, f.temp = tf, name
		if existing != nil && !f.inPlace {
			if err := tf.Chmod(existing.Mode().Perm()); err != nil {
				f.Abort()
				return &Error{Path: f.path, Err: Cause(err)}
			}
			keepOwner(tf, existing)
		}
		return nil
	}
	return &Error{Path: f.path, Err: errors.New("cannot find a free temporary file name")}
}

// Name returns the path as given to Create.
func (f *File) Name() string { return f.path }

// Write writes p to the file. An error names the user's path.
func (f *File) Write(p []byte) (int, error) {
	if f.done {
		return 0, &Error{Path: f.path, Err: ErrFinished}
	}
	n, err := f.f.Write(p)
	if err != nil {
		return n, &Error{Path: f.path, Err: Cause(err)}
	}
	return n, nil
}

// ReadFrom copies r to the file, so that io.Copy uses the file's own
// fast paths.
func (f *File) ReadFrom(r io.Reader) (int64, error) {
	if f.done {
		return 0, &Error{Path: f.path, Err: ErrFinished}
	}
	n, err := f.f.ReadFrom(r)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && pe.Path == f.f.Name() {
			return n, &Error{Path: f.path, Err: pe.Err}
		}
	}
	return n, err
}

// Commit makes the written data appear at the path: it renames the
// temporary file into place (or copies it into a hard-linked file), or
// closes a file written through. After an error the path is as it was,
// except for the hard-linked case described in the package documentation.
func (f *File) Commit() error {
	if f.done {
		return &Error{Path: f.path, Err: ErrFinished}
	}
	f.done = true
	if f.temp == "" {
		if err := f.f.Close(); err != nil {
			return &Error{Path: f.path, Err: Cause(err)}
		}
		return nil
	}
	if err := f.f.Sync(); err != nil {
		f.discard()
		return &Error{Path: f.path, Err: Cause(err)}
	}
	if err := f.f.Close(); err != nil {
		os.Remove(f.temp)
		return &Error{Path: f.path, Err: Cause(err)}
	}
	if f.inPlace {
		err := copyInto(f.target, f.temp)
		os.Remove(f.temp)
		if err != nil {
			return &Error{Path: f.path, Err: Cause(err)}
		}
		return nil
	}
	if err := os.Rename(f.temp, f.target); err != nil {
		os.Remove(f.temp)
		return &Error{Path: f.path, Err: Cause(err)}
	}
	return nil
}

// Abort discards what was written: the temporary file is removed and the
// path is left as it was (a device or FIFO written through has received
// what was written before). Abort after Commit or Abort does nothing.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	if f.temp == "" {
		f.f.Close()
		return
	}
	f.discard()
}

func (f *File) discard() {
	f.f.Close()
	os.Remove(f.temp)
}

// copyInto overwrites target in place with the contents of the file src.
func copyInto(target, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(target, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// Cause strips the operation and file name of an *fs.PathError or
// *os.LinkError, which would name a temporary file or repeat the path the
// caller names itself.
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
