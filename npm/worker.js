// A Web Worker running fourgen's engine (see serve.js).

import { serve } from './serve.js';

const handle = serve((m) => self.postMessage(m));
self.onmessage = (e) => handle(e.data);
