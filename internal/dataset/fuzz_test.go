package dataset

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/fourgen/fourgen/engine/board"
	"github.com/fourgen/fourgen/internal/longtest"
	"github.com/fourgen/fourgen/internal/movetest"
	"github.com/fourgen/fourgen/internal/racebuild"
	"github.com/fourgen/fourgen/internal/shard"
)

// FuzzParseJSON checks that any line either is refused or parses to a
// record that encodes and parses back to itself.
func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(jsonLine(`"index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]`)))
	f.Add([]byte(`{"index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]}`)) // no board: an older c4's
	f.Add([]byte(`{"board":"` + otherBoardName + `","index":0,"pos":"4","ply":1,"score":-2,"scores":[` + sampleScores(board.Width, ",") + `]}`))
	f.Add([]byte(`{"board":"","index":1}`))
	f.Add([]byte(`{"index":1}`))
	f.Add([]byte(`{"index":0,"pos":"4444444","ply":7,"score":0,"scores":[0,0,0,-1000,0,0,0]}`))
	full := movetest.Fixture(strings.Repeat(strconv.Itoa(centre+1), board.Height))
	fullScores := strings.Split(zeros(board.Width, ","), ",")
	fullScores[centre] = "-1000"
	f.Add([]byte(jsonLine(fmt.Sprintf(`"index":0,"pos":"%s","ply":%d,"score":0,"scores":[%s]`, full, board.Height, strings.Join(fullScores, ",")))))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, line []byte) {
		rec, err := parseJSON(line)
		if err != nil {
			return
		}
		back, err := parseJSON(bytes.TrimSuffix(encodeJSON(rec), []byte("\n")))
		if err != nil || back != rec {
			t.Fatalf("%q: parsed %+v, round trip %+v, %v", line, rec, back, err)
		}
	})
}

// FuzzCheckpoint feeds arbitrary checkpoint bodies to the resume reader:
// it must never panic, and the prefix it keeps must be the sealed records
// of the shard's first slots, each on a complete line of the body.
func FuzzCheckpoint(f *testing.F) {
	opts := Options{Spec: Spec{Count: 3, MinPly: 2, MaxPly: 4, Seed: 1}, Shard: shard.Part{Index: 0, Of: 1}}
	positions, err := samplePositions(opts.Spec)
	if err != nil {
		f.Fatal(err)
	}
	key := runKey(opts, "00112233445566778899aabbccddeeff")
	var good []byte
	for j, pos := range positions {
		good = append(good, sealRecord(key, datasetRecord{Index: int64(j), Pos: pos, Ply: len(pos)})...)
	}
	f.Add(good)
	f.Add(good[:len(good)-5])
	f.Add([]byte("\n\n"))
	f.Add(append(append([]byte{}, good...), "{}\n"...))
	f.Fuzz(func(t *testing.T, body []byte) {
		slots := newShardStream(context.Background(), opts)
		n, _ := readRecords("ckpt", bufio.NewReaderSize(bytes.NewReader(body), maxRecordLine), key, slots, len(positions), nil)
		var want []byte
		for k := range n.records {
			want = append(want, sealRecord(key, mustRecord(t, body, k))...)
		}
		if n.bytes != int64(len(want)) || !bytes.HasPrefix(body, want) {
			t.Fatalf("kept %+v, not a prefix of sealed records", n)
		}
		for k := range n.records {
			if rec := mustRecord(t, body, k); rec.Index != int64(k) || rec.Pos != positions[k] {
				t.Fatalf("record %d is %+v", k, rec)
			}
		}
	})
}

// mustRecord parses the record on line k of a checkpoint body, ignoring
// its hash.
func mustRecord(t *testing.T, body []byte, k int) datasetRecord {
	line := bytes.Split(body, []byte("\n"))[k]
	rec, err := parseJSON(append(bytes.Clone(line[:len(line)-macSuffix]), '}'))
	if err != nil {
		t.Fatalf("kept line %d %q: %v", k, line, err)
	}
	return rec
}

// FuzzCheckLabels feeds arbitrary records to the label check of resumed
// checkpoints and read datasets: it must never panic, and a record it
// accepts has -1000 exactly in its full columns and a score that is the
// best of the others.
func FuzzCheckLabels(f *testing.F) {
	f.Add("4453", 1, []byte{3, 1, 4, 1, 5, 9, 2})
	f.Add(movetest.Fixture(strings.Repeat(strconv.Itoa(centre+1), board.Height)), 0, []byte{})
	f.Add("112233", 0, []byte{0, 0, 0, 19})
	f.Fuzz(func(t *testing.T, pos string, score int, scores []byte) {
		rec := datasetRecord{Pos: pos, Ply: len(pos), Score: score}
		for col := range rec.Scores {
			rec.Scores[col] = int(board.Invalid)
			if col < len(scores) && scores[col] != 255 {
				rec.Scores[col] = int(int8(scores[col]))
			}
		}
		if rec.check() != nil || rec.checkLabels() != nil {
			return
		}
		p, _ := board.Parse(movetest.Fixture(pos))
		best := int(board.Invalid)
		for col, s := range rec.Scores {
			if (s == int(board.Invalid)) != !p.CanPlay(col) {
				t.Fatalf("%+v accepted: column %d scores %d", rec, col+1, s)
			}
			best = max(best, s)
		}
		if rec.Score != best {
			t.Fatalf("%+v accepted: score %d, best %d", rec, rec.Score, best)
		}
	})
}

