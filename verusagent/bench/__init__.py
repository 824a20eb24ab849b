"""Benchmark suites and the harness that runs verusagent over them."""
