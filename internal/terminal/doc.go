// Package terminal is fourgen's one check of whether a reader or writer
// is a terminal, someone's screen or keyboard: the commands draw progress
// and colour only there, tell someone typing at one what they wait for,
// and echo what a script, not a person, typed. Anything else (a file, a
// pipe, a buffer, /dev/null) is not a terminal, so that output meant for
// scripts stays clean.
package terminal
