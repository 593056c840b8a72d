package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestSilentWhenNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	b := New(&buf, 10, "positions", "bench")
	b.Add(3)
	b.Set(7)
	b.Describe("other")
	b.Printf("a line\n")
	b.Close()
	if buf.Len() != 0 {
		t.Errorf("a bar on a buffer wrote %q", buf.String())
	}
	var nilBar *Bar
	nilBar.Add(1) // a nil bar is silent too
	nilBar.Close()
}

func TestDrawsCountRateAndTimeLeft(t *testing.T) {
	var buf bytes.Buffer
	b := newBar(&buf, 200, "positions", "n12.txt", true)
	b.Add(50)
	time.Sleep(2 * redraw) // the next step is drawn: the throttle has passed
	b.Add(50)
	out := buf.String()
	for _, want := range []string{"n12.txt", "100/200", "positions/s"} {
		if !strings.Contains(out, want) {
			t.Errorf("bar output lacks %q: %q", want, out)
		}
	}
	// The time left is shown as [elapsed:left].
	if !strings.Contains(out, ":") || !strings.Contains(out, "[") {
		t.Errorf("bar output shows no times: %q", out)
	}
	buf.Reset()
	b.Printf("checked %d\n", 100)
	if !strings.Contains(buf.String(), "checked 100\n") {
		t.Errorf("Printf wrote %q", buf.String())
	}
	b.Close()
}

func TestSpinnerForUnknownTotal(t *testing.T) {
	var buf bytes.Buffer
	b := newBar(&buf, 0, "nodes", "solving", true)
	b.Describe("score in [-2, +5]")
	time.Sleep(2 * redraw)
	b.Add(1000)
	if out := buf.String(); !strings.Contains(out, "score in [-2, +5]") {
		t.Errorf("spinner output lacks its description: %q", out)
	}
	b.Close()
}
