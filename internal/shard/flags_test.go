package shard

import (
	"flag"
	"fmt"
	"strings"
	"testing"
)

// TestFlags checks the part the flags choose: --shard's, or with
// --shard-from-env the job array's, and the flags' combinations refused.
func TestFlags(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	k8s := env(map[string]string{"JOB_COMPLETION_INDEX": "2"})
	tests := []struct {
		name    string
		flag    string
		fromEnv bool
		n, base int
		getenv  func(string) string
		want    string
		err     string
	}{
		{"flag", "1/3", false, 0, 0, k8s, "1/3", ""},
		{"env", "0/1", true, 3, 0, k8s, "2/3", ""},
		{"slurm base", "0/1", true, 4, 1, env(map[string]string{"SLURM_ARRAY_TASK_ID": "4"}), "3/4", ""},
		{"both", "1/3", true, 3, 0, k8s, "", "exclude"},
		{"no count", "0/1", true, 0, 0, k8s, "", "needs --shards"},
		{"count without env", "0/1", false, 3, 0, k8s, "", "goes with"},
		{"unset", "0/1", true, 3, 0, env(nil), "", "none of"},
		{"bad flag", "3/3", false, 0, 0, k8s, "", `--shard "3/3": want i/n`},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("dataset", flag.ContinueOnError)
		f := AddFlags(fs, "the part `i/n`")
		args := []string{"--shard", tc.flag, "--shards", fmt.Sprint(tc.n), "--array-base", fmt.Sprint(tc.base)}
		if tc.fromEnv {
			args = append(args, "--shard-from-env")
		}
		if err := fs.Parse(args); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		p, err := f.Choose(tc.getenv)
		switch got := p.String(); {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%s: %s, %v; want %s", tc.name, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
		}
	}
}
