"""The outbox: what a committed change must show, and the courier that shows it."""
