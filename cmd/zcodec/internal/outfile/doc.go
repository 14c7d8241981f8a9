// Package outfile writes the output files of zcodec's commands (-o FILE) so
// that a failure never leaves a half-written file and nothing at the path is
// replaced by something of another kind.
//
// What Create does depends on what the path names:
//
//   - Nothing yet: the data go to a temporary file in the same directory,
//     created with mode 0666 minus the umask (what os.Create gives), and
//     Commit renames it into place.
//   - A regular file: the same, with the existing file's permission bits
//     (and, where the process may, its owner and group), so overwriting a
//     0644 file leaves a 0644 file.
//   - A regular file with more than one hard link: the data still go to a
//     temporary file first, and Commit copies them into the existing file
//     in place, so every link sees the new contents. A failure during that
//     final copy can leave the file partly written; a failure before
//     Commit leaves it untouched.
//   - A symbolic link: it is followed to its target, and the target is
//     written as above; the link itself stays. A dangling link creates its
//     target.
//   - Anything else (a character device such as /dev/null, a FIFO): the
//     path is opened for writing and written through. Nothing is created
//     or renamed.
//   - A directory, or "": an error.
//
// Errors are *Error values naming the path as the user gave it, never the
// temporary file. A caller that is interrupted (zcodec cancels its context
// on SIGINT and SIGTERM) calls Abort on its error path like on any other
// failure, which removes the temporary file.
package outfile
