//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "c4wasm runs in a browser: build it with GOOS=js GOARCH=wasm (make web)")
	os.Exit(2)
}
