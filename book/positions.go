package book

import (
	"fmt"
	"slices"

	"github.com/fourgen/fourgen/engine"
)

// Positions lists, once per mirror pair, every position of plies stones
// that can arise in a game from root (no four on the board) and where the
// side to move cannot win at once, sorted by book key. Neighbours in the
// list share their left columns, so solving them in order reuses the table.
// A book of the whole game starts from the empty board; a later root makes
// a book of one opening line.
func Positions(root engine.Position, plies int) ([]engine.Position, error) {
	if plies < root.Moves() || plies > engine.MaxBookPlies {
		return nil, fmt.Errorf("book of %d plies from a position of %d stones: want %d to %d plies", plies, root.Moves(), root.Moves(), engine.MaxBookPlies)
	}
	if root.IsWon() {
		return nil, engine.ErrGameOver
	}
	level := []engine.Position{root}
	for range plies - root.Moves() {
		seen := make(map[uint64]bool)
		var next []engine.Position
		for _, p := range level {
			for col := range engine.Width {
				if !p.CanPlay(col) || p.IsWinningMove(col) {
					continue // full, or the game would be over
				}
				child := p
				child.Play(col)
				if key := child.Key(); !seen[key] {
					seen[key] = true
					next = append(next, child)
				}
			}
		}
		level = next
	}
	byCode := make(map[uint32]engine.Position)
	for _, p := range level {
		if !p.CanWinNow() {
			byCode[engine.BookKey(p)] = p
		}
	}
	codes := make([]uint32, 0, len(byCode))
	for code := range byCode {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	out := make([]engine.Position, len(codes))
	for i, code := range codes {
		out[i] = byCode[code]
	}
	return out, nil
}
