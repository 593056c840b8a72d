// Package racebuild says whether the program was built with the race
// detector (go test -race), for tests that skip what the detector only
// slows down, or that the compiler's extra checks under -race change.
package racebuild
