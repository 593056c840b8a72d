package external

import (
	"net/url"
	"strings"
)

// redactedUser stands for the credentials of a URL that c4 prints.
const redactedUser = "xxxxx"

// redactURL returns rawURL fit to print: the password of user:pass@ as
// xxxxx (url.URL.Redacted), and a user without a password, often a token,
// as xxxxx too. A URL that does not parse, or parses without a host
// ("user:pass@host" reads as scheme "user"), loses everything before the
// last @ of what would be its authority.
func redactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return redactAuthority(rawURL)
	}
	if u.User != nil {
		if _, hasPassword := u.User.Password(); !hasPassword {
			u.User = url.User(redactedUser)
		}
	}
	return u.Redacted()
}

// redactAuthority replaces the userinfo of a URL that does not parse: what
// comes before the last @ of its authority (after "//", up to the first /,
// ? or #).
func redactAuthority(rawURL string) string {
	start := 0
	if i := strings.Index(rawURL, "//"); i >= 0 {
		start = i + 2
	}
	end := len(rawURL)
	if i := strings.IndexAny(rawURL[start:], "/?#"); i >= 0 {
		end = start + i
	}
	at := strings.LastIndexByte(rawURL[start:end], '@')
	if at < 0 {
		return rawURL
	}
	return rawURL[:start] + redactedUser + rawURL[start+at:]
}
