// A child process of memory.test.js and bench/web-budget.sh: it creates a
// solver with default options from the package's Node entry at argv[2] (a
// file: URL or an absolute path of its node.js), analyses the positions of
// argv[3..] (4453 by default), waits for the engine's background work
// (V8's optimising compiler, which goes on after a search) to settle, and
// prints the RSS the process then holds, in MB.
//
// It imports nothing else. The RSS of the same solver depends on what the
// process did before (docs/npm.md, "What a solver costs"): from node -e,
// or after importing node:url, it measured up to 10 MB more.

const [entry, ...positions] = process.argv.slice(2);
if (!entry) throw new Error('usage: node default-rss.js PACKAGE/node.js [POSITION...]');
const { Solver } = await import(entry);
const s = await Solver.create();
for (const p of positions.length > 0 ? positions : ['4453']) await s.analyze(p);
await s.book;
// Settled: the same RSS (to 0.1 MB) for a second, sampled every 250 ms;
// at most 10 s.
const rss = () => Math.round(process.memoryUsage().rss / 1e5) / 10;
let last = rss();
for (let same = 0, i = 0; same < 4 && i < 40; i++) {
  await new Promise((r) => setTimeout(r, 250));
  const now = rss();
  same = now === last ? same + 1 : 0;
  last = now;
}
console.log(last.toFixed(1));
s.close();
