package main

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/book"
	"github.com/fourgen/fourgen/engine/openingbook"
	"github.com/fourgen/fourgen/internal/filelock"
)

// runC4 runs c4 in process and returns its exit status and output.
func runC4(ctx context.Context, args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	err := run(ctx, args, strings.NewReader(""), &out, &errOut)
	code = report(err, &errOut)
	return code, out.String(), errOut.String()
}

// writeBytes writes data to name in dir and returns its path.
func writeBytes(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// fakeShard writes the complete one-shard file of the exact book of plies
// stones from root, as c4 book build writes it, but with made-up scores:
// score(p) for each position. It returns the file's path.
func fakeShard(t *testing.T, dir, root string, plies int, score func(board.Position) int) string {
	t.Helper()
	r, err := board.Parse(root)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := book.Positions(r, plies)
	if err != nil {
		t.Fatal(err)
	}
	header := fmt.Sprintf("fourgen-book-shard v2 width=%d height=%d plies=%d kind=%d shard=0/1 positions=%d run=%s root=%s",
		board.Width, board.Height, plies, engine.BookExact, len(ps), testRunID, root)
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, p := range ps {
		b.WriteString(sealRecord(header, fmt.Sprintf("%d %d", board.BookKey(p), score(p))) + "\n")
	}
	return writeBytes(t, dir, fmt.Sprintf("fake-%s-%d.shard", root, plies), []byte(b.String()))
}

// testRunID is the run id of the shard files the tests write.
const testRunID = "0123456789abcdef0123456789abcdef"

// sealRecord is the line of a v2 shard record "KEY SCORE" under header,
// computed here as docs/book.md describes it, apart from package book's
// code: the record, a space, and the first 16 bytes in hex of the
// HMAC-SHA256 of the record keyed with the SHA-256 of the header line.
func sealRecord(header, record string) string {
	key := sha256.Sum256([]byte(header))
	mac := hmac.New(sha256.New, key[:])
	mac.Write([]byte(record))
	return record + " " + hex.EncodeToString(mac.Sum(nil)[:16])
}

// fakeBook merges a fakeShard into a book file with c4 book merge and
// returns its path.
func fakeBook(t *testing.T, dir, root string, plies int, score func(board.Position) int) string {
	t.Helper()
	shard := fakeShard(t, dir, root, plies, score)
	book := strings.TrimSuffix(shard, ".shard") + ".book"
	if code, _, stderr := runC4(context.Background(), "book", "merge", "--force", "--out", book, shard); code != 0 {
		t.Fatalf("c4 book merge: exit %d: %s", code, stderr)
	}
	return book
}

// TestBookErrors checks c4 book's usage errors and its refusal of
// missing, malformed and corrupt files: a clear message and a non-zero
// exit.
func TestBookErrors(t *testing.T) {
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // BitBully's records and the positions are of the classic board
	dir := t.TempDir()
	f := writeBookErrorFiles(t, dir)
	book, corruptBook, truncatedBook, shortBook := f.book, f.corruptBook, f.truncatedBook, f.shortBook
	notShard, otherBuild, legacyShard, lockedShard := f.notShard, f.otherBuild, f.legacyShard, f.lockedShard
	badDB, goodDB, missing := f.badDB, f.goodDB, f.missing
	runBookCases(t, []bookCase{
		{"no subcommand", []string{"book"}, 2, "", []string{"c4: book: want build, merge, info or verify", "usage: c4 book"}},
		{"unknown subcommand", []string{"book", "frob"}, 2, "", []string{`unknown book command "frob": want build, merge, info or verify`}},
		{"help", []string{"book", "-h"}, 0, "c4 book verify [--against FILE]", nil},
		{"help names verify", []string{"help", "book"}, 0, "BitBully", nil},

		{"build shard 3/2", []string{"book", "build", "--shard", "3/2"}, 2, "", []string{`c4: book: --shard "3/2": want i/n with 0 ≤ i < n`}},
		{"build shard x", []string{"book", "build", "--shard", "x"}, 2, "", []string{`--shard "x": want i/n`}},
		{"build shard 0/0", []string{"book", "build", "--shard", "0/0"}, 2, "", []string{`--shard "0/0"`}},
		{"build table", []string{"book", "build", "--tt-mb", "0"}, 2, "", []string{"--tt-mb 0: want 1 to"}},
		{"build bad root", []string{"book", "build", "--root", "48", "--out", filepath.Join(dir, "x.shard")}, 1, "",
			[]string{`c4: book build: root "48": move 2 ('8'): not a column`}},
		{"build plies", []string{"book", "build", "--plies", "13", "--out", filepath.Join(dir, "x.shard")}, 1, "",
			[]string{"c4: book build: book of 13 plies from a position of 0 stones: want 0 to 12 plies"}},
		{"build book and no-book", []string{"book", "build", "--book", book, "--no-book"}, 2, "", []string{"c4: book: --book and --no-book exclude each other"}},
		{"build bad book", []string{"book", "build", "--book", corruptBook}, 1, "", []string{"c4: book build: --book " + corruptBook + ": bad book"}},
		{"build locked", []string{"book", "build", "--root", "6767666", "--out", lockedShard}, 1, "",
			[]string{"c4: book build: " + lockedShard + fmt.Sprintf(" is being written by process %d (lock %s.lock)", os.Getpid(), lockedShard)}},
		{"build foreign checkpoint", []string{"book", "build", "--root", "6767666", "--out", notShard}, 1, "",
			[]string{"c4: book build: " + notShard + `: not a shard file of this engine (first line "4453 0")`}},
		{"build another build's checkpoint", []string{"book", "build", "--root", "6767666", "--out", otherBuild}, 1, "",
			[]string{"c4: book build: " + otherBuild + ": made by another build"}},
		{"build a legacy checkpoint", []string{"book", "build", "--root", "6767666", "--out", legacyShard}, 1, "",
			[]string{"c4: book build: " + legacyShard + ": a legacy v1 shard file, whose records carry no checksums: this c4 resumes only v2 shards"}},

		{"merge no args", []string{"book", "merge"}, 2, "", []string{"merge needs --out BOOK and at least one shard file"}},
		{"merge no shards", []string{"book", "merge", "--out", filepath.Join(dir, "b")}, 2, "", []string{"merge needs --out BOOK"}},
		{"merge missing shard", []string{"book", "merge", "--out", filepath.Join(dir, "b"), missing}, 1, "",
			[]string{"c4: book merge: open " + missing + ": no such file or directory"}},
		{"merge not a shard", []string{"book", "merge", "--out", filepath.Join(dir, "b"), notShard}, 1, "",
			[]string{"c4: book merge: " + notShard + `: not a shard file of this engine (first line "4453 0")`}},
		{"merge legacy", []string{"book", "merge", "--out", filepath.Join(dir, "b"), legacyShard}, 1, "",
			[]string{"c4: book merge: " + legacyShard + ": a legacy v1 shard file, whose records carry no checksums: its scores cannot be checked for edits (--legacy accepts it, if you trust the file)"}},

		{"info embedded", []string{"book", "info"}, 0, "embedded book (openingbook): 7×6 board, " + embeddedInfo(t), nil},
		{"info two args", []string{"book", "info", book, book}, 2, "", []string{"c4: book: info takes at most one book file, got 2"}},
		{"info missing", []string{"book", "info", missing}, 1, "", []string{"no such file or directory"}},
		{"info corrupt", []string{"book", "info", corruptBook}, 1, "", []string{"c4: " + corruptBook + ": bad book: corrupt: checksum"}},
		{"info truncated", []string{"book", "info", truncatedBook}, 1, "", []string{"c4: " + truncatedBook + ": bad book: truncated"}},
		{"info not a book", []string{"book", "info", notShard}, 1, "", []string{`bad book: not a fourgen book (magic "4453 0")`}},
		{"info short", []string{"book", "info", shortBook}, 1, "", []string{"bad book: truncated: 7 bytes, shorter than the 24-byte header"}},
		{"info", []string{"book", "info", book}, 0, book + ": 7×6 board, ", nil},

		{"verify extra", []string{"book", "verify", "--against", goodDB, "4453"}, 2, "", []string{`verify takes no arguments, got "4453"`}},
		{"verify limit", []string{"book", "verify", "--against", goodDB, "--limit", "-1"}, 2, "", []string{"--limit -1: want 0 (all) or more"}},
		{"verify sample", []string{"book", "verify", "--against", goodDB, "--sample", "-2"}, 2, "", []string{"--sample -2: want -1 (all), 0 or more"}},
		{"verify table", []string{"book", "verify", "--against", goodDB, "--tt-mb", "0"}, 2, "", []string{"--tt-mb 0: want 1 to"}},
		{"verify solve", []string{"book", "verify", "--against", goodDB, "--solve", "-2"}, 2, "", []string{"--solve -2: want -1 (all), 0 or more"}},
		{"verify solve no book", []string{"book", "verify", "--against", goodDB, "--solve", "5", "--no-book"}, 2, "", []string{"--solve checks a book's exact scores: it needs a book"}},
		{"verify book and no book", []string{"book", "verify", "--against", goodDB, "--book", book, "--no-book"}, 2, "", []string{"--book and --no-book exclude each other"}},
		{"verify bad flag", []string{"book", "verify", "--agaisnt", goodDB}, 2, "", []string{"c4: book: unknown flag: --agaisnt"}},
		{"verify missing database", []string{"book", "verify", "--against", missing}, 1, "", []string{"c4: book verify: open " + missing}},
		{"verify bad database", []string{"book", "verify", "--against", badDB}, 1, "",
			[]string{"c4: book verify: " + badDB + ": bad BitBully database: 4 bytes, not a multiple of the 3-byte record"}},
		{"verify a book as the database", []string{"book", "verify", "--against", book}, 1, "", []string{"bad BitBully database"}},
		{"verify missing book", []string{"book", "verify", "--against", goodDB, "--book", missing}, 1, "", []string{"c4: book verify: --book " + missing + ": no such file or directory"}},
		{"verify corrupt book", []string{"book", "verify", "--against", goodDB, "--book", corruptBook}, 1, "",
			[]string{"c4: book verify: --book " + corruptBook + ": bad book: corrupt: checksum"}},
	})
}

// A bookCase is a run of c4 and what it must do.
type bookCase struct {
	name   string
	args   []string
	code   int
	stdout string // a substring the output must contain
	stderr []string
}

// runBookCases runs c4 for each case and checks its exit status and
// output.
func runBookCases(t *testing.T, cases []bookCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runC4(context.Background(), tc.args...)
			if code != tc.code {
				t.Errorf("exit status %d, want %d; stderr:\n%s", code, tc.code, stderr)
			}
			if !strings.Contains(stdout, tc.stdout) {
				t.Errorf("stdout lacks %q:\n%s", tc.stdout, stdout)
			}
			for _, s := range tc.stderr {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			if tc.code == 0 && stderr != "" {
				t.Errorf("stderr = %q, want nothing", stderr)
			}
		})
	}
}

