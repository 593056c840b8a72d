// This file bounds what reading a Parquet file may allocate, before the
// Parquet library reads it: the library trusts the sizes a file declares
// (a list of 2^31 row groups in the footer, a page of 2 GiB, a compressed
// block that decodes to 4 GiB) and allocates them, so a one-byte change
// in a small file could exhaust memory. Every size it would trust is
// checked here against what the file's size and the dataset's row shape
// allow.

package dataset

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/encoding/thrift"
	"github.com/parquet-go/parquet-go/format"

	"github.com/fourgen/fourgen/engine/board"
)

// maxParquetRowBytes bounds the decoded bytes of one row in any one page:
// every field of a record written out in full, with its levels.
const maxParquetRowBytes = 2 * maxRecordBytes

// maxPageOverhead is what a page may hold beyond its rows' bytes: lengths,
// level headers and padding of the encodings.
const maxPageOverhead = 4096

// checkParquetFrame checks the frame of a Parquet file of size bytes
// before the library reads it: the magic "PAR1" at both ends, and a
// footer length that fits in the file (the library would otherwise
// allocate what a damaged length says, gigabytes). It returns the footer.
func checkParquetFrame(r io.ReaderAt, size int64) ([]byte, error) {
	const magic = "PAR1"
	if size < 12 {
		return nil, fmt.Errorf("not a Parquet file: %d bytes", size)
	}
	var head [4]byte
	var tail [8]byte
	if _, err := r.ReadAt(head[:], 0); err != nil {
		return nil, err
	}
	if _, err := r.ReadAt(tail[:], size-8); err != nil {
		return nil, err
	}
	if string(head[:]) != magic || string(tail[4:]) != magic {
		return nil, fmt.Errorf("not a Parquet file: no %s at both ends", magic)
	}
	n := int64(binary.LittleEndian.Uint32(tail[:4]))
	if n > size-12 {
		return nil, fmt.Errorf("not a Parquet file: a footer of %d bytes in a file of %d", n, size)
	}
	footer := make([]byte, n)
	if _, err := r.ReadAt(footer, size-8-n); err != nil {
		return nil, err
	}
	return footer, nil
}

// boundedThrift is a Thrift reader over n bytes that refuses a list, set
// or map of more items than bytes remain (each item takes at least one
// byte), so that decoding allocates at most in proportion to the bytes.
type boundedThrift struct {
	thrift.BytesReader
	n int
}

func (b boundedThrift) fits(items int32) error {
	if int(items) > b.n-b.BytesRead() {
		return fmt.Errorf("a list of %d items in %d bytes", items, b.n-b.BytesRead())
	}
	return nil
}

func (b boundedThrift) ReadList() (thrift.List, error) {
	l, err := b.BytesReader.ReadList()
	if err == nil {
		err = b.fits(l.Size)
	}
	return l, err
}

func (b boundedThrift) ReadSet() (thrift.Set, error) {
	s, err := b.BytesReader.ReadSet()
	if err == nil {
		err = b.fits(s.Size)
	}
	return s, err
}

func (b boundedThrift) ReadMap() (thrift.Map, error) {
	m, err := b.BytesReader.ReadMap()
	if err == nil {
		err = b.fits(m.Size)
	}
	return m, err
}

// decodeBounded decodes the Thrift struct at the start of data into v and
// returns the bytes it took.
func decodeBounded(data []byte, v any) (int, error) {
	var proto thrift.CompactProtocol
	r := boundedThrift{proto.NewReaderFromBytes(data), len(data)}
	if err := thrift.NewDecoder(r).Decode(v); err != nil {
		return 0, err
	}
	return r.BytesRead(), nil
}

// checkParquetLimits checks, before the library reads the Parquet file of
// size bytes at r, that every size it would allocate is bounded by the
// file's size: the footer's lists, the number of rows (a row takes more
// than a byte), and each page's sizes, number of values and codec, whose
// compressed data must decode to at most what the page's rows allow.
func checkParquetLimits(r io.ReaderAt, size int64) error {
	footer, err := checkParquetFrame(r, size)
	if err != nil {
		return err
	}
	var meta format.FileMetaData
	if _, err := decodeBounded(footer, &meta); err != nil {
		return fmt.Errorf("not a readable Parquet footer: %w", err)
	}
	for _, kv := range meta.KeyValueMetadata { // the board first: another's rows are of another shape
		if kv.Key == boardKey {
			if err := checkBoard("a dataset", kv.Value); err != nil {
				return err
			}
		}
	}
	end := size - 8 - int64(len(footer)) // where the column chunks end
	if meta.NumRows < 0 || meta.NumRows > size {
		return fmt.Errorf("%d rows in a file of %d bytes", meta.NumRows, size)
	}
	rows := int64(0)
	for g, rg := range meta.RowGroups {
		if rg.NumRows < 0 || rg.NumRows > meta.NumRows-rows {
			return fmt.Errorf("row group %d: %d rows, more than the file's %d", g, rg.NumRows, meta.NumRows)
		}
		rows += rg.NumRows
		for c := range rg.Columns {
			if err := checkColumnChunk(r, end, &rg.Columns[c], rg.NumRows); err != nil {
				return fmt.Errorf("row group %d, column %d: %w", g, c, err)
			}
		}
	}
	if rows != meta.NumRows {
		return fmt.Errorf("row groups of %d rows in all, the file says %d", rows, meta.NumRows)
	}
	return nil
}

