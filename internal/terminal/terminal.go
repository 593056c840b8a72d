package terminal

import (
	"io"
	"os"

	"golang.org/x/term"
)

// Is reports whether f, a reader or writer, is a terminal: an *os.File
// the terminal driver answers for. A character device that is no terminal,
// as /dev/null or /dev/zero, is not one. Unlike [os.File.Fd], asking
// leaves the file's mode (non-blocking reads, deadlines) as it was.
func Is(f any) bool {
	file, ok := f.(*os.File)
	if !ok || file == nil {
		return false
	}
	conn, err := file.SyscallConn()
	if err != nil {
		return false
	}
	is := false
	if err := conn.Control(func(fd uintptr) { is = term.IsTerminal(int(fd)) }); err != nil {
		return false
	}
	return is
}

// Colour reports whether to draw in colour on w: when it is a terminal and
// the NO_COLOR environment variable (https://no-color.org) is absent or
// empty. getenv is os.Getenv outside tests.
func Colour(w io.Writer, getenv func(string) string) bool {
	return Is(w) && getenv("NO_COLOR") == ""
}
