package answer

import "github.com/fourgen/fourgen/engine"

// Progress is one step of a long analysis: the score of playing Column
// lies in [Lo, Hi], Lo == Hi once it is known.
type Progress struct {
	Column int    `json:"column"` // 1-based column being solved
	Lo     int    `json:"lo"`     // the score of playing it is at least lo
	Hi     int    `json:"hi"`     // and at most hi
	Nodes  uint64 `json:"nodes"`  // positions searched so far in this analysis
	Micros int64  `json:"micros"` // time since the analysis started
}

// ProgressOf returns the progress event of pr.
func ProgressOf(pr engine.Progress) Progress {
	return Progress{Column: pr.Column, Lo: int(pr.Lo), Hi: int(pr.Hi), Nodes: pr.Nodes, Micros: pr.Elapsed.Microseconds()}
}
