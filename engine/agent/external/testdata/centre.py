# A cmd: agent for c4: a move string in, a 1-based column out, one line each.
import sys

WIDTH, HEIGHT = 7, 6
for line in sys.stdin:
    moves = line.strip()  # e.g. "4453"; empty for the empty board
    height = [moves.count(str(c)) for c in range(1, WIDTH + 1)]
    column = next(c for c in (4, 3, 5, 2, 6, 1, 7) if height[c - 1] < HEIGHT)
    print(column, flush=True)  # flush: c4 waits for the line
