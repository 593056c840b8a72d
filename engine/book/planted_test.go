package book

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine"
)

// TestBuildShardPlantedLinks checks that a symbolic link planted at a
// shard file or at its lock file (in a folder others can write) is
// refused with an error naming it, and that the file it points to keeps
// its bytes and a dangling link's target is not made.
func TestBuildShardPlantedLinks(t *testing.T) {
	opts := BuildOptions{Root: testRoot(t), Plies: 11, Kind: engine.BookExact, Shard: whole, TableMiB: buildTableMiB}
	for _, tc := range []struct{ name, at, target string }{
		{"lock", ".lock", "victim.txt"},
		{"dangling lock", ".lock", "nowhere.txt"},
		{"shard", "", "victim.txt"},
		{"dangling shard", "", "nowhere.txt"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			victim := filepath.Join(dir, "victim.txt")
			if err := os.WriteFile(victim, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "shard")
			if err := os.Symlink(tc.target, path+tc.at); err != nil {
				t.Skip("no symbolic links here:", err)
			}
			err := BuildShard(context.Background(), path, opts)
			if err == nil || !strings.Contains(err.Error(), path+tc.at+" is a symbolic link") {
				t.Errorf("BuildShard: error %v, want a refusal naming the link %s", err, path+tc.at)
			}
			if got, _ := os.ReadFile(victim); len(got) != 0 {
				t.Errorf("victim.txt now holds %q", got)
			}
			if _, err := os.Lstat(filepath.Join(dir, "nowhere.txt")); err == nil {
				t.Errorf("the dangling link's target was made")
			}
		})
	}
}
