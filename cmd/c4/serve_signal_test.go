//go:build unix

package main

import (
	"bufio"
	"bytes"
	"net/http"
	"os/exec"
	"regexp"
	"syscall"
	"testing"
	"time"
)

// TestServeSIGTERM runs c4 serve as a container platform does, checks
// /healthz, stops it with SIGTERM (docker stop, Kubernetes) and checks that
// it shuts down cleanly, exiting 0, as on Ctrl-C.
func TestServeSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4")
	}
	bin := buildC4(t)
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--tt-mb", "8", "--max-solves", "1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		t.Fatalf("c4 serve printed nothing: %v", lines.Err())
	}
	m := regexp.MustCompile(`listening on (http://\S+/)`).FindStringSubmatch(lines.Text())
	if m == nil {
		t.Fatalf("c4 serve's first line %q names no address", lines.Text())
	}
	res, err := http.Get(m[1] + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /healthz: status %d", res.StatusCode)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest bytes.Buffer
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("c4 serve after SIGTERM: %v, want a clean exit; stderr:\n%s", err, rest.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("c4 serve still runs 20 s after SIGTERM")
	}
	if !bytes.Contains(rest.Bytes(), []byte("shutting down")) {
		t.Errorf("c4 serve did not say it was shutting down:\n%s", rest.String())
	}
}
