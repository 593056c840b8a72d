// Package regularfile opens the files a command writes in place (lock
// files, checkpoints, temporary files) without following a symbolic
// link: a link, a directory, a FIFO or a device at the path is refused
// with a [*NotRegularError] naming the path, and what it points to is
// left alone. In a folder others can write (a group scratch folder where
// job arrays run), a link planted at a lock file's name would otherwise
// let a run overwrite any file its user can write.
//
// On Unix systems the file is opened with O_NOFOLLOW (and O_NONBLOCK, so
// that a FIFO is refused instead of waited on) and checked to be a
// regular file once open, so nothing swapped in between can fool it.
// Elsewhere (Windows) a new file made with O_CREATE|O_EXCL is never
// opened through a link (the system refuses an existing name, link or
// not); an existing file is looked at without following links, opened,
// and refused unless the file opened is the one looked at. A link put in
// place between the two steps and removed again before the check is the
// one gap left there.
package regularfile
