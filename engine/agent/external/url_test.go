package external

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
)

// TestURLAgentRedirects: a url: agent follows a few redirects to its own
// host, none to another, and never quotes another host's answer.
func TestURLAgentRedirects(t *testing.T) {
	var otherHits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		http.Error(w, "OTHER-HOST-SECRET", http.StatusInternalServerError)
	}))
	defer other.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("/answer", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, `{"action": 3}`) })
	mux.HandleFunc("/same", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/answer", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/x", http.StatusTemporaryRedirect)
	})
	mux.HandleFunc("/away-get", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/x", http.StatusFound)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusTemporaryRedirect)
	})
	ts := httptest.NewServer(mux)
	defer ts.Close()
	for _, tt := range []struct {
		path    string
		wantCol int    // when wantErr is ""
		wantErr string // a piece of the error
	}{
		{"/same", 3, ""},
		{"/away", 0, "not followed (another host than " + ts.URL + ")"},
		{"/away-get", 0, "redirected to " + other.URL + "/x"},
		{"/loop", 0, fmt.Sprintf("not followed (over %d redirects)", maxRedirects)},
	} {
		t.Run(tt.path, func(t *testing.T) {
			a := newAgent(t, "url:"+ts.URL+tt.path, generous)
			col, err := a.Move(context.Background(), board.Position{})
			switch {
			case tt.wantErr == "" && (err != nil || col != tt.wantCol):
				t.Errorf("Move = %d, %v; want %d", col, err, tt.wantCol)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Move = %d, %v; want an error saying %q", col, err, tt.wantErr)
			case err != nil && strings.Contains(err.Error(), "OTHER-HOST-SECRET"):
				t.Errorf("the error quotes the other host's answer: %v", err)
			}
		})
	}
	if n := otherHits.Load(); n > 0 {
		t.Errorf("the other host was asked %d times", n)
	}
}

// TestURLAgentCredentials: the credentials of a url: agent's URL appear
// in no name or error, and are sent as the URL says.
func TestURLAgentCredentials(t *testing.T) {
	var gotAuth atomic.Value
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		user, password, _ := r.BasicAuth()
		gotAuth.Store(user + ":" + password)
		http.Error(w, "no", http.StatusTeapot)
	}))
	defer ts.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	withUser := func(base, userinfo string) string {
		u, _ := url.Parse(base)
		return u.Scheme + "://" + userinfo + "@" + u.Host + "/agent"
	}
	for _, tt := range []struct {
		name, url, secret, wantName string
		wantAuth                    string // user:password the server gets, if it is up
	}{
		{"password", withUser(ts.URL, "alice:s3cret"), "s3cret", "alice:xxxxx@", "alice:s3cret"},
		{"token", withUser(ts.URL, "TOKEN123"), "TOKEN123", "//xxxxx@", "TOKEN123:"},
		{"password, no server", withUser(closed.URL, "alice:s3cret"), "s3cret", "alice:xxxxx@", ""},
		{"token, no server", withUser(closed.URL, "TOKEN123"), "TOKEN123", "//xxxxx@", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a := newAgent(t, "url:"+tt.url, generous)
			if name := a.Name(); strings.Contains(name, tt.secret) || !strings.Contains(name, tt.wantName) {
				t.Errorf("Name() = %q; want %q and not %q", name, tt.wantName, tt.secret)
			}
			_, err := a.Move(context.Background(), board.Position{})
			if err == nil || strings.Contains(err.Error(), tt.secret) {
				t.Errorf("Move: %v; want an error without %q", err, tt.secret)
			}
			if got := gotAuth.Swap(""); tt.wantAuth != "" && got != tt.wantAuth {
				t.Errorf("the server got credentials %q, want %q", got, tt.wantAuth)
			}
		})
	}
	for _, spec := range []string{"url:ftp://alice:s3cret@x/", "url:http://alice:s3cret@[::1/", "url:alice:s3cret@host/"} {
		if _, err := New(spec, Options{}); err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("New(%q): %v; want an error without the password", spec, err)
		}
	}
}

func TestRedactURL(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"http://host:8080/a?b=c", "http://host:8080/a?b=c"},
		{"http://alice:s3cret@host/a", "http://alice:xxxxx@host/a"},
		{"https://TOKEN@host", "https://xxxxx@host"},
		{"http://alice:s3cret@[::1/x", "http://xxxxx@[::1/x"},
		{"alice:s3cret@host/x", "xxxxx@host/x"},
		{"http://a@b:c@host/x@y", "http://a%40b:xxxxx@host/x@y"},
		{"%zz", "%zz"},
	} {
		if got := redactURL(tt.in); got != tt.want {
			t.Errorf("redactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzRedactURL: no password survives redaction, whatever the URL.
func FuzzRedactURL(f *testing.F) {
	for _, s := range []string{"http://alice:s3cret@host/a", "https://TOKEN@host", "http://a:b@[::1", "x:y@z", "", "%zz@", "//u:p@h?q#f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got := redactURL(raw)
		if u, err := url.Parse(raw); err == nil && u.User != nil {
			if p, ok := u.User.Password(); ok && len(p) > 3 && strings.Contains(got, p) && !strings.Contains(u.Host+u.Path, p) {
				t.Errorf("redactURL(%q) = %q keeps the password", raw, got)
			}
		}
	})
}
