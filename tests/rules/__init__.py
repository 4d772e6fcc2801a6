"""Tests of the pure game engines in ``rules/``."""
