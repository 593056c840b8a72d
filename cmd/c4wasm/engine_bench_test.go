//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/browsertest"
	"github.com/fourgen/fourgen/internal/tooltest"
)

// benchTableMiB is the table of the engine in both hosts: the page's
// default for a solving worker, and the -tt-mb of bench/wasm-ratio.sh.
const benchTableMiB = 64

// BenchmarkEngineIn runs the static page's engine (make web's fourgen.wasm
// in one of its Web Workers, the npm package's worker.js) in headless Chromium and
// the same fourgen.wasm under Node (testdata/requests-node.js, which runs
// it as the worker does), on the positions issue 38 times: positions/n12
// (first 50) and positions/n16 (first 300), each position solved (op
// solve) and analysed (op scores, every column, as the page's analysis
// on one worker), one thread, a 64 MiB table kept from one position to the
// next and a fresh engine each iteration. It reports the mean of the
// engine's own microseconds a position (the answer's micros: the
// messages' time and the engine's start left out) and its nodes, which
// must be the same in both hosts. Compare the hosts with
//
//	go test -run '^$' -bench EngineIn -benchtime 1x -count 5 ./cmd/c4wasm > out.txt
//	benchstat -col /host out.txt
//
// It skips without Chromium, Node or the reference data.
func BenchmarkEngineIn(b *testing.B) {
	tooltest.LookPath(b, "node", "apt-get install nodejs")
	refSkips.Classic(b, board.Width, board.Height, board.InARow)
	dir := buildStaticPage(b)
	if err := os.WriteFile(filepath.Join(dir, "bench.html"), []byte("<!doctype html><title>fourgen's engine, timed</title>\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	ts, _ := staticServer(b, dir, nil)
	ctx := browsertest.Start(b, 800, 600, 30*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/bench.html")); err != nil {
		b.Fatal(err)
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatal(err)
	}
	execJS := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec.js")
	hosts := []struct {
		name string
		run  func(requests []string) ([]engineAnswer, error)
	}{
		{"node", func(requests []string) ([]engineAnswer, error) {
			return requestsInNode(execJS, filepath.Join(dir, "fourgen", "fourgen.wasm"), requests)
		}},
		{"chromium", func(requests []string) ([]engineAnswer, error) {
			return requestsInChromium(ctx, requests)
		}},
	}
	for _, set := range []struct {
		name, file string
		n          int
	}{{"n12", "positions/n12.txt", 50}, {"n16", "positions/n16.txt", 300}} {
		lines := refSkips.Lines(b, testdata, set.file, set.n)
		for _, op := range []string{"solve", "scores"} {
			requests := make([]string, len(lines))
			for i, line := range lines {
				j, err := json.Marshal(map[string]string{"op": op, "pos": strings.Fields(line)[0]})
				if err != nil {
					b.Fatal(err)
				}
				requests[i] = string(j)
			}
			nodes := map[string]uint64{} // a position's nodes, the same in every host
			for _, host := range hosts {
				b.Run(fmt.Sprintf("set=%s/op=%s/host=%s", set.name, op, host.name), func(b *testing.B) {
					var micros, total uint64
					for b.Loop() {
						answers, err := host.run(requests)
						if err != nil {
							b.Fatal(err)
						}
						for i, a := range answers {
							if want, ok := nodes[requests[i]]; ok && a.Nodes != want {
								b.Fatalf("%s in %s: %d nodes, %d in the other host: the hosts must search the same tree", requests[i], host.name, a.Nodes, want)
							}
							nodes[requests[i]] = a.Nodes
							micros += uint64(a.Micros)
							total += a.Nodes
						}
					}
					per := float64(b.N * len(requests))
					b.ReportMetric(float64(micros)/per, "engine-µs/pos")
					b.ReportMetric(float64(total)/per, "nodes/pos")
				})
			}
		}
	}
}

// engineAnswer is what the benchmark reads of an answer of ops solve and
// scores: the engine's work.
type engineAnswer struct {
	Nodes  uint64 `json:"nodes"`
	Micros int64  `json:"micros"`
}

// requestsInNode answers requests with a fresh fourgen.wasm (wasm) under
// Node, run by testdata/requests-node.js with the toolchain's wasm_exec.js
// (execJS).
func requestsInNode(execJS, wasm string, requests []string) ([]engineAnswer, error) {
	cmd := exec.Command("node", filepath.Join("testdata", "requests-node.js"), execJS, wasm, strconv.Itoa(benchTableMiB))
	cmd.Stdin = strings.NewReader(strings.Join(requests, "\n") + "\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("node requests-node.js: %w", err)
	}
	return parseAnswers(requests, string(out))
}

// requestsInChromium answers requests with a fresh Web Worker of the
// static page (the npm package's worker.js, in fourgen/) in the tab of
// ctx, which shows a page of the static page's folder, one request at a
// time.
func requestsInChromium(ctx context.Context, requests []string) ([]engineAnswer, error) {
	j, err := json.Marshal(requests)
	if err != nil {
		return nil, err
	}
	js := `(async (requests, tableMiB) => {
  const res = await fetch('fourgen/fourgen.wasm');
  const module = await WebAssembly.compile(await res.arrayBuffer());
  const worker = new Worker('fourgen/worker.js', { type: 'module' });
  worker.postMessage({ init: { module, tableMiB } });
  const out = [];
  for (let id = 0; id < requests.length; id++) {
    out.push(await new Promise((resolve) => {
      worker.onmessage = (e) => { if (e.data.id === id && e.data.progress === undefined) resolve(e.data.status + ' ' + e.data.body); };
      worker.postMessage({ id, request: requests[id] });
    }));
  }
  worker.terminate();
  return out.join('\n');
})(` + string(j) + `, ` + strconv.Itoa(benchTableMiB) + `)`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		return nil, fmt.Errorf("the page's worker in Chromium: %w", err)
	}
	return parseAnswers(requests, out)
}

// parseAnswers reads a host's answers to requests, a line each: the status
// and the answer's JSON.
func parseAnswers(requests []string, out string) ([]engineAnswer, error) {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(requests) {
		return nil, fmt.Errorf("%d answers to %d requests:\n%.500s", len(lines), len(requests), out)
	}
	answers := make([]engineAnswer, len(lines))
	for i, line := range lines {
		status, body, _ := strings.Cut(line, " ")
		if status != "200" {
			return nil, fmt.Errorf("%s: status %s: %.300s", requests[i], status, body)
		}
		if err := json.Unmarshal([]byte(body), &answers[i]); err != nil {
			return nil, fmt.Errorf("%s: %w: %.300s", requests[i], err, body)
		}
	}
	return answers, nil
}
