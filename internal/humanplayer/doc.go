// Package humanplayer holds the person at a terminal (c4 play) as an
// [agent.Agent]: [Human] draws the board before each move and reads
// moves, undos, hints and quits line by line, and [Human.PlayAgainst]
// plays a game against another agent to its end. It lives apart from
// package agent so that no public package imports a terminal UI.
package humanplayer
