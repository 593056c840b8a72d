package dataset

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// TestJobFiles checks that the job-array files of the repository's deploy
// folder agree with themselves: the Kubernetes Job's completions and the
// Slurm arrays' task ids (of the dataset and of a book build) cover the
// shards named by --shards, and all read the index from the environment.
func TestJobFiles(t *testing.T) {
	for _, tc := range []struct {
		file   string
		shards *regexp.Regexp // its first group is the --shards of the command
		tasks  *regexp.Regexp // its first group is the number of tasks, or the last id
		last   bool           // the group is the last task id (from 0)
	}{
		{"../../deploy/k8s/dataset-job.yaml", regexp.MustCompile(`--shard-from-env, --shards, "(\d+)"`), regexp.MustCompile(`(?m)^  completions: (\d+)$`), false},
		{"../../deploy/slurm/dataset-array.sh", regexp.MustCompile(`(?m)^SHARDS=\$\{SHARDS:-(\d+)\}\n(?s:.*)--shard-from-env --shards "\$SHARDS"`), regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`), true},
		{"../../deploy/slurm/book-array.sh", regexp.MustCompile(`(?m)^SHARDS=\$\{SHARDS:-(\d+)\}\n(?s:.*)--shard-from-env --shards "\$SHARDS"`), regexp.MustCompile(`(?m)^#SBATCH --array=0-(\d+)$`), true},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		m, n := tc.shards.FindSubmatch(data), tc.tasks.FindSubmatch(data)
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
