// fourgen/board: the <fourgen-board> element (board-element.js, whose
// comment says how to use it) with the package's engine.
//
//   <script type="module" src="…/fourgen/board.js"></script>
//   <fourgen-board position="4453" scores></fourgen-board>

import { Solver } from './index.js';
import { configure, FourgenBoard, useSolver } from './board-element.js';

useSolver(Solver);

export { configure, FourgenBoard };
