package progress

import "testing"

func TestReadable(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {7, "7"}, {999, "999"}, {999.4, "999"},
		{999.5, "1.00 k"}, {1234, "1.23 k"}, {12345, "12.3 k"}, {123456, "123 k"},
		{78610432, "78.6 M"}, {11534072, "11.5 M"}, {999_950, "1.00 M"}, {4.1e9, "4.10 G"},
		{1.8e19, "18.0 E"}, {1e22, "10000 E"}, {-2500, "-2.50 k"},
	} {
		if got := readable(tc.x); got != tc.want {
			t.Errorf("Readable(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}
