// Package filelock keeps two processes from writing one file at once: a
// process takes the lock of a path (a file beside it, path+".lock",
// holding the taker's process id) before writing it, and a second process
// asking for the same lock gets a [HeldError] naming the holder instead
// of waiting.
//
// On Unix systems the lock is flock(2) on the lock file: the system
// releases it when the holder exits, however it exits, and the lock file
// left behind is free for the next taker. On a network file system flock
// may be local to one machine (older NFS clients), emulated with POSIX
// byte-range locks (Linux NFS since 2.6.12, needing a working lock
// manager) or refused; on Lustre it works across clients only when the
// file system is mounted with -o flock (-o localflock makes it local to
// one client). Elsewhere (Windows) the lock is the lock file's creation
// with O_EXCL: it works on any file system, but a holder that crashes
// leaves the file, which must then be removed by hand.
//
// The lock file is opened without following a symbolic link (package
// regularfile): a link, directory or FIFO planted at its name is refused
// with an error naming it, never written through.
package filelock