// bookErrorFiles are the files TestBookErrors gives c4: a book, broken
// books, files that are no shards or another build's, a locked shard,
// BitBully databases and a missing file.
type bookErrorFiles struct {
	book, corruptBook, truncatedBook, shortBook    string
	notShard, otherBuild, legacyShard, lockedShard string
	badDB, goodDB, missing                         string
}

// writeBookErrorFiles writes the files of TestBookErrors in dir.
func writeBookErrorFiles(t *testing.T, dir string) bookErrorFiles {
	t.Helper()
	var f bookErrorFiles
	f.book = fakeBook(t, dir, "6767666", 8, func(board.Position) int { return 0 })
	data, err := os.ReadFile(f.book)
	if err != nil {
		t.Fatal(err)
	}
	corrupt := bytes.Clone(data)
	corrupt[len(corrupt)-1] ^= 1
	f.corruptBook = writeBytes(t, dir, "corrupt.book", corrupt)
	f.truncatedBook = writeBytes(t, dir, "truncated.book", data[:len(data)-1])
	f.notShard = writeBytes(t, dir, "not.shard", []byte("4453 0\n"))
	f.otherBuild = writeBytes(t, dir, "other.shard", fmt.Appendf(nil, "fourgen-book-shard v2 width=%d height=%d plies=9 kind=1 shard=0/1 positions=1 run=%s root=\n", board.Width, board.Height, testRunID))
	f.legacyShard = writeBytes(t, dir, "legacy.shard", fmt.Appendf(nil, "fourgen-book-shard v1 width=%d height=%d plies=8 kind=1 shard=0/1 positions=1 root=6767666\n", board.Width, board.Height))
	f.shortBook = writeBytes(t, dir, "short.book", data[:7])
	f.badDB = writeBytes(t, dir, "bad.dat", []byte{1, 2, 3, 4})
	f.goodDB = writeBytes(t, dir, "good.dat", []byte{0x05, 0x5c, 0xfc})
	f.missing = filepath.Join(dir, "missing")
	f.lockedShard = filepath.Join(dir, "locked.shard") // as if this process were building it
	lock, err := filelock.Acquire(f.lockedShard)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lock.Release() })
	return f
}

