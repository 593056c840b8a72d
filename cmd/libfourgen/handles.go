package main

import (
	"math"
	"sync"
)

// registry holds the objects the C API hands out as handles (positive
// integers: no Go pointer crosses the boundary). Each object has its own
// lock, held for the whole of a call on it, so that several C (or Python)
// threads may share one handle: their calls take turns.
type registry[T any] struct {
	what string // "solver", "agent": named in errors

	mu    sync.Mutex
	last  int64
	slots map[int64]*slot[T]
}

// slot is one object of a registry and the lock its calls hold.
type slot[T any] struct {
	mu    sync.Mutex
	v     T
	freed bool
}

// add registers v and returns its handle.
func (r *registry[T]) add(v T) int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.slots == nil {
		r.slots = make(map[int64]*slot[T])
	}
	if r.last == math.MaxInt64 {
		r.last = 0
	}
	r.last++
	r.slots[r.last] = &slot[T]{v: v}
	return r.last
}

// lookup returns the slot of handle h.
func (r *registry[T]) lookup(h int64) (*slot[T], error) {
	r.mu.Lock()
	s := r.slots[h]
	r.mu.Unlock()
	if s == nil {
		return nil, invalidf("no %s has handle %d (never made, or freed)", r.what, h)
	}
	return s, nil
}

// with calls f with the object of handle h, holding its lock.
func (r *registry[T]) with(h int64, f func(T) error) error {
	s, err := r.lookup(h)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.freed { // freed while this call waited for the lock
		return invalidf("no %s has handle %d (never made, or freed)", r.what, h)
	}
	return f(s.v)
}

// free forgets handle h once the calls on it have ended, and returns its
// object.
func (r *registry[T]) free(h int64) (T, error) {
	var zero T
	r.mu.Lock()
	s := r.slots[h]
	delete(r.slots, h)
	r.mu.Unlock()
	if s == nil {
		return zero, invalidf("no %s has handle %d (never made, or freed)", r.what, h)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.freed = true
	v := s.v
	s.v = zero
	return v, nil
}
