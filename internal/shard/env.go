package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// indexVariables are the environment variables that hold a job array's
// task index, in the order [partFromEnv] reads them: a Kubernetes Indexed Job's
// completion index and a Slurm job array's task id.
var indexVariables = []string{"JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"}

// partFromEnv returns the part i (0-based) of n parts that a job array task
// does, i read from the first of [indexVariables] that getenv finds set (and
// not empty). Slurm array ids need not start at 0: base is subtracted from
// SLURM_ARRAY_TASK_ID (the array's first id, e.g. 1 for --array=1-8);
// Kubernetes indexes always start at 0.
func partFromEnv(getenv func(string) string, n, base int) (Part, error) {
	if n < 1 || n > max {
		return Part{}, fmt.Errorf("%d shards: want 1 to %d", n, max)
	}
	for _, name := range indexVariables {
		v := getenv(name)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil {
			return Part{}, fmt.Errorf("%s=%q: not a number", name, v)
		}
		if name == "SLURM_ARRAY_TASK_ID" {
			i -= base
		}
		if i < 0 || i >= n {
			return Part{}, fmt.Errorf("%s=%q: shard %d out of range 0 to %d", name, v, i, n-1)
		}
		return Part{i, n}, nil
	}
	return Part{}, fmt.Errorf("none of %s is set: run as a job array task, or give --shard i/n", strings.Join(indexVariables, ", "))
}
