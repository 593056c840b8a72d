//go:build !unix

package filelock

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs on this system") }
