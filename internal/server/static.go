package server

import (
	"embed"
	"io/fs"
	"net/http"
)

// webFiles is the web app: plain HTML, CSS and JavaScript, no third-party
// code, so that the page works offline.
//
//go:embed web
var webFiles embed.FS

// staticHandler serves the embedded web app, index.html at "/", with
// headers that keep the page to its own files.
func staticHandler() http.Handler {
	root, err := fs.Sub(webFiles, "web")
	if err != nil {
		panic(err) // "web" is embedded above: this cannot fail
	}
	files := http.FileServerFS(root)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		if r.URL.Path == "/favicon.ico" {
			// Browsers and tools ask for it without reading the page's
			// link; answer with the SVG icon rather than a 404.
			r2 := *r
			r2.URL = new(*r.URL)
			r2.URL.Path = "/favicon.svg"
			r = &r2
		}
		files.ServeHTTP(w, r)
	})
}
