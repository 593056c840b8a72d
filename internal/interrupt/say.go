package interrupt

import (
	"context"
	"fmt"
	"io"
)

// Say writes line to w once ctx is done, as a command says it is stopping
// while it winds down. The func it returns stops that if ctx is not done
// yet, and otherwise waits until the line is written: call it before the
// command returns, so that the process cannot exit in the middle. (The
// line is written by a goroutine of its own, which an exit would cut off.)
func Say(ctx context.Context, w io.Writer, line string) (wait func()) {
	said := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		fmt.Fprintln(w, line)
		close(said)
	})
	return func() {
		if !stop() {
			<-said
		}
	}
}
