package book

import (
	"strconv"
	"testing"
)

// TestParseShardLine checks the "KEY SCORE" lines of a shard file.
func TestParseShardLine(t *testing.T) {
	for _, tc := range []struct {
		line  string
		key   uint32
		score int
		ok    bool
	}{
		{"351484 0", 351484, 0, true},
		{"7 -18", 7, -18, true},
		{"4294967295 17", 1<<32 - 1, 17, true},
		{"4294967296 0", 0, 0, false}, // beyond 32 bits
		{"12 x", 0, 0, false},
		{"12", 0, 0, false},
		{"", 0, 0, false},
		{"-1 0", 0, 0, false},
	} {
		key, score, err := parseShardLine(tc.line)
		if (err == nil) != tc.ok || tc.ok && (key != tc.key || int(score) != tc.score) {
			t.Errorf("parseShardLine(%q) = %d, %d, %v; want %d, %d, ok %v", tc.line, key, score, err, tc.key, tc.score, tc.ok)
		}
	}
}

// FuzzParseShardLine checks that parseShardLine never panics and that a
// line it accepts holds the key and score it returns.
func FuzzParseShardLine(f *testing.F) {
	for _, s := range []string{"351484 0", "7 -18", "12 x", "", " ", "1 2 3", "+5 +5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		key, score, err := parseShardLine(line)
		if err != nil {
			return
		}
		k, _ := strconv.ParseUint(strconv.FormatUint(uint64(key), 10), 10, 32)
		if uint32(k) != key {
			t.Fatalf("parseShardLine(%q) = key %d", line, key)
		}
		back, _, err := parseShardLine(strconv.FormatUint(uint64(key), 10) + " " + strconv.Itoa(int(score)))
		if err != nil || back != key {
			t.Fatalf("parseShardLine(%q) = %d, %d, which does not write back", line, key, score)
		}
	})
}