// checkColumnChunk checks a column chunk of rows rows, which must lie in
// the file before end, page by page.
func checkColumnChunk(r io.ReaderAt, end int64, cc *format.ColumnChunk, rows int64) error {
	md := &cc.MetaData
	switch md.Codec {
	case format.Uncompressed, format.Snappy, format.Zstd:
	default:
		return fmt.Errorf("compression %v: c4 reads Parquet compressed with ZSTD, SNAPPY or none", md.Codec)
	}
	start := md.DataPageOffset
	if md.DictionaryPageOffset != 0 {
		start = md.DictionaryPageOffset
	}
	switch {
	case cc.FilePath != "":
		return fmt.Errorf("data in another file, %q", cc.FilePath)
	case start < 4 || md.TotalCompressedSize < 0 || md.TotalCompressedSize > end-start:
		return fmt.Errorf("%d bytes at offset %d, outside the file's %d bytes of data", md.TotalCompressedSize, start, end)
	}
	data := make([]byte, md.TotalCompressedSize)
	if _, err := r.ReadAt(data, start); err != nil {
		return err
	}
	limits := pageLimits{
		bytes:  maxPageOverhead + rows*maxParquetRowBytes,
		values: rows * max(board.Width, 1),
		rows:   rows,
		codec:  md.Codec,
	}
	// The library reads the dictionary page, then seeks to DataPageOffset:
	// that must be where a page checked here begins, or it would read a
	// header no check has seen.
	dataAt := md.DataPageOffset == start
	for off, page := 0, 1; off < len(data); page++ {
		n, err := limits.check(data[off:])
		if err != nil {
			return fmt.Errorf("page %d: %w", page, err)
		}
		off += n
		dataAt = dataAt || start+int64(off) == md.DataPageOffset && off < len(data)
	}
	if !dataAt {
		return fmt.Errorf("the data pages at offset %d do not begin where a page ends", md.DataPageOffset)
	}
	return nil
}

// pageLimits are the most a page of a column chunk may declare.
type pageLimits struct {
	bytes  int64 // decoded bytes
	values int64 // values, nulls included
	rows   int64
	codec  format.CompressionCodec
}

// check checks the page at the start of data, header and body, and
// returns the bytes it takes.
func (l pageLimits) check(data []byte) (int, error) {
	var h format.PageHeader
	n, err := decodeBounded(data, &h)
	if err != nil {
		return 0, fmt.Errorf("not a readable page header: %w", err)
	}
	body := data[n:]
	values, levels := int64(0), int64(0)
	compressed := true
	switch {
	case h.CompressedPageSize < 0 || int(h.CompressedPageSize) > len(body):
		return 0, fmt.Errorf("%d bytes, past the column's end", h.CompressedPageSize)
	case h.UncompressedPageSize < 0 || int64(h.UncompressedPageSize) > l.bytes:
		return 0, fmt.Errorf("%d bytes decoded, more than %d rows take", h.UncompressedPageSize, l.rows)
	case h.DataPageHeader.Valid:
		values = int64(h.DataPageHeader.V.NumValues)
	case h.DictionaryPageHeader.Valid:
		values = int64(h.DictionaryPageHeader.V.NumValues)
	case h.DataPageHeaderV2.Valid:
		v2 := h.DataPageHeaderV2.V
		values = int64(v2.NumValues)
		levels = int64(v2.RepetitionLevelsByteLength) + int64(v2.DefinitionLevelsByteLength)
		compressed = !v2.IsCompressed.Valid || v2.IsCompressed.V
		if v2.NumRows < 0 || int64(v2.NumRows) > l.rows || v2.NumNulls < 0 || v2.RepetitionLevelsByteLength < 0 || v2.DefinitionLevelsByteLength < 0 {
			return 0, fmt.Errorf("a data page header of %d rows, %d nulls, levels of %d and %d bytes", v2.NumRows, v2.NumNulls, v2.RepetitionLevelsByteLength, v2.DefinitionLevelsByteLength)
		}
	}
	if values < 0 || values > l.values {
		return 0, fmt.Errorf("%d values, more than %d rows hold", values, l.rows)
	}
	if levels > int64(h.CompressedPageSize) {
		return 0, fmt.Errorf("levels of %d bytes in a page of %d", levels, h.CompressedPageSize)
	}
	if compressed {
		if err := l.checkDecoded(body[levels:h.CompressedPageSize]); err != nil {
			return 0, err
		}
	}
	return n + int(h.CompressedPageSize), nil
}

// checkDecoded checks that the compressed data of a page decodes to at
// most l.bytes.
func (l pageLimits) checkDecoded(data []byte) error {
	switch l.codec {
	case format.Snappy:
		n, err := snappy.DecodedLen(data)
		if err != nil {
			return fmt.Errorf("snappy: %w", err)
		}
		if int64(n) > l.bytes {
			return fmt.Errorf("snappy data of %d bytes decoded, more than %d rows take", n, l.rows)
		}
	case format.Zstd:
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxMemory(uint64(max(l.bytes, 1))))
		if err != nil {
			return err
		}
		defer d.Close()
		if _, err := d.DecodeAll(data, nil); err != nil {
			return fmt.Errorf("zstd: %w", err)
		}
	}
	return nil
}
