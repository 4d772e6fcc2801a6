"""Notte di Terrore, a 3–5 player card game by DaRgon: card data for now (engine not yet built).

Not registered in ``rules.GAMES`` yet; see ``docs/rules/notte_di_terrore.md``.
"""
