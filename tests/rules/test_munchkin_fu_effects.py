"""Every op of the effect vocabulary (``content.EFFECT_OPS``), each by a card of the deck that
carries it, played through the engine: one ``test_effect_<op>`` per op, and a test that no op
is left without one.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from rules.munchkin_fu import engine as E
from rules.munchkin_fu import strength
from rules.munchkin_fu.content import EFFECT_OPS
from rules.munchkin_fu.model import (
    Accept,
    Choose,
    Kick,
    OfferHelp,
    Play,
    Resolve,
    Run,
    Slay,
    State,
    Strike,
)
from tests.rules.test_munchkin_fu import act, acts, fight, game, pass_all


def trapped(card: str, **victim: object) -> State:
    """Seat 1 plays the trap ``card`` on seat 0 (who has ``victim``) outside a fight."""
    state = game(players={0: dict(victim), 1: {"hand": (card,)}})
    return act(state, 1, Play(card, target=0))


def caught_by(monster: str, **me: object) -> State:
    """Seat 0 runs from ``monster`` and rolls, on the first seed where it is caught."""
    for seed in range(50):
        state = act(fight(monster, seed=seed, players={0: dict(me)}), 0, Run())
        _, events = E.apply(state, 0, Choose("roll"))
        if any(e["type"] == "caught" for e in events):
            return act(state, 0, Choose("roll"))
    raise AssertionError("never caught")


# --- while in play -------------------------------------------------------------------------------


def test_effect_bonus_vs() -> None:
    assert strength.totals(fight("d001", players={0: {"styles": ("d083",)}}))[0] == 1 + 2 + 2


def test_effect_vs() -> None:
    assert strength.totals(fight("d015", players={0: {"classes": ("d071",)}}))[1] == 9 + 3


def test_effect_run() -> None:
    state = act(fight("d009", players={0: {"styles": ("d085",)}}), 0, Run())
    _, events = E.apply(state, 0, Choose("roll"))
    assert next(e for e in events if "roll" in e)["modifier"] == 2 - 1  # tram +2, monster -1


def test_effect_no_escape() -> None:
    for seed in range(10):
        state = act(fight("d023", seed=seed, players={0: {"level": 5}}), 0, Run())
        _, events = E.apply(state, 0, Choose("roll"))
        assert [e["type"] for e in events if "roll" in e] == ["caught"]


def test_effect_ignore_below() -> None:
    state = act(fight("d016", players={0: {"level": 2}}), 0, Run())
    _, events = E.apply(state, 0, Choose("roll"))
    assert events[0]["how"] == "ignored"


def test_effect_helper_bonus() -> None:
    state = acts(
        fight("d030", players={1: {"classes": ("d071",)}}), (0, OfferHelp(1)), (1, Accept(1))
    )
    assert strength.totals(state)[0] == 1 + 1 + 2


def test_effect_extra_treasure() -> None:
    state = pass_all(
        act(fight("d001", players={0: {"level": 2, "styles": ("d082",)}}), 0, Resolve())
    )
    assert len(state.players[0].hand) == 2


def test_effect_discard_for_bonus() -> None:
    hand = ("t001", "t002", "t008", "t009")
    state = fight("d004", players={0: {"classes": ("d067",), "hand": hand}})
    state = acts(state, (0, Strike("t001")), (0, Strike("t002")), (0, Strike("t008")))
    assert not any(isinstance(a, Strike) for a in E.legal_actions(state, 0))  # max:3


def test_effect_escape_discard_hand() -> None:
    state = act(
        fight("d029", players={0: {"classes": ("d064",), "hand": ("t001", "t002")}}), 0, Run()
    )
    assert act(state, 0, Choose("vanish")).players[0].level == 1


def test_effect_style_slots() -> None:
    state = game(players={0: {"classes": ("d078",), "styles": ("d079",), "hand": ("d081",)}})
    assert Play("d081") in E.legal_actions(state, 0)


def test_effect_big_items() -> None:
    state = game(players={0: {"items": ("t006",), "classes": ("d068",), "hand": ("t037",)}})
    assert Play("t037") in E.legal_actions(state, 0)
    assert Play("t037") not in E.legal_actions(
        game(players={0: {"items": ("t006",), "hand": ("t037",)}}), 0
    )


def test_effect_hand_slots() -> None:
    items = ("t021", "t022", "t024")
    plain = fight("d030", players={0: {"items": items}})
    wide = fight("d030", players={0: {"items": items, "styles": ("d086",)}})
    assert (
        strength.totals(wide)[0] - strength.totals(plain)[0] == 3 + 1
    )  # the third hand item and the style


# --- epic ---------------------------------------------------------------------------------------


def test_effect_clairvoyance() -> None:
    state = game(
        players={0: {"level": 10, "classes": ("d078",)}, 1: {"hand": ("t001",)}}, epic=True
    )
    assert E.view(state, 0)["neighbours"]["1"] == ["t001"]
    assert "neighbours" not in E.view(state, 1)


def test_effect_shadow_escape() -> None:
    players = {0: {"level": 10, "classes": ("d063",)}, 1: {"hand": ("d045", "d029")}}
    state = fight("d030", players=players, epic=True)
    state = act(act(state, 1, Play("d045", extra="d029")), 0, Run())
    state = act(state, 0, Choose(state.choice.default))
    assert "shadow" in state.choice.options


def test_effect_draw_and_strike() -> None:
    hand = ("t001", "t002", "t008")
    players = {0: {"level": 10, "classes": ("d067",), "hand": hand}}
    state = fight("d031", players=players, epic=True, race=True)
    assert Slay(0) in E.legal_actions(state, 0)
    state = pass_all(act(act(state, 0, Slay(0)), 0, Resolve()))  # the window first (C13)
    assert state.players[0].level == 12 and state.fight is None  # the card's 2 levels
    assert len(state.players[0].hand) == 4  # its treasure, face down
    short = fight("d031", players={0: {**players[0], "hand": hand[:2]}}, epic=True)
    assert Slay(0) not in E.legal_actions(short, 0)


def test_effect_crime_lord() -> None:
    state = game(
        players={
            0: {"level": 10, "classes": ("d071",), "mooks": (("d101", ()),), "hand": ("d102",)}
        },
        epic=True,
    )
    assert Play("d102") in E.legal_actions(state, 0)


# --- when played ---------------------------------------------------------------------------------


def test_effect_combat_bonus() -> None:
    state = act(fight("d004", players={2: {"hand": ("t055",)}}), 2, Play("t055", side="monsters"))
    assert strength.totals(state) == (1, 8)


def test_effect_remove_monster() -> None:
    state = act(fight("d004", players={0: {"hand": ("t063",)}}), 0, Play("t063", monster=0))
    assert state.fight is None and state.players[0].level == 1


def test_effect_auto_escape() -> None:
    state = act(fight("d031", players={0: {"hand": ("t061",), "level": 5}}), 0, Run())
    state = act(state, 0, Choose("escape:t061"))
    assert state.players[0].level == 5 and state.fight is None


def test_effect_gain_levels() -> None:
    assert act(game(players={0: {"hand": ("t067",)}}), 0, Play("t067")).players[0].level == 2


def test_effect_lose_levels() -> None:
    assert trapped("d061", level=3).players[0].level == 2


def test_effect_lose_slot() -> None:
    state = trapped("d049", items=("t001", "t002", "t008"))
    assert state.choice is not None and set(state.choice.options) == {"t001", "t002"}
    assert state.choice.default == "t001"  # the lowest bonus
    state = act(state, 0, Choose("t002"))
    assert state.players[0].items == ("t001", "t008")


def test_effect_lose_items() -> None:
    assert trapped("d052", items=("t008",)).players[0].items == ()


def test_effect_lose_big() -> None:
    assert trapped("d060", items=("t006", "t001")).players[0].items == ("t001",)


def test_effect_lose_hand() -> None:
    assert trapped("d056", hand=("t001", "t002")).players[0].hand == ()


def test_effect_lose_cards() -> None:
    state = trapped("d062", hand=("t001", "t002", "t046"))
    assert state.choice.kind == "lose" and "options" not in E.view(state, 1)["choice"]
    state = act(state, 0, Choose(state.choice.default))
    state = act(state, 0, Choose(state.choice.default))
    assert state.players[0].hand == ("t046",)


def test_effect_lose_class() -> None:
    assert trapped("d058", classes=("d063",)).players[0].classes == ()


def test_effect_lose_style() -> None:
    assert trapped("d057", styles=("d079",)).players[0].styles == ()


def test_effect_lose_mook() -> None:
    assert trapped("d059", mooks=(("d101", ()),)).players[0].mooks == ()


def test_effect_combat_penalty() -> None:
    state = trapped("d053", level=4)
    assert state.players[0].curses == ("d053",)  # K3: held until the next fight
    state = act(replace(state, door=("d004", *state.door)), 0, Kick())
    assert strength.totals(state) == (4 - 3, 3) and state.players[0].curses == ()
    assert "d053" in state.door_discard


def test_effect_draw() -> None:
    assert len(act(game(players={0: {"hand": ("t066",)}}), 0, Play("t066")).players[0].hand) == 2


def test_effect_death() -> None:
    state = caught_by("d030", level=6, items=("t001",))
    assert state.players[0].items == () and state.players[0].reborn


def test_effect_helper_levels() -> None:
    """I40, T4: a card that gives the helper levels: both reach 10 on one kill, both win."""
    players = {0: {"level": 9}, 1: {"level": 9, "items": ("t078",)}}
    state = acts(fight("d004", players=players), (0, OfferHelp(1)), (1, Accept(1)))
    state = act(state, 0, Resolve())
    events: list[dict[str, object]] = []
    while E.pending(state) and state.phase != "over":
        state, more = E.apply(state, E.pending(state)[0], E.Pass())
        events += more
    assert [p.level for p in state.players[:2]] == [10, 10] and state.winners == (0, 1)
    assert {"type": "won", "seats": [0, 1]} in events
    plain = acts(fight("d004", players={1: {"level": 5}}), (0, OfferHelp(1)), (1, Accept(1)))
    assert pass_all(act(plain, 0, Resolve())).players[1].level == 5  # H9 without the card


def test_effect_steal_item() -> None:
    state = game(players={0: {"items": ("t001", "t015")}, 1: {"hand": ("t079",)}})
    state, events = E.apply(state, 1, Play("t079", target=0, extra="t015"))
    assert state.players[0].items == ("t001",) and state.players[1].items == ("t015",)
    assert "t079" in state.treasure_discard
    assert {"type": "stolen", "seat": 1, "target": 0, "card": "t079", "item": "t015"} in events


def test_every_effect_op_has_a_test() -> None:
    module = sys.modules[__name__]
    assert {op for op in EFFECT_OPS if not hasattr(module, f"test_effect_{op}")} == set()
