package dataset

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestJobScriptsRule runs the Slurm array scripts with a stand-in for c4
// (a shell script answering c4 version --board NAME for its build, or
// printing the command it was run as): SIZE and K choose the command, the
// build it is checked to be and the files' names, and a command of
// another board or rule stops the task before any work.
func TestJobScriptsRule(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	tests := []struct {
		script, size, k, build string // build: the stand-in's name, as make c4 names bin/c4-NAME
		want                   string // in the output
		refused                bool
	}{
		{"dataset-array.sh", "7x6", "5", "7x6-k5", "--out DATA/shard-7x6-k5-03.jsonl", false},
		{"dataset-array.sh", "", "5", "7x6-k5", "--out DATA/shard-7x6-k5-03.jsonl", false},
		{"dataset-array.sh", "6x5", "", "6x5", "--out DATA/shard-6x5-03.jsonl", false},
		{"dataset-array.sh", "", "", "7x6", "--out DATA/shard-03.jsonl", false},
		{"dataset-array.sh", "7x6", "5", "7x6", "CHECK 7x6-k5", true},
		{"dataset-array.sh", "6x5", "3", "7x6-k3", "CHECK 6x5-k3", true},
		{"book-array.sh", "6x5", "5", "6x5-k5", "--out DATA/book-6x5-k5-11-03-of-32.shard", false},
		{"book-array.sh", "6x5", "5", "6x5", "CHECK 6x5-k5", true},
		{"book-array.sh", "", "4", "7x6", "--out DATA/book-11-03-of-32.shard", false},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		// The stand-in checks its name as c4 version --board does
		// (TestVersionBoard checks c4's words), or says how it was run.
		c4 := filepath.Join(dir, "c4")
		stub := "#!/bin/bash\nif [[ $1 == version ]]; then echo CHECK \"$3\"; [[ $3 == " + tc.build + " ]]; else echo RAN \"$@\"; fi\n"
		if err := os.WriteFile(c4, []byte(stub), 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "../../deploy/slurm/"+tc.script)
		cmd.Env = append(os.Environ(), "C4="+c4, "SIZE="+tc.size, "K="+tc.k, "DATA="+filepath.Join(dir, "DATA"), "SLURM_ARRAY_TASK_ID=3")
		out, err := cmd.CombinedOutput()
		got := strings.ReplaceAll(string(out), dir+"/", "")
		ran := strings.Contains(got, "RAN ")
		if tc.refused == ran || (err != nil) != tc.refused || !strings.Contains(got, tc.want) {
			t.Errorf("%s SIZE=%q K=%q, a c4 of %s: %v\n%s\nwant refused=%v and %q", tc.script, tc.size, tc.k, tc.build, err, got, tc.refused, tc.want)
		}
	}
}
