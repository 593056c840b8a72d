package shard

import (
	"strings"
	"testing"
)

func TestFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name    string
		env     map[string]string
		n, base int
		want    int
		errText string
	}{
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "3"}, 4, 0, 3, ""},
		{"slurm from 0", map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 2, 0, 0, ""},
		{"slurm from 1", map[string]string{"SLURM_ARRAY_TASK_ID": "8"}, 8, 1, 7, ""},
		{"blanks around", map[string]string{"SLURM_ARRAY_TASK_ID": " 2\n"}, 4, 0, 2, ""},
		{"kubernetes ignores the base", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 8, 1, 0, ""},
		{"kubernetes first", map[string]string{"JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "0"}, 2, 0, 1, ""},
		{"empty is unset", map[string]string{"JOB_COMPLETION_INDEX": "", "SLURM_ARRAY_TASK_ID": "1"}, 2, 0, 1, ""},
		{"none set", map[string]string{}, 2, 0, 0, "none of JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID"},
		{"too big", map[string]string{"JOB_COMPLETION_INDEX": "4"}, 4, 0, 0, "out of range"},
		{"below the base", map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 4, 1, 0, "out of range"},
		{"not a number", map[string]string{"SLURM_ARRAY_TASK_ID": "x1"}, 4, 0, 0, "not a number"},
		{"no shards", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, 0, 0, "want 1 to"},
		{"too many shards", map[string]string{"JOB_COMPLETION_INDEX": "0"}, max + 1, 0, 0, "want 1 to"},
	} {
		p, err := partFromEnv(func(k string) string { return tc.env[k] }, tc.n, tc.base)
		got := p.Index
		switch {
		case tc.errText == "" && (err != nil || got != tc.want || p.Of != tc.n):
			t.Errorf("%s: got %d, %v; want %d", tc.name, got, err, tc.want)
		case tc.errText != "" && (err == nil || !strings.Contains(err.Error(), tc.errText)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.errText)
		}
	}
}
