// make npm runs this on the finished package (bin/npm): it asks the
// package's own engine for its version (the go command's module version,
// as npm writes versions: c4wasm's op version) and writes it into
// package.json, so that the package and its engine cannot disagree. Not
// part of the package.

import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

const dir = resolve(process.argv[2] ?? 'bin/npm');
const { Solver } = await import(pathToFileURL(resolve(dir, 'node.js')).href);
const s = await Solver.create({ tableMiB: 1 });
s.close();
const file = resolve(dir, 'package.json');
const pkg = JSON.parse(await readFile(file, 'utf8'));
pkg.version = s.version;
await writeFile(file, JSON.stringify(pkg, null, 2) + '\n');
console.log(`${pkg.name}@${pkg.version}`);
