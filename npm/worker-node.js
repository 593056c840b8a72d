// A worker_threads worker running fourgen's engine in Node (see serve.js).

import { parentPort } from 'node:worker_threads';
import { serve } from './serve.js';

const handle = serve((m) => parentPort.postMessage(m));
parentPort.on('message', handle);
