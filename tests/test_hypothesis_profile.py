"""The suite's Hypothesis settings: property tests never judge wall-clock time.

Hypothesis fails an example that runs past its ``deadline`` (200 ms by default). On a loaded
machine (CI's 2 cores, the suite run with ``-n auto``) a correct engine can take that long, and
the test then fails for the clock, not the rule; the house rule is that tests never assert on
wall-clock time.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st


def test_property_tests_have_no_wall_clock_deadline() -> None:
    assert settings().deadline is None


@given(st.integers())
def test_a_given_test_inherits_the_suites_profile(number: int) -> None:
    assert settings.default is not None and settings.default.deadline is None
    assert isinstance(number, int)
