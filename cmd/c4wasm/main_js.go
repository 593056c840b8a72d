//go:build js && wasm

package main

import (
	"flag"
	"fmt"
	"os"
	"syscall/js"

	"github.com/fourgen/fourgen/engine"
)

func main() {
	var request js.Func
	w, err := start(os.Args[1:])
	if err != nil {
		msg := fmt.Sprintf(`{"error":%q}`, "c4wasm: "+err.Error())
		request = js.FuncOf(func(js.Value, []js.Value) any { return js.ValueOf([]any{500, msg}) })
	} else {
		request = js.FuncOf(func(_ js.Value, args []js.Value) any {
			if len(args) == 0 || args[0].Type() != js.TypeString {
				return js.ValueOf([]any{400, `{"error":"request: want the request's JSON text"}`})
			}
			var progress func([]byte)
			if len(args) > 1 && args[1].Type() == js.TypeFunction {
				f := args[1]
				progress = func(j []byte) { f.Invoke(string(j)) }
			}
			status, body := w.handle([]byte(args[0].String()), progress)
			return js.ValueOf([]any{status, string(body)})
		})
	}
	api := js.Global().Get("Object").New()
	api.Set("request", request)
	api.Set("loadBook", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if w == nil {
			return js.ValueOf([]any{500, `{"error":"c4wasm: the engine did not start"}`})
		}
		if len(args) == 0 || args[0].Type() != js.TypeObject || !args[0].InstanceOf(js.Global().Get("Uint8Array")) {
			return js.ValueOf([]any{400, `{"error":"loadBook: want the book file's bytes (a Uint8Array)"}`})
		}
		n := args[0].Get("byteLength").Int()
		if n > maxBookBytes {
			n = maxBookBytes + 1 // refused by loadBook without copying the rest
		}
		data := make([]byte, n)
		js.CopyBytesToGo(data, args[0].Call("subarray", 0, n))
		status, body := reply(w.loadBook(data))
		return js.ValueOf([]any{status, string(body)})
	}))
	js.Global().Set("fourgen", api)
	select {} // serve requests until the worker ends
}

// start reads the arguments and makes the worker, with the small book.
func start(args []string) (*worker, error) {
	fs := flag.NewFlagSet("c4wasm", flag.ContinueOnError)
	mib := fs.Int("tt-mb", engine.DefaultTableMiB, "transposition table size in MiB")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	book, err := smallBook()
	if err != nil {
		book = nil // a board other than the classic one: no small book (TestSmallBook reads it on the classic board)
	}
	return newWorker(*mib, book)
}