// built is c4 as buildC4 compiles it: once per run of the tests, into a
// directory TestMain removes.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// buildC4 returns c4 compiled into a temporary directory, compiling it on
// the first call of the run (several tests run it as a program).
func buildC4(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build c4 with: %v", err)
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "c4-test-"); built.err != nil {
			return
		}
		built.path = filepath.Join(built.dir, "c4")
		if out, err := exec.Command(goTool, "build", "-o", built.path, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// shardKeys reads the keys of a shard file's result lines, failing on a
// key listed twice.
func shardKeys(t *testing.T, data []byte) map[string]bool {
	t.Helper()
	keys := make(map[string]bool)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	for i, line := range lines[1:] {
		key, _, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("line %d: %q is not KEY SCORE", i+2, line)
		}
		if keys[key] {
			t.Fatalf("line %d: key %s is listed twice", i+2, key)
		}
		keys[key] = true
	}
	return keys
}

// TestBookBuildKill9 kills a book build with SIGKILL once it has written a
// few results, runs the same command again, and checks that the resumed
// shard lists every position once and merges to the same book as an
// uninterrupted build.
func TestBookBuildKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds c4 and a book")
	}
	root, _ := splitLine(refLines(t, "positions/n10.txt", 1)[0])
	bin := buildC4(t)
	dir := t.TempDir()
	shard := filepath.Join(dir, "killed.shard")
	args := []string{"book", "build", "--root", root, "--plies", "12", "--tt-mb", "16", "--out", shard}

	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	results := 0
	deadline := time.Now().Add(time.Minute)
	for results < 3 {
		select {
		case err := <-exited:
			t.Fatalf("the build ended before it was killed (%v), having written %d results; stderr:\n%s", err, results, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the build wrote %d results in a minute", results)
		}
		time.Sleep(2 * time.Millisecond)
		data, _ := os.ReadFile(shard)
		results = bytes.Count(data, []byte("\n")) - 1
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-exited
	killedAt, _ := os.ReadFile(shard)

	out, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("the resumed build: %v\n%s", err, out)
	}
	resumed, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(resumed, killedAt[:bytes.LastIndexByte(killedAt, '\n')+1]) {
		t.Errorf("the resumed build rewrote results it had before the kill")
	}

	r, _ := board.Parse(root)
	ps, _ := book.Positions(r, 12)
	keys := shardKeys(t, resumed)
	for _, p := range ps {
		if !keys[strconv.FormatUint(uint64(board.BookKey(p)), 10)] {
			t.Errorf("key %d is missing from the resumed shard", board.BookKey(p))
		}
	}
	if len(keys) != len(ps) {
		t.Errorf("the resumed shard has %d keys, the book %d positions", len(keys), len(ps))
	}

	whole := filepath.Join(dir, "whole.shard")
	if out, err := exec.Command(bin, append(args[:len(args)-1], whole)...).CombinedOutput(); err != nil {
		t.Fatalf("the uninterrupted build: %v\n%s", err, out)
	}
	var books [2][]byte
	for i, s := range []string{shard, whole} {
		book := s + ".book"
		if out, err := exec.Command(bin, "book", "merge", "--out", book, s).CombinedOutput(); err != nil {
			t.Fatalf("c4 book merge %s: %v\n%s", s, err, out)
		}
		books[i], _ = os.ReadFile(book)
	}
	if len(books[0]) == 0 || !bytes.Equal(books[0], books[1]) {
		t.Errorf("the killed and resumed build merges to another book than the uninterrupted one")
	}
	t.Logf("killed after %d of %d results", bytes.Count(killedAt, []byte("\n"))-1, len(ps))
}

