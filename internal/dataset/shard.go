package dataset

import "github.com/fourgen/fourgen/internal/shard"

// shardStream is the stream of the positions of a shard's slots, in
// order, with a look at the next one before taking it.
type shardStream struct {
	ps     *positionStream
	shard  shard.Part // the slots j with j mod Of = Index
	peeked bool
	slot   int
	pos    string
	err    error
}

// Peek returns the next slot of the shard and its position, without
// taking it.
func (s *shardStream) Peek() (int, string, error) {
	for !s.peeked {
		s.slot = s.ps.Slot()
		s.pos, s.err = s.ps.Next()
		s.peeked = s.err != nil || s.shard.Has(s.slot)
	}
	return s.slot, s.pos, s.err
}

// Next takes the next slot of the shard and its position.
func (s *shardStream) Next() (int, string, error) {
	slot, pos, err := s.Peek()
	if err == nil {
		s.peeked = false
	}
	return slot, pos, err
}
