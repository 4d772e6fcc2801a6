"""Tournaments (issue 30): Swiss or round robin events of one game on a server.

``pairing`` (pure: rounds, points, Buchholz) at the bottom, ``model`` (the tournament as plain
values) above it, ``service`` (its changes in the store), ``show`` (standings in words and an
image) and ``runner`` (threads, tables and posts on Discord) on top.
"""
