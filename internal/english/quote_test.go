package english

import "testing"

// TestQuote checks that a short string is quoted whole and a long one cut
// at most bytes, the cut marked.
func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		s    string
		most int
		want string
	}{
		{"4453", 10, `"4453"`},
		{"", 3, `""`},
		{"12345", 5, `"12345"`},
		{"123456", 5, `"12345"…`},
		{"a\tb", 2, `"a\t"…`},
	} {
		if got := Quote(tc.s, tc.most); got != tc.want {
			t.Errorf("Quote(%q, %d) = %s, want %s", tc.s, tc.most, got, tc.want)
		}
	}
}
