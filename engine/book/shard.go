package book

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine"
)

// This file holds the shard text format: a first line naming the build,
// then one "KEY SCORE" line per solved position.

// shardRange is the slice of the sorted position list that shard i of n
// solves: contiguous, so that neighbours share table entries.
func shardRange(total, i, n int) (lo, hi int) { return total * i / n, total * (i + 1) / n }

// shardHeader is the first line of a shard file.
func (o BuildOptions) shardHeader(total int) string {
	return fmt.Sprintf("fourgen-book-shard v1 width=%d height=%d plies=%d kind=%d shard=%d/%d positions=%d root=%s",
		engine.Width, engine.Height, o.Plies, o.Kind, o.Shard, o.Shards, total, o.Root)
}

// parseShardLine reads a "KEY SCORE" line.
func parseShardLine(text string) (uint32, engine.Score, error) {
	k, v, ok := strings.Cut(text, " ")
	code, err1 := strconv.ParseUint(k, 10, 32)
	score, err2 := strconv.Atoi(v)
	if !ok || err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("malformed line %q", text)
	}
	return uint32(code), engine.Score(score), nil
}
