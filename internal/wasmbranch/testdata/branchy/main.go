// Command branchy prints what a few kinds of control flow compute, for
// wasmbranch's test to run before and after its rewrite: branches and loops,
// calls, goroutines that block and resume (a resumed function enters
// through its dispatch), a recovered panic and a switch.
package main

import (
	"fmt"
	"sort"
	"strings"
)

func collatz(n uint64) (steps int) {
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func classify(i int) string {
	switch {
	case i%15 == 0:
		return "fizzbuzz"
	case i%5 == 0:
		return "buzz"
	case i%3 == 0:
		return "fizz"
	}
	return fmt.Sprint(i)
}

func divide(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func pipeline(n int) int {
	in, out := make(chan int), make(chan int)
	for range 3 {
		go func() {
			for v := range in {
				if v%7 == 3 {
					out <- -v
					continue
				}
				out <- v * v
			}
		}()
	}
	go func() {
		for i := range n {
			in <- i
		}
		close(in)
	}()
	sum := 0
	for range n {
		sum += <-out
	}
	return sum
}

func main() {
	total := 0
	for i := uint64(1); i < 3000; i++ {
		total += collatz(i)
	}
	fmt.Println("collatz", total)
	var words []string
	for i := 1; i <= 30; i++ {
		words = append(words, classify(i))
	}
	fmt.Println(strings.Join(words, " "))
	for _, b := range []int{3, 0, -2} {
		q, err := divide(17, b)
		fmt.Println("divide", q, err)
	}
	fmt.Println("pipeline", pipeline(500))
	m := map[string]int{}
	for _, w := range words {
		m[w]++
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(len(keys), keys[0], m["fizz"], m["buzz"], m["fizzbuzz"])
}
