package dataset

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestJobFiles checks that the job-array files agree with themselves: the
// Kubernetes Job's completions and the Slurm array's task ids cover the
// shards named by --shards, and both read the index from the environment.
func TestJobFiles(t *testing.T) {
	shards := regexp.MustCompile(`--shard-from-env --shards (\d+)`)
	for _, tc := range []struct {
		file  string
		tasks *regexp.Regexp // its first group is the number of tasks, or the last id
		last  bool           // the group is the last task id (from 0)
	}{
		{"jobs/k8s-indexed-job.yaml", regexp.MustCompile(`(?m)^  completions: (\d+)$`), false},
		{"jobs/slurm-array.sh", regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`), true},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		m, n := shards.FindSubmatch(data), tc.tasks.FindSubmatch(data)
		if m == nil || n == nil {
			t.Errorf("%s: no --shard-from-env --shards N or task count", tc.file)
			continue
		}
		want, _ := strconv.Atoi(string(m[1]))
		got, _ := strconv.Atoi(string(n[1]))
		if tc.last {
			got++
		}
		if got != want {
			t.Errorf("%s: %d tasks for %d shards", tc.file, got, want)
		}
	}
}
