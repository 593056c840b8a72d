package book

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// testHeader is the header of a v2 shard with a fixed run id.
func testHeader(run string) shardHeader {
	return shardHeader{opts: BuildOptions{Root: smallBookRoot, Plies: smallBookPlies, Kind: engine.BookExact, Shard: whole},
		width: board.Width, height: board.Height, rule: int(ruleByte(board.InARow)), positions: 7, run: run}
}

// TestParseShardHeader checks which first lines are shard headers: only
// those String writes, of v2 with a run id of 32 lowercase hex digits, or
// of the legacy v1.
func TestParseShardHeader(t *testing.T) {
	v2 := testHeader(strings.Repeat("0a", runIDLen/2)).String()
	v1 := testHeader("").String()
	for _, tc := range []struct {
		name, line string
		ok, legacy bool
	}{
		{"v2", v2, true, false},
		{"v1", v1, true, true},
		{"fresh", newShardHeader(testHeader("").opts, 7).String(), true, false},
		{"v1 with a run id", strings.Replace(v2, " v2 ", " v1 ", 1), false, false},
		{"v2 without a run id", strings.Replace(v1, " v1 ", " v2 ", 1), false, false},
		{"uppercase run id", strings.Replace(v2, "0a0a", "0A0A", 1), false, false},
		{"short run id", strings.Replace(v2, "0a0a", "0a", 1), false, false},
		{"run id not hex", strings.Replace(v2, "0a0a", "0g0a", 1), false, false},
		{"no root field", strings.Replace(v2, " root="+smallBookRoot, "", 1), false, false},
		{"another width", strings.Replace(v2, fmt.Sprintf("width=%d", board.Width), fmt.Sprintf("width=%d", board.Width+1), 1), false, false},
		{"run id after the root", strings.Replace(v2, " run=", " root=4453 run=", 1), false, false},
		{"v3", strings.Replace(v2, " v2 ", " v3 ", 1), false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := parseShardHeader(tc.line)
			if (err == nil) != tc.ok || tc.ok && (h.String() != tc.line || h.legacy() != tc.legacy) {
				t.Errorf("parseShardHeader(%q) = %q legacy %v, %v; want ok %v, legacy %v", tc.line, h, h.legacy(), err, tc.ok, tc.legacy)
			}
		})
	}
	other := testHeader(strings.Repeat("0a", runIDLen/2))
	other.width, other.height = board.Width+1, board.Height+1
	_, err := parseShardHeader(other.String())
	want := fmt.Sprintf("a shard of a book of the %d×%d board, this engine plays %d×%d", board.Width+1, board.Height+1, board.Width, board.Height)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("parseShardHeader(%q) = %v, want an error saying %q", other, err, want)
	}
	// A shard of this board at another line length (make c4 K=).
	other = testHeader(strings.Repeat("0a", runIDLen/2))
	other.rule = int(ruleByte(board.InARow + 1))
	_, err = parseShardHeader(other.String())
	want = fmt.Sprintf("a shard of a book of %d in a row, this engine plays %d in a row: use a c4 built for it (make c4 SIZE=%dx%d K=%d)",
		board.InARow+1, board.InARow, board.Width, board.Height, board.InARow+1)
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(other.String(), fmt.Sprintf(" inarow=%d ", board.InARow+1)) {
		t.Errorf("parseShardHeader(%q) = %v, want an error saying %q", other, err, want)
	}
	for _, bad := range []string{" inarow=4 ", " inarow=2 ", " inarow=x ", " inarow= "} {
		line := strings.Replace(testHeader(strings.Repeat("0a", runIDLen/2)).String(), " plies=", bad+"plies=", 1)
		if _, err := parseShardHeader(line); err == nil || board.InARow == 4 && !strings.Contains(err.Error(), "not a shard file") {
			t.Errorf("parseShardHeader(%q) = %v, want it refused", line, err)
		}
	}
	if a, b := newShardHeader(testHeader("").opts, 7), newShardHeader(testHeader("").opts, 7); a.run == b.run {
		t.Errorf("two new shards drew the same run id %s", a.run)
	}
}

// TestRecordCodec checks the records of a v2 shard: a written record
// reads back, and one edited, copied from another run, without its
// checksum or with a malformed one, is refused.
func TestRecordCodec(t *testing.T) {
	codec := newRecordCodec(testHeader(strings.Repeat("1", runIDLen)))
	other := newRecordCodec(testHeader(strings.Repeat("2", runIDLen)))
	good := codec.line(351484, -3)
	sum := strings.Fields(good)[2]
	for _, tc := range []struct {
		name, line, err string
	}{
		{"written", good, ""},
		{"score edited", strings.Replace(good, " -3 ", " 7 ", 1), `record "351484 7" fails its checksum`},
		{"key edited", strings.Replace(good, "351484", "351485", 1), `record "351485 -3" fails its checksum`},
		{"another run's", other.line(351484, -3), `record "351484 -3" fails its checksum`},
		{"no checksum", "351484 -3", `malformed line "351484 -3": want KEY SCORE CHECKSUM`},
		{"uppercase checksum", "351484 -3 " + strings.ToUpper(sum), "malformed line"},
		{"short checksum", "351484 -3 " + sum[2:], "malformed line"},
		{"extra field", good + " 1", "malformed line"},
		{"empty", "", "malformed line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, score, err := codec.parse(tc.line)
			switch {
			case tc.err == "" && (err != nil || code != 351484 || score != -3):
				t.Errorf("parse(%q) = %d, %d, %v; want 351484, -3", tc.line, code, score, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Errorf("parse(%q) = %v, want an error saying %q", tc.line, err, tc.err)
			}
		})
	}
	legacy := newRecordCodec(testHeader(""))
	if code, score, err := legacy.parse("351484 -3"); err != nil || code != 351484 || score != -3 {
		t.Errorf("a legacy record: %d, %d, %v; want 351484, -3", code, score, err)
	}
}

// FuzzRecordParse checks that reading a record never panics, and that a
// record it accepts is the one the codec writes for its key and score.
func FuzzRecordParse(f *testing.F) {
	codec := newRecordCodec(testHeader(strings.Repeat("1", runIDLen)))
	f.Add(codec.line(351484, -3))
	f.Add(codec.line(7, 0))
	f.Add("351484 -3")
	f.Add("1 2 " + strings.Repeat("0", 2*checksumLen))
	f.Fuzz(func(t *testing.T, line string) {
		code, score, err := codec.parse(line)
		if err == nil && codec.line(code, score) != line {
			t.Fatalf("parse(%q) = %d, %d, which writes back as %q", line, code, score, codec.line(code, score))
		}
	})
}
