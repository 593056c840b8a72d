package board

import "fmt"

// Rule names the game this build plays: "four in a row" (Connect-4), or
// "5 in a row" for a build of make c4 K=5 (connect-k, InARow).
func Rule() string {
	if InARow == 4 {
		return "four in a row"
	}
	return fmt.Sprintf("%d in a row", InARow)
}

// BuildCommand is the command that builds c4 for a w×h board of k in a
// row: make c4 SIZE=WxH, with K=k unless k is four (make's default).
func BuildCommand(w, h, k int) string { return MakeCommand("c4", w, h, k) }

// MakeCommand is BuildCommand for target, a make target: c4, or python
// and npm, the packages (make python SIZE=7x6 K=5).
func MakeCommand(target string, w, h, k int) string {
	if k == 4 {
		return fmt.Sprintf("make %s SIZE=%dx%d", target, w, h)
	}
	return fmt.Sprintf("make %s SIZE=%dx%d K=%d", target, w, h, k)
}
