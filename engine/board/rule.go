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
func BuildCommand(w, h, k int) string {
	if k == 4 {
		return fmt.Sprintf("make c4 SIZE=%dx%d", w, h)
	}
	return fmt.Sprintf("make c4 SIZE=%dx%d K=%d", w, h, k)
}
