// This file holds the board size every dataset file records: its name as
// the files write it ("WxH", the SIZE of make c4), the checks of a name
// read back, and what a file of another board, or of none, is told.

package dataset

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fourgen/fourgen/engine/board"
)

// boardName is this engine's board as dataset files record it: its
// width and height as make c4 SIZE=WxH names them, and its rule after
// them unless it is four in a row: "7x6-k5" for make c4 SIZE=7x6 K=5.
var boardName = ruleName(board.Width, board.Height, board.InARow)

// sizeName is the name of the w×h board of four in a row in dataset files.
func sizeName(w, h int) string { return strconv.Itoa(w) + "x" + strconv.Itoa(h) }

// ruleName is the name of the w×h board of k in a row in dataset files.
func ruleName(w, h, k int) string {
	if k == 4 {
		return sizeName(w, h)
	}
	return sizeName(w, h) + "-k" + strconv.Itoa(k)
}

// The board of a file that records none: c4 wrote datasets without their
// board size before format 2 of the settings and 3 of the checkpoint, and
// the c4 that wrote them was, but for builds of make c4 SIZE, of the
// classic board. Such a file is read as that board's by a build of it,
// and refused by every other build.
const legacyWidth, legacyHeight = 7, 6

// legacyApplies reports whether this build reads files without a board
// size, taking them to be of the legacy board.
func legacyApplies() bool {
	return board.Width == legacyWidth && board.Height == legacyHeight && board.InARow == 4
}

// maxBoardName bounds the board name quoted in an error.
const maxBoardName = 16

// checkBoard reports an error unless name, the board a file (what, e.g.
// "a record") records, is this engine's; "" is a file that records none,
// accepted where [legacyApplies].
func checkBoard(what, name string) error {
	switch {
	case name == boardName:
		return nil
	case name == "":
		return errNoBoard(what)
	}
	w, h, k, ok := parseSizeName(name)
	if !ok {
		return fmt.Errorf("%s of the board %.*q: want WIDTHxHEIGHT, or WIDTHxHEIGHT-kK for K in a row, as %q", what, maxBoardName, name, boardName)
	}
	if w == board.Width && h == board.Height {
		return fmt.Errorf("%s of %d in a row, this c4 plays %s: use a c4 built for it (%s)",
			what, k, board.Rule(), board.BuildCommand(w, h, k))
	}
	return fmt.Errorf("%s of the %d×%d board, this c4 plays %d×%d: use a c4 built for %d×%d (%s)",
		what, w, h, board.Width, board.Height, w, h, board.BuildCommand(w, h, k))
}

// errNoBoard is the error for a file (what) that records no board size,
// nil where such files are read as the legacy board's.
func errNoBoard(what string) error {
	if legacyApplies() {
		return nil
	}
	return fmt.Errorf("%s without its board size, written by an older c4: such files are read only by a c4 of the %d×%d board, this c4 plays %d×%d: use a c4 built for %d×%d (make c4 SIZE=%s), or label it again with this one",
		what, legacyWidth, legacyHeight, board.Width, board.Height, legacyWidth, legacyHeight, sizeName(legacyWidth, legacyHeight))
}

// parseSizeName parses a board name "WxH" of two numbers from 1 to 99,
// or "WxH-kK" with K from 3 to 99 (k is then 4 or K), as ruleName writes
// them.
func parseSizeName(name string) (w, h, k int, ok bool) {
	size, ks, withK := strings.Cut(name, "-k")
	ws, hs, found := strings.Cut(size, "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	k, err3 := 4, error(nil)
	if withK {
		k, err3 = strconv.Atoi(ks)
	}
	if !found || err1 != nil || err2 != nil || err3 != nil || w < 1 || w > 99 || h < 1 || h > 99 || k < 3 || k > 99 || ruleName(w, h, k) != name {
		return 0, 0, 0, false
	}
	return w, h, k, true
}
