// Package tooltest decides what a test does when a program it needs is
// missing (Chromium for the browser tests, Node.js for the WebAssembly
// ones, Python for the example agent): on a developer's machine it skips,
// naming what to install; with FOURGEN_REQUIRE_TOOLS=1, which .ci/run
// sets after installing them, it fails with the same words, so that CI
// cannot pass with a check that did not run.
package tooltest
