"""Notte di Terrore's ``hard`` level (issue 28): the normal bot's planner (:mod:`.bot`) with
weights chosen against normal bots, not against copies of itself.

Why not a search: a tree, flat searches and a fitted race value all played about as the
normal bot does (``docs/simulator.md``, issue 28): a Notte turn is some 13 moves, a playout
to the game's end costs tens of milliseconds, and the Terror piles a few moves on say little
about who wins. The normal bot's weights were tuned against variants of itself; played at one
seat against two normal bots, on the same seeds and seat as all-normal games (cheap: a game
is about 30 ms), two weights beat it: a hand of fewer Events, more Beings (for the haunting to
come), and a Necronomicon held dearer (the only sure way off the last Place, F2; the normal
bot spends it on others' Places and its own sooner). What it sees is what
the planner sees, its own seat's view only, so two tables its seat cannot tell apart get the
same move.

What the normal bot ignores and hard reads (public): the game ends the moment a player gets
home (L7) and the fewest Terror wins (I1). Normal goes home whenever it can, even to lose, and
blocks a rival's way home even when that ending would be its own win.
"""

from __future__ import annotations

from dataclasses import replace

from rules.notte_di_terrore.bot import choose
from rules.notte_di_terrore.engine import Action, State
from rules.notte_di_terrore.planner import DEFAULT, Tuning

HARD = replace(
    DEFAULT, events_share=0.6, necro_keep=10.0, home_loss=30.0, endgame=True, own_summons=True
)
"""The normal bot's weights but a hand of 60 % Events (normal: 80 %) at the split and refill,
a Necronomicon kept in hand worth 10 Terror (normal: 5), and the end of the game read: going
home while a rival holds fewer Terror ends the game with a loss (L7, I1), so it costs 30
(normal: 0) and hard fights on instead; a rival going home to end it in hard's favour is let
through, one going home to win is hurt at full weight (``Tuning.endgame``). Fighting on
includes its own Apparition on an empty last Place where only a Summon is left to play
(``Tuning.own_summons``): passing there would pass the Place at once (I7)."""


HARD_FOUR = replace(HARD, threat_scale=5.0)
"""With four seats, the same but haunting the rivals behind the leader more: the urge to hurt a
player fades by e over a gap of 5 in standing (Terror plus Places left) behind the leader, not
3. Tuned at four seats with the end of the game read (``docs/simulator.md``): with three rivals
the leader is haunted by two other seats already, and the one who ends the game ahead is more
often a seat just behind."""

HARD_FIVE = replace(HARD, threat_scale=8.0, place_early=True, necro_seek_share=0.8)
"""With five seats, the 3-seat weights but the urge to hurt a player fading by e over a gap
of 8 in standing behind the leader (3 seats: 3, 4 seats: 5). Tuned at five seats
(``docs/simulator.md``, "Notte di Terrore's hard bot at five seats": +3.5 ± 1.3 points on 1200
fresh seeds): with four rivals the leader is haunted by three other seats already, so harm is
worth more on the seats behind (a reading, not measured). And in its own Apparition it places
a Being it surely kills (one that takes Terror off its pile) while the other seats may still
play, rather than pass at once and wait for all of them to pass, its pass being final (A3;
``Tuning.place_early``; +1.3 ± 0.5 points on 2400 fresh seeds, "the Summon on its last
Place"); a reading, not measured: with four rivals still holding cards, they have rarely
all passed by its turn. And while its hand holds no Necronomicon it refills towards 10 Events
of 12, not 7 (``Tuning.necro_seek_share``; +2.5 ± 0.8 points on 4800 fresh seeds): with four
hands haunting its Place, a Necronomicon (kill any Being and the Events on it, N4) decides
whether a Place is cleared (the first player's first turn: 8.6 Terror with one, 43.8
without)."""

BY_SEATS = {4: HARD_FOUR, 5: HARD_FIVE}
"""The weights per number of seats where tuning at that count found better ones; every other
count plays :data:`HARD` (tuned at three seats)."""


def hard_tuning(num_players: int) -> Tuning:
    """The weights hard plays with at a table of ``num_players``."""
    return BY_SEATS.get(num_players, HARD)


def hard_action(state: State, seat: int) -> Action:
    """The planner's move for ``seat`` with the weights for the table's seat count."""
    return choose(state, seat, hard_tuning(state.num_players))
