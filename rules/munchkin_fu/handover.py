"""Items changing hands between players: a trade's two sides (Y), a theft (P19) and the bribe a
helper is paid when the fight ends (I7).

Why apart from :mod:`.offers`: the fight pays the bribe as it closes, and the offers sit above
the fight (they read whether a seat is in one); so what both need lives here, below either.
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event
from rules.munchkin_fu import character as ch
from rules.munchkin_fu.model import State, with_player
from rules.munchkin_fu.table import gear, remove_from_play, trim


def pay_bribe(state: State) -> tuple[State, list[Event]]:
    """I7: the promised items change hands when the fight ends, win or lose, before anyone
    runs; an item the fighter no longer has is not paid. The helper holds them at once but
    uses them only once the fight is over (P16: not in "un tentativo di fuga")."""
    fight = state.fight
    if fight is None or fight.helper < 0 or not fight.bribe:
        return state, []
    paid = tuple(c for c in fight.bribe if c in state.players[fight.fighter].items)
    paid = tuple(c for c in paid if fits(state, fight.helper, (c,)))
    state = move_items(state, fight.fighter, fight.helper, paid)
    # P16: the helper's new items come into use after the fight, not in the run from it
    benched = (*fight.benched, *paid)
    state = replace(state, fight=replace(fight, bribe=(), benched=benched))
    return state, [
        {"type": "bribe_paid", "seat": fight.fighter, "to": fight.helper, "items": list(paid)}
    ]


def fits(state: State, target: int, items: tuple[str, ...]) -> bool:
    """I23: received items must fit the big-item limit (slots only make them carried)."""
    g = gear(state, target)
    for cid in items:
        if ch.can_equip(g, cid) is not None:
            return False
        g = replace(g, items=(*g.items, cid))
    return True


def move_items(state: State, source: int, target: int, items: tuple[str, ...]) -> State:
    """``items`` from ``source``'s play area to ``target``'s; a limit an item raised (the
    tape's second style, I36) falls with it, and the source trims down to it at once."""
    for cid in items:
        state = with_player(state, source, **_without(state, source, cid))
        state = with_player(state, target, items=(*state.players[target].items, cid))
    return trim(state, source) if items else state


def _without(state: State, seat: int, cid: str) -> dict[str, object]:
    p = remove_from_play(state.players[seat], cid)
    return {"items": p.items, "carried": p.carried}
