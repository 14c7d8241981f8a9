package store

import (
	"strings"
	"unicode/utf8"
)

// ValidKey returns nil when key is a valid store key (see the package
// documentation) and an *InvalidKeyError saying why otherwise.
func ValidKey(key string) error {
	if key == "" {
		return &InvalidKeyError{Key: key, Reason: "empty"}
	}
	if err := checkChars(key); err != nil {
		return err
	}
	if key[0] == '/' {
		return &InvalidKeyError{Key: key, Reason: "starts with \"/\" (keys are relative to the store's root)"}
	}
	for seg := range strings.SplitSeq(key, "/") {
		switch seg {
		case "":
			return &InvalidKeyError{Key: key, Reason: "has an empty segment (\"//\" or a trailing \"/\")"}
		case ".", "..":
			return &InvalidKeyError{Key: key, Reason: "has a \"" + seg + "\" segment"}
		}
	}
	return nil
}

// ValidPrefix returns nil when prefix is "" or a valid key followed by "/".
func ValidPrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if !strings.HasSuffix(prefix, "/") {
		return &InvalidKeyError{Key: prefix, Reason: "a prefix is \"\" or a key followed by \"/\""}
	}
	return ValidKey(strings.TrimSuffix(prefix, "/"))
}

func checkChars(key string) error {
	if !utf8.ValidString(key) {
		return &InvalidKeyError{Key: key, Reason: "not valid UTF-8"}
	}
	if strings.IndexByte(key, 0) >= 0 {
		return &InvalidKeyError{Key: key, Reason: "contains NUL"}
	}
	if strings.IndexByte(key, '\\') >= 0 {
		return &InvalidKeyError{Key: key, Reason: "contains a backslash (keys separate segments with \"/\" on every platform)"}
	}
	return nil
}

// Join joins a node path and a key relative to it: Join("", "zarr.json")
// is "zarr.json", Join("a/b", "c/0") is "a/b/c/0". It does not validate.
func Join(path, key string) string {
	switch {
	case path == "":
		return key
	case key == "":
		return path
	}
	return path + "/" + key
}