// FuzzParsePlies checks that accepted ranges are in bounds.
func FuzzParsePlies(f *testing.F) {
	for _, s := range []string{"12-20", "30", "0-41", fmt.Sprintf("0-%d", maxPly), "20-12", "-1", "1--2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := ParsePlies(s)
		if err == nil && (lo < 0 || hi > maxPly || lo > hi) {
			t.Fatalf("ParsePlies(%q) = %d, %d", s, lo, hi)
		}
	})
}

// FuzzReadCSV checks that any CSV input is refused or gives checked
// records.
func FuzzReadCSV(f *testing.F) {
	f.Add([]byte(strings.Join(csvHeader, ",") + "\n" + boardName + ",0,4,1,-2," + sampleScores(board.Width, ",") + "\n"))
	f.Add([]byte(strings.Join(csvHeader, ",") + "\n" + otherBoardName + ",0,4,1,-2," + sampleScores(board.Width, ",") + "\n"))
	f.Add([]byte(strings.Join(csvHeader, ",") + "\n"))
	f.Add([]byte(strings.Join(csvHeader[1:], ",") + "\n0,4,1,-2," + sampleScores(board.Width, ",") + "\n")) // no board: an older c4's
	f.Add([]byte("index,pos,ply,score,c1,c2,c3,c4,c5,c6,c7\n0,4,1,-2,-3,-3,-2,-2,-2,-3,-3\n"))
	f.Add([]byte("index,pos\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := readCSV(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, rec := range recs {
			if err := rec.check(); err != nil {
				t.Fatalf("accepted a bad record %+v: %v", rec, err)
			}
		}
	})
}

// FuzzReadParquet checks that any bytes given as a Parquet dataset are
// refused or give checked records, without a panic: c4 dataset reads a
// foreign --out FILE.parquet to tell whether it is its own output.
func FuzzReadParquet(f *testing.F) {
	good := parquetSample(f)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("PAR1"))
	f.Add([]byte("PAR1\x00\x00\x00\x00PAR1"))
	long := bytes.Clone(good) // a footer length of 2 GB
	long[len(long)-5] = 0x7f
	f.Add(long)
	f.Fuzz(func(t *testing.T, data []byte) {
		recs, err := readParquetAt(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		for _, rec := range recs {
			if err := rec.check(); err != nil {
				t.Fatalf("accepted a bad record %+v: %v", rec, err)
			}
		}
	})
}

// TestReadParquetDamaged damages each byte of a small Parquet dataset in
// turn (every seventh with -short) in several ways, among them each
// compression codec's number: each read must end in records or an error,
// never a panic (the library panicked on some) nor an allocation beyond
// what the file's size allows (with LZ4 named as the codec of ZSTD pages,
// the library doubled its buffer until memory ran out).
func TestReadParquetDamaged(t *testing.T) {
	if racebuild.Enabled {
		t.Skip("under -race a nil unsafe.Slice inside parquet-go is fatal, not a recoverable panic (the compiler's pointer checks, which -race turns on)")
	}
	good := parquetSample(t)
	step := longtest.Pick(7, 3, 1) // every byte with the long checks
	// The codecs SNAPPY to LZ4_RAW as Thrift's compact protocol writes them.
	values := []byte{0x00, 0x3f, 0x7f, 0x80, 0xff, 0x02, 0x04, 0x06, 0x08, 0x0a, 0x0c, 0x0e}
	const maxAlloc = 16 << 20
	refused := 0
	var before, after runtime.MemStats
	for i := 0; i < len(good); i += step {
		for _, v := range values {
			data := bytes.Clone(good)
			data[i] = v
			runtime.ReadMemStats(&before)
			_, err := readParquetAt(bytes.NewReader(data), int64(len(data)))
			runtime.ReadMemStats(&after)
			if err != nil {
				refused++
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > maxAlloc {
				t.Errorf("byte %d set to %#x: reading %d bytes allocated %d", i, v, len(data), n)
			}
		}
	}
	if refused == 0 {
		t.Error("no damaged file refused")
	}
}

// parquetSample is a Parquet dataset of one record, as Run writes it.
func parquetSample(tb testing.TB) []byte {
	var buf bytes.Buffer
	w, _ := newWriter(Parquet, &buf, nil)
	full := movetest.Fixture(strings.Repeat(strconv.Itoa(centre+1), board.Height))
	rec := datasetRecord{Index: 0, Pos: full, Ply: board.Height}
	rec.Scores[centre] = int(board.Invalid)
	if err := w.Write(rec); err != nil {
		tb.Fatal(err)
	}
	if err := w.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}
