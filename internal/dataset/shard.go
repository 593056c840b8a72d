package dataset

import (
	"fmt"

	"github.com/fourgen/fourgen/internal/shard"
)

// Shard is one part of a dataset: the slots j with j mod Of == Index.
type Shard struct {
	Index, Of int
}

// String is the shard as "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Of) }

// Has reports whether slot j belongs to the shard.
func (s Shard) Has(j int) bool { return j%s.Of == s.Index }

// ParseShard parses "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	i, n, err := shard.Parse(s)
	if err != nil {
		return Shard{}, fmt.Errorf("shard %q: %w", s, err)
	}
	return Shard{i, n}, nil
}

// IndexVariables are the environment variables that hold a job array's
// task index, in the order [ShardFromEnv] reads them: a Kubernetes Indexed
// Job's completion index and a Slurm job array's task id.
var IndexVariables = shard.IndexVariables

// ShardFromEnv returns shard i of n, with i read from the first of
// [IndexVariables] that getenv finds set (and not empty). Slurm array ids
// need not start at 0: base is subtracted from SLURM_ARRAY_TASK_ID (give
// the array's first id, e.g. 1 for --array=1-8; Kubernetes indexes always
// start at 0). Book builds read the same variables the same way.
func ShardFromEnv(getenv func(string) string, n, base int) (Shard, error) {
	i, err := shard.FromEnv(getenv, n, base)
	if err != nil {
		return Shard{}, err
	}
	return Shard{i, n}, nil
}

// slotsOf is the number of the count slots that belong to shard s.
func (s Shard) slotsOf(count int) int {
	if s.Index >= count {
		return 0
	}
	return (count-s.Index-1)/s.Of + 1
}

// shardStream is the stream of the positions of a shard's slots, in
// order, with a look at the next one before taking it.
type shardStream struct {
	ps     *PositionStream
	shard  Shard
	peeked bool
	slot   int
	pos    string
	err    error
}

// Peek returns the next slot of the shard and its position, without
// taking it.
func (s *shardStream) Peek() (int, string, error) {
	for !s.peeked {
		s.slot = s.ps.Slot()
		s.pos, s.err = s.ps.Next()
		s.peeked = s.err != nil || s.shard.Has(s.slot)
	}
	return s.slot, s.pos, s.err
}

// Next takes the next slot of the shard and its position.
func (s *shardStream) Next() (int, string, error) {
	slot, pos, err := s.Peek()
	if err == nil {
		s.peeked = false
	}
	return slot, pos, err
}
