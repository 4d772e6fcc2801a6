"""Tests of the balance simulator (``python -m simulator``), an application on the engines."""
