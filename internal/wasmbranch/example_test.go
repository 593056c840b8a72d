package wasmbranch_test

import (
	"fmt"
	"os"

	"github.com/fourgen/fourgen/internal/wasmbranch"
)

// Rewrite a module of one function of Go's shape with a jump forward, as
// make wasm rewrites fourgen.wasm (with the command cmd/wasmjump).
func ExampleRewrite() {
	module, err := os.ReadFile("testdata/tiny.wasm")
	if err != nil {
		fmt.Println(err)
		return
	}
	rewritten, st, err := wasmbranch.Rewrite(module)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d of %d jumps made direct, %d to %d bytes\n", st.Direct, st.Jumps, len(module), len(rewritten))
	// Output: 1 of 1 jumps made direct, 42 to 38 bytes
}
