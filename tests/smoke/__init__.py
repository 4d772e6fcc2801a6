"""End-to-end smoke tests: the real ``python -m bot`` against the repo's fake Discord."""
