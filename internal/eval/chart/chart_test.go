package chart

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/agent"
	"github.com/fourgen/fourgen/board"
	"github.com/fourgen/fourgen/internal/eval"
	"github.com/fourgen/fourgen/internal/solvertest"
)

// TestErrorRates draws the report of a random agent on a few deep
// positions: the SVG is well-formed XML and names the agent in its legend.
func TestErrorRates(t *testing.T) {
	// The positions of a game of greedy against itself, deep enough to
	// solve at once, until it ends.
	a, _ := agent.New("random", agent.Options{Seed: 3})
	greedy, _ := agent.New("greedy", agent.Options{Seed: 4})
	var positions []eval.Position
	var p board.Position
	moves := ""
	for !p.IsWon() && !p.IsFull() {
		if p.Moves() >= board.Cells/2 {
			positions = append(positions, eval.Position{Moves: moves, Pos: p})
		}
		col, err := greedy.Move(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		p.Play(col)
		moves += string(rune('1' + col))
	}
	reports, err := eval.Evaluate(context.Background(), []agent.Agent{a}, solvertest.New(t, 8), positions, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := errorRates(&b, reports...); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" || !strings.Contains(b.String(), "random: not perfect") {
		t.Errorf("root element %q, legend missing: %.300s", root, b.String())
	}
}

// TestWriteFile checks that WriteFile writes what ErrorRates draws, and
// fails where the file cannot be created.
func TestWriteFile(t *testing.T) {
	r := &eval.Report{Agent: "nobody"}
	var want bytes.Buffer
	if err := errorRates(&want, r); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "rates.svg")
	if err := WriteFile(file, r); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s: %v, %.100q; want %.100q", file, err, got, want.Bytes())
	}
	if err := WriteFile(filepath.Join(file, "in-a-file.svg"), r); err == nil {
		t.Error("WriteFile into a path under a file: no error")
	}
}