// embeddedInfo is what c4 book info says of the embedded book after the
// board size.
func embeddedInfo(t *testing.T) string {
	t.Helper()
	b, err := openingbook.Book()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d positions of %d stones, exact scores, %d bytes\n", b.Len(), b.Plies(), len(openingbook.Bytes()))
}

// mixedShard writes, in a temporary directory, a shard of the positions of
// 8 stones after 6767666 (the classic board's: other boards skip t) with
// scores of every sign, and returns the directory, the shard's path and
// its bytes.
func mixedShard(t *testing.T) (dir, shard string, data []byte) {
	t.Helper()
	refSkips.Classic(t, board.Width, board.Height, board.InARow) // the positions are of the classic board
	dir = t.TempDir()
	shard = fakeShard(t, dir, "6767666", 8, func(p board.Position) int { return int(board.BookKey(p)%3) - 1 })
	data, err := os.ReadFile(shard)
	if err != nil {
		t.Fatal(err)
	}
	return dir, shard, data
}

// TestBookMergeLineEnds checks that a shard whose line ends were turned
// into CRLF (as git does on Windows) merges to the same book.
func TestBookMergeLineEnds(t *testing.T) {
	dir, shard, data := mixedShard(t)
	crlf := writeBytes(t, dir, "crlf.shard", bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")))
	lf, crlfBook := filepath.Join(dir, "lf.fgb"), filepath.Join(dir, "crlf.fgb")
	for _, args := range [][]string{{"--out", lf, shard}, {"--out", crlfBook, crlf}} {
		if code, _, stderr := runC4(context.Background(), append([]string{"book", "merge"}, args...)...); code != 0 {
			t.Fatalf("c4 book merge %q: exit %d: %s", args, code, stderr)
		}
	}
	a, _ := os.ReadFile(lf)
	b, _ := os.ReadFile(crlfBook)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the CRLF shard merges to %d bytes, the LF one to %d: want the same book", len(b), len(a))
	}
}

// TestBookMergeBinary checks that a binary shard is refused by a short
// message naming the file.
func TestBookMergeBinary(t *testing.T) {
	dir := t.TempDir()
	binary := writeBytes(t, dir, "binary.shard", bytes.Repeat([]byte{0x81}, 2000))
	code, _, stderr := runC4(context.Background(), "book", "merge", "--out", filepath.Join(dir, "x.fgb"), binary)
	if code != 1 || !strings.Contains(stderr, binary+":") || len(stderr) > 250 {
		t.Errorf("a binary shard: exit %d, %d bytes of stderr %.300q; want 1 and a short message naming the file", code, len(stderr), stderr)
	}
}
