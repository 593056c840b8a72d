package server

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fourgen/fourgen/engine"
	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/engine/openingbook"
)

var (
	solveBenchSet      = flag.String("solve-set", "positions/analyze_n24.txt", "reference file of BenchmarkGamesolverThroughput, under the shared testdata")
	solveBenchClients  = flag.Int("solve-clients", 4, "BenchmarkGamesolverThroughput: clients sending requests at once")
	solveBenchRequests = flag.Int("solve-requests", 400, "BenchmarkGamesolverThroughput: requests per server")
	solveBenchGames    = flag.Bool("solve-games", false, "BenchmarkGamesolverThroughput: treat each line of -solve-set as a game and ask every position along it in order, as a game or bot does (-solve-requests then counts games)")
)

// BenchmarkGamesolverThroughput measures GET /solve?pos= of c4 serve (2
// solvers of 2 threads, 64 MiB tables, the embedded book, as c4 serve
// runs on two cores) against the way gamesolver wrappers serve it: a
// handler that starts one "c4 solve -a" process per request (c4 built
// for the benchmark) and returns its scores in the same shape. Clients
// (-solve-clients) send -solve-requests requests each server, positions
// the first -solve-requests lines of -solve-set, each once; it reports requests per second and the
// 50th and 99th percentile latencies of each, and the ratio. With
// -solve-games each line is a game instead: a client asks for every
// position along it, from the empty board to the line's position, one
// after the other, as a game page or a bot that plays both sides does.
//
//	go test ./internal/server -run '^$' -bench GamesolverThroughput -benchtime 1x
func BenchmarkGamesolverThroughput(b *testing.B) {
	// Each position once, so that no answer is found in the table: with
	// -solve-games, only the openings that games share are asked again.
	var games [][]string
	for _, line := range refLines(b, *solveBenchSet, *solveBenchRequests) {
		moves := strings.Fields(line)[0]
		if !*solveBenchGames {
			games = append(games, []string{moves})
			continue
		}
		var game []string
		for n := range len(moves) + 1 {
			game = append(game, moves[:n])
		}
		games = append(games, game)
	}
	book, err := openingbook.Book()
	if err != nil {
		b.Fatal(err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skipf("no go command to build c4 for the baseline: %v", err)
	}
	c4 := filepath.Join(b.TempDir(), "c4")
	if out, err := exec.Command(goTool, "build", "-o", c4, "../../cmd/c4").CombinedOutput(); err != nil {
		b.Fatalf("building c4: %v\n%s", err, out)
	}
	ours, _ := startServer(b, Options{TableMiB: engine.DefaultTableMiB, MaxSolves: 2, Threads: 2, Timeout: 10 * time.Second, Book: book})
	baseline := httptest.NewServer(processPerRequest(c4))
	defer baseline.Close()
	for b.Loop() {
		base := load(b, baseline.URL, games)
		fast := load(b, ours.URL, games)
		b.ReportMetric(fast.perSecond, "serve-req/s")
		b.ReportMetric(base.perSecond, "process-req/s")
		b.ReportMetric(fast.perSecond/base.perSecond, "speedup")
		b.ReportMetric(ms(fast.p50), "serve-p50-ms")
		b.ReportMetric(ms(fast.p99), "serve-p99-ms")
		b.ReportMetric(ms(base.p50), "process-p50-ms")
		b.ReportMetric(ms(base.p99), "process-p99-ms")
		b.Logf("%d clients, %d requests each server over %s (games: %v): c4 serve %.0f req/s (p50 %v, p99 %v); a process per request %.1f req/s (p50 %v, p99 %v); %.1f×",
			*solveBenchClients, fast.requests, *solveBenchSet, *solveBenchGames, fast.perSecond, fast.p50, fast.p99, base.perSecond, base.p50, base.p99, fast.perSecond/base.perSecond)
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// processPerRequest answers /solve?pos= as the wrappers do: it runs
// "c4 solve -a" on the position, one process per request, and answers
// {"pos","score"} with 100 for a full column.
func processPerRequest(c4 string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pos := r.URL.Query().Get("pos")
		cmd := exec.Command(c4, "solve", "-a", "--threads", "1")
		cmd.Stdin = strings.NewReader(pos + "\n")
		out, err := cmd.Output()
		fields := strings.Fields(string(out))
		if len(fields) == board.Width {
			fields = append([]string{pos}, fields...) // the empty board's line has no moves
		}
		if err != nil || len(fields) != 1+board.Width {
			http.Error(w, fmt.Sprintf("c4 solve -a: %v: %q", err, out), http.StatusInternalServerError)
			return
		}
		scores := strings.ReplaceAll(strings.Join(fields[1:], ","), "-1000", "100")
		fmt.Fprintf(w, `{"pos":%q,"score":[%s]}`+"\n", pos, scores)
	})
}

// loadResult is what a load run measured.
type loadResult struct {
	requests  int
	perSecond float64
	p50, p99  time.Duration
}

// load sends the requests of a run to base and measures them: each client
// takes one sequence of positions at a time and asks for them in order. A
// request that fails fails the benchmark.
func load(b *testing.B, base string, sequences [][]string) loadResult {
	var mu sync.Mutex
	var latencies []time.Duration
	next := make(chan []string)
	var wg sync.WaitGroup
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *solveBenchClients}}
	for range *solveBenchClients {
		wg.Go(func() {
			for sequence := range next {
				for _, pos := range sequence {
					ask(b, client, base, pos, func(took time.Duration) {
						mu.Lock()
						latencies = append(latencies, took)
						mu.Unlock()
					})
				}
			}
		})
	}
	start := time.Now()
	for _, sequence := range sequences {
		next <- sequence
	}
	close(next)
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	q := func(f float64) time.Duration { return latencies[int(f*float64(len(latencies)-1))] }
	return loadResult{requests: len(latencies), perSecond: float64(len(latencies)) / elapsed.Seconds(), p50: q(0.5), p99: q(0.99)}
}

// ask sends one /solve request for pos and hands its latency to done; a
// failed request fails the benchmark and is not counted.
func ask(b *testing.B, client *http.Client, base, pos string, done func(time.Duration)) {
	start := time.Now()
	res, err := client.Get(base + "/solve?pos=" + pos)
	if err != nil {
		b.Error(err)
		return
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(start)
	if res.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(`"score":[`)) {
		b.Errorf("%s: %d %q", pos, res.StatusCode, body)
		return
	}
	done(took)
}
