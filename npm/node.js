// The package's entry in Node (package.json's exports): the package of
// index.js, with the engine's files read from the package's folder and
// its workers started as worker_threads.

import { usePlatform } from './engine.js';
import { nodePlatform } from './engine-node.js';

usePlatform(nodePlatform);

export * from './index.js';
