//go:build race

package dataset

// raceBuild is true under -race, which also turns on the compiler's
// pointer checks: parquet-go's unsafe.Slice of a nil pointer, on some
// damaged files, is then a fatal error instead of the panic that
// readParquetAt recovers from in every other build.
const raceBuild = true
