package store

import (
	"net/url"
	"strings"
)

// redacted replaces a secret in a URL shown in a message.
const redacted = "xxxxx"

// RedactURL returns the URL raw for display in a message or a log: its
// userinfo (user and password) becomes "xxxxx", and so does the value of
// every query parameter whose name suggests a secret (a name holding
// "sig", "token", "credential", "secret", "pass", "key", "auth" or
// "session", in any case: X-Amz-Signature, X-Amz-Credential,
// X-Amz-Security-Token, sig, token, api_key, ...). A string that does not
// parse as a URL loses everything between "//" and the last "@" of its
// authority. Every error and String of the HTTP store shows URLs this way.
func RedactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return redactUnparsed(raw)
	}
	return redactURL(u)
}

func redactURL(u *url.URL) string {
	if u.User == nil && u.RawQuery == "" {
		return u.String()
	}
	c := *u
	if c.User != nil {
		c.User = url.User(redacted)
	}
	c.RawQuery = redactQuery(c.RawQuery)
	return c.String()
}

// redactQuery keeps the order and spelling of a raw query and replaces the
// values of secret-looking parameters.
func redactQuery(q string) string {
	if q == "" {
		return q
	}
	parts := strings.Split(q, "&")
	for i, p := range parts {
		name, _, hasValue := strings.Cut(p, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if hasValue && secretName(name) {
			parts[i] = p[:strings.IndexByte(p, '=')+1] + redacted
		}
	}
	return strings.Join(parts, "&")
}

func secretName(name string) bool {
	name = strings.ToLower(name)
	for _, s := range []string{"sig", "token", "credential", "secret", "pass", "key", "auth", "session"} {
		if strings.Contains(name, s) {
			return true
		}
	}
	return false
}

// redactUnparsed drops the userinfo of a string that is not a URL, and its
// query, which cannot be told apart safely.
func redactUnparsed(raw string) string {
	s := raw
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i] + "?" + redacted
	}
	start := strings.Index(s, "//")
	if start < 0 {
		start = -2
	}
	auth := s[start+2:]
	if end := strings.IndexByte(auth, '/'); end >= 0 {
		auth = auth[:end]
	}
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		return s[:start+2] + redacted + s[start+2+at:]
	}
	return s
}
