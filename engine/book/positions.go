package book

import (
	"fmt"
	"slices"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
)

// Positions lists, once per mirror pair, every position of plies stones
// that can arise in a game from root (no four on the board) and where the
// side to move cannot win at once, sorted by book key. Neighbours in the
// list share their left columns, so solving them in order reuses the table.
// A book of the whole game starts from the empty board; a later root makes
// a book of one opening line.
func Positions(root board.Position, plies int) ([]board.Position, error) {
	if root.Moves() > board.MaxBookPlies {
		return nil, fmt.Errorf("book from a position of %d stones: a book of the %d×%d board holds positions of at most %d stones (their stone strings fit 32 bits)",
			root.Moves(), board.Width, board.Height, board.MaxBookPlies)
	}
	if plies < root.Moves() || plies > board.MaxBookPlies {
		return nil, fmt.Errorf("book of %d plies from a position of %d stones: want %d to %d plies", plies, root.Moves(), root.Moves(), board.MaxBookPlies)
	}
	if root.IsWon() {
		return nil, engine.ErrGameOver
	}
	level := []board.Position{root}
	for range plies - root.Moves() {
		seen := make(map[board.Bits]bool)
		var next []board.Position
		for _, p := range level {
			for col := range board.Width {
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
	byCode := make(map[bookKey]board.Position)
	for _, p := range level {
		if !p.CanWinNow() {
			byCode[board.BookKey(p)] = p
		}
	}
	codes := make([]bookKey, 0, len(byCode))
	for code := range byCode {
		codes = append(codes, code)
	}
	slices.Sort(codes)
	out := make([]board.Position, len(codes))
	for i, code := range codes {
		out[i] = byCode[code]
	}
	return out, nil
}
