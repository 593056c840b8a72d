// A web app as its writer bundles it: the solver and the board element
// from the package, nothing else. It shows the solver's scores of 4453 in
// #solver and a board of 4453 with its scores.
import { Solver } from 'fourgen';
import 'fourgen/board';

Solver.create().then(async (s) => {
  document.getElementById('solver').textContent = JSON.stringify(await s.analyze('4453'));
}).catch((err) => {
  document.getElementById('solver').textContent = 'error: ' + err.message;
});
