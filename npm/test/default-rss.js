// A child process of memory.test.js and bench/web-budget.sh: it creates a
// solver with default options from the package's Node entry at argv[2] (a
// file: URL or an absolute path of its node.js), analyses the positions of
// argv[3..] (4453 by default), waits a second for the engine's background
// work (V8's optimising compiler) to settle, and prints its RSS in MB.
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
await new Promise((r) => setTimeout(r, 1000));
console.log((process.memoryUsage().rss / 1e6).toFixed(1));
s.close();
