package engine

import (
	"context"
	"testing"
)

// nodeSignature is the total number of nodes the solver searches over
// signatureSets with a fresh 16 MiB table. It pins the search's behaviour:
// a change to pruning, ordering or the table changes it. Update it in the
// same commit as the search change, saying why the count moved.
const nodeSignature = 201742

// signatureSets are the positions the signature is taken over: quick ones
// from several stages of the game.
var signatureSets = []struct {
	file  string
	limit int
}{
	{"pons/Test_L3_R1", 50},
	{"pons/Test_L2_R2", 20},
	{"positions/n16.txt", 10},
	{"positions/n24.txt", 50},
}

func TestNodeSignature(t *testing.T) {
	s := mustSolver(t, 16)
	var nodes uint64
	for _, set := range signatureSets {
		for _, c := range loadRef(t, set.file, set.limit) {
			if _, err := s.Solve(context.Background(), mustParse(t, c.moves)); err != nil {
				t.Fatal(err)
			}
			nodes += s.Stats().Nodes
		}
	}
	if nodes != nodeSignature {
		t.Errorf("the search visited %d nodes over the signature positions, want %d:\n"+
			"if the search was changed on purpose, set nodeSignature to %d in the same commit and say why", nodes, nodeSignature, nodes)
	}
}
