package dataset

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestJobScriptsRule runs the Slurm array scripts with a stand-in for c4
// (a shell script printing the version lines of a build, or the command
// it was run as): SIZE and K choose the command and name the files, and a
// command of another board or rule, or a K that is no rule, stops the task
// before any work, naming the make line that builds the right one.
func TestJobScriptsRule(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tests := []struct {
		script, size, k, plays string // plays: the stand-in's board and rule
		want                   string // in the output
		refused                bool
	}{
		{"dataset-array.sh", "7x6", "5", "7×6\nrule 5 in a row", "--out DATA/shard-7x6-k5-03.jsonl", false},
		{"dataset-array.sh", "", "5", "7×6\nrule 5 in a row", "--out DATA/shard-7x6-k5-03.jsonl", false},
		{"dataset-array.sh", "6x5", "", "6×5\nrule four in a row", "--out DATA/shard-6x5-03.jsonl", false},
		{"dataset-array.sh", "7x6", "5", "7×6\nrule four in a row", "build it with make c4 SIZE=7x6 K=5 (bin/c4-7x6-k5)", true},
		{"dataset-array.sh", "6x5", "3", "7×6\nrule 3 in a row", "build it with make c4 SIZE=6x5 K=3 (bin/c4-6x5-k3)", true},
		{"dataset-array.sh", "", "five", "7×6\nrule four in a row", "K=five: want the stones in a row that win", true},
		{"book-array.sh", "6x5", "5", "6×5\nrule 5 in a row", "--out DATA/book-6x5-k5-11-03-of-32.shard", false},
		{"book-array.sh", "6x5", "5", "6×5\nrule four in a row", "build it with make c4 SIZE=6x5 K=5", true},
		{"book-array.sh", "", "2", "7×6\nrule four in a row", "K=2: want the stones in a row that win", true},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		c4 := filepath.Join(dir, "c4")
		stub := "#!/bin/bash\nif [[ $1 == version ]]; then printf 'c4 test\\nboard " + strings.ReplaceAll(tc.plays, "\n", "\\n") + "\\n'; else echo RAN \"$@\"; fi\n"
		if err := os.WriteFile(c4, []byte(stub), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "../../deploy/slurm/"+tc.script)
		cmd.Env = append(os.Environ(), "C4="+c4, "SIZE="+tc.size, "K="+tc.k, "DATA="+filepath.Join(dir, "DATA"), "SLURM_ARRAY_TASK_ID=3")
		out, err := cmd.CombinedOutput()
		got := strings.ReplaceAll(string(out), dir+"/", "")
		ran := strings.Contains(got, "RAN ")
		if tc.refused == ran || (err != nil) != tc.refused || !strings.Contains(got, tc.want) {
			t.Errorf("%s SIZE=%q K=%q, c4 of %q: %v\n%s\nwant refused=%v and %q", tc.script, tc.size, tc.k, tc.plays, err, got, tc.refused, tc.want)
		}
	}
}
