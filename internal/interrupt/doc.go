// Package interrupt stops a command on the first SIGINT or SIGTERM, even
// when the command is blocked where no context reaches: in the open(2) of a
// FIFO that has no writer, or in a read of a pipe or FIFO that never
// delivers.
//
// [Notify] cancels a context on the first signal, with an [*Error] naming
// it as the cause, and gives the signals their default action again, so
// that a second one ends the process at once. [Guard] is the backstop: once
// the context ends by a signal, the command has a grace period to return;
// if it has not, Guard calls the caller's exit function, which ends the
// process with the signal's status ([Error.ExitCode]: 130 for SIGINT, 143
// for SIGTERM). A goroutine blocked in a system call cannot be woken, but
// it dies with the process. A command that finishes work of its own after
// an interrupt (a checkpoint, a server's shutdown, closing the processes it
// started) asks for a longer grace with [Allow] once it reaches that work,
// and says that it is stopping with [Say], which writes its line before the
// command returns.
package interrupt
