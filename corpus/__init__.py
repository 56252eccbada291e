"""Generated memories for the demo, the benchmarks and the tests (standard library only)."""
