"""Monster Day images: every fixture view (and, once the engine is registered, every view of a
few random playouts) renders to a sane PNG in both languages.

The fixture views are hand-made in the engine's view shape so the renderer is tested on its own:
an empty board at the start, mid-game, monsters everywhere, extended-deck cards, game over with a
winner and with a draw, long names.
"""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageStat

from render import RENDERERS, board_image, render_board, render_hand
from render.common import Canvas, lang, player_names
from render.monster_day import HEIGHT, WIDTH
from render.text import ellipsize
from tests.render.playouts import playout
from tests.render.pngs import assert_sane, decode

GAME = "monster_day"

# --------------------------------------------------------------------------- fixture views

_CARDS = """
ace_moons ace moons - the Ace of Moons|l'Asso di Lune
ace_suns ace suns - the Ace of Suns|l'Asso di Soli
ace_waves ace waves - the Ace of Waves|l'Asso di Onde
ace_leaves ace leaves - the Ace of Leaves|l'Asso di Foglie
ace_wyrms ace wyrms - the Ace of Wyrms|l'Asso di Viverne
ace_knots ace knots - the Ace of Knots|l'Asso di Nodi
author 2 moons,knots personality the Author|l'Autore
desert 2 suns,wyrms location the Desert|il Deserto
origin 2 waves,leaves location,event the Origin|l'Origine
journey 3 moons,waves event the Journey|il Viaggio
painter 3 suns,knots personality the Painter|il Pittore
savage 3 leaves,wyrms personality the Savage|il Selvaggio
mountain 4 moons,suns location the Mountain|la Montagna
sailor 4 waves,leaves personality the Sailor|il Marinaio
battle 4 wyrms,knots event the Battle|la Battaglia
forest 5 moons,leaves location the Forest|la Foresta
discovery 5 suns,waves event the Discovery|la Scoperta
soldier 5 wyrms,knots personality the Soldier|il Soldato
lunatic 6 moons,waves personality the Lunatic|il Lunatico
penitent 6 suns,wyrms personality the Penitent|il Penitente
market 6 leaves,knots location,event the Market|il Mercato
chance_meeting 7 moons,leaves event the Chance Meeting|l'Incontro Casuale
castle 7 suns,knots location the Castle|il Castello
cave 7 waves,wyrms location the Cave|la Caverna
diplomat 8 moons,suns personality the Diplomat|il Diplomatico
mill 8 waves,leaves location the Mill|il Mulino
betrayal 8 wyrms,knots event the Betrayal|il Tradimento
pact 9 moons,suns event the Pact|il Patto
darkness 9 waves,wyrms location the Darkness|l'Oscurità
merchant 9 leaves,knots personality the Merchant|il Mercante
huntress crown moons personality the Huntress|la Cacciatrice
bard crown suns personality the Bard|il Bardo
sea crown waves location the Sea|il Mare
end crown leaves location,event the End|la Fine
calamity crown wyrms event the Calamity|la Calamità
windfall crown knots event the Windfall|il Colpo di Fortuna
harvest pawn moons,suns,leaves event the Harvest|il Raccolto
watchman pawn moons,wyrms,knots personality the Watchman|la Sentinella
light_keeper pawn suns,waves,knots personality the Light Keeper|il Guardiano del Faro
borderland pawn waves,leaves,wyrms location the Borderland|la Terra di Confine
consul court moons,waves,knots personality the Consul|il Console
rite court moons,leaves,wyrms event the Rite|il Rito
island court suns,waves,wyrms location the Island|l'Isola
window court suns,leaves,knots location the Window|la Finestra
excuse excuse - - the Excuse|la Scusa
"""


def _parse_cards() -> dict[str, dict[str, Any]]:
    cards = {}
    for line in _CARDS.strip().splitlines():
        cid, rank, suits, types, names = line.split(" ", 4)
        en, it = names.split("|")
        value = int(rank) if rank.isdigit() else {"crown": 10, "excuse": 0}.get(rank)
        cards[cid] = {
            "id": cid,
            "rank": int(rank) if rank.isdigit() else rank,
            "value": value,
            "suits": [] if suits == "-" else suits.split(","),
            "types": [] if types == "-" else types.split(","),
            "name": {"en": en, "it": it},
        }
    return cards


CARDS = _parse_cards()
MONSTER_NAMES = {
    "catoblepas": {"en": "Catoblepas", "it": "Catoblepa"},
    "dire_bear": {"en": "Dire Bear", "it": "Orso Terribile"},
    "glatisant": {"en": "Glatisant", "it": "Glatisant"},
    "pegasus": {"en": "Pegasus", "it": "Pegaso"},
}
DEFAULT_ACES = ["ace_wyrms", "ace_suns", "ace_moons", "ace_knots", "ace_waves", "ace_leaves"]


def card(cid: str) -> dict[str, Any]:
    return dict(CARDS[cid])


def make_view(
    *,
    aces: list[str] | None = None,
    piles: list[list[str]] | None = None,
    monsters: list[int | None] | None = None,
    hand_counts: tuple[int, int] = (3, 3),
    deck_count: int = 18,
    current: int | None = 0,
    turn_number: int = 1,
    first_player_rolls: list[list[int]] | None = None,
    last_turn: dict[str, Any] | None = None,
    extended: bool = False,
    hand: list[str] | None = None,
    seat: int | None = None,
) -> dict[str, Any]:
    """A view in the engine's shape (see ``rules.monster_day.engine.view``)."""
    aces = aces or DEFAULT_ACES
    piles = piles or [[] for _ in range(6)]
    positions = monsters or [None, None, None, None]
    ids = ("catoblepas", "dire_bear", "glatisant", "pegasus")
    scores = [0, 0]
    for mid, pos in zip(ids, positions, strict=True):
        if pos is not None:
            scores[0 if pos < 3 else 1] += 2 if mid == "pegasus" else 1
    over = current is None
    winners = [s for s in (0, 1) if scores[s] == max(scores)]
    view: dict[str, Any] = {
        "game": GAME,
        "seat": seat,
        "options": {"extended_deck": extended},
        "spaces": [
            {
                "ace": card(aces[i]),
                "owner": 0 if i < 3 else 1,
                "top": card(piles[i][-1]) if piles[i] else None,
                "covered": max(0, len(piles[i]) - 1),
            }
            for i in range(6)
        ],
        "monsters": [
            {
                "id": mid,
                "space": pos,
                "points": 2 if mid == "pegasus" else 1,
                "name": dict(MONSTER_NAMES[mid]),
            }
            for mid, pos in zip(ids, positions, strict=True)
        ],
        "hand_counts": list(hand_counts),
        "deck_count": deck_count,
        "current": current,
        "turn_number": turn_number,
        "first_player_rolls": first_player_rolls or [[5, 3]],
        "last_turn": last_turn,
        "scores": scores,
        "over": over,
        "outcome": {"scores": scores, "winners": winners} if over else None,
    }
    if seat is not None:
        view["hand"] = [card(c) for c in (hand or [])]
    return view


def monster_event(
    monster: str, totals: list[int], frm: int | None, to: int | None, result: str
) -> dict[str, Any]:
    toward = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
    return {
        "type": "monster",
        "monster": monster,
        "totals": totals,
        "toward": toward,
        "from": frm,
        "to": to,
        "result": result,
    }


def last_turn(
    seat: int, cid: str, space: int, dice: list[int], events: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        "seat": seat,
        "card": card(cid),
        "space": space,
        "dice": dice,
        "events": [
            {"type": "played", "seat": seat, "card": cid, "space": space},
            {"type": "dice", "seat": seat, "dice": dice},
            *events,
            {"type": "drew", "seat": seat},
        ],
    }


def fixture_views() -> dict[str, dict[str, Any]]:
    mid_piles = [
        ["castle"],
        ["mountain", "bard"],
        [],
        ["battle"],
        ["mill", "cave", "darkness"],
        ["chance_meeting"],
    ]
    ext_aces = ["ace_moons", "ace_leaves", "ace_wyrms", "ace_suns", "ace_knots", "ace_waves"]
    ext_piles = [
        ["consul"],
        ["harvest"],
        ["excuse"],
        ["light_keeper", "island"],
        ["window"],
        ["borderland"],
    ]
    full_piles = [
        ["author", "diplomat", "pact", "huntress"],
        ["discovery", "painter"],
        ["journey", "lunatic", "forest", "chance_meeting", "merchant"],
        ["soldier", "betrayal"],
        ["sea", "sailor", "origin", "mill"],
        ["savage", "end", "market"],
    ]
    return {
        "start": make_view(deck_count=24, current=1, first_player_rolls=[[4, 4], [2, 6]]),
        "first_roll_no_effect": make_view(
            piles=[[], [], [], ["castle"], [], []],
            deck_count=23,
            current=1,
            turn_number=2,
            last_turn=last_turn(0, "castle", 3, [5, 6], []),
        ),
        "mid_game": make_view(
            piles=mid_piles,
            monsters=[1, None, 4, 3],
            deck_count=12,
            current=1,
            turn_number=8,
            hand_counts=(3, 3),
            last_turn=last_turn(
                0,
                "bard",
                1,
                [3, 4],
                [
                    monster_event("glatisant", [10, 0], 3, 4, "moved"),
                    monster_event("pegasus", [24, 24], 3, 3, "tie"),
                ],
            ),
        ),
        "all_on_one_space": make_view(
            piles=mid_piles,
            monsters=[0, 0, 0, 0],
            deck_count=6,
            current=0,
            turn_number=14,
            last_turn=last_turn(
                1,
                "darkness",
                4,
                [2, 2],
                [
                    monster_event("dire_bear", [14, 0], 0, 0, "at_edge"),
                ],
            ),
        ),
        "monsters_everywhere": make_view(
            piles=full_piles,
            monsters=[5, 2, 3, 5],
            deck_count=2,
            current=0,
            turn_number=19,
            hand_counts=(3, 2),
            last_turn=last_turn(
                1,
                "market",
                5,
                [1, 4],
                [
                    monster_event("catoblepas", [9, 15], 4, 5, "moved"),
                    monster_event("pegasus", [27, 30], 4, 5, "moved"),
                ],
            ),
        ),
        "three_start_one_out": make_view(
            piles=[[], ["desert"], [], [], [], []],
            monsters=[None, 2, None, None],
            deck_count=23,
            current=1,
            turn_number=2,
            last_turn=last_turn(
                0,
                "desert",
                1,
                [2, 5],
                [
                    monster_event("dire_bear", [2, 0], None, 2, "moved"),
                ],
            ),
        ),
        "extended_deck": make_view(
            aces=ext_aces,
            piles=ext_piles,
            monsters=[None, 1, 4, 2],
            extended=True,
            deck_count=20,
            current=0,
            turn_number=7,
            last_turn=last_turn(
                1,
                "borderland",
                5,
                [4, 1],
                [
                    {
                        "type": "card_value_rolled",
                        "card": "harvest",
                        "space": 1,
                        "roller": 0,
                        "dice": [3, 4],
                        "value": 7,
                        "monster": "pegasus",
                    },
                    monster_event("pegasus", [17, 12], 3, 2, "moved"),
                    monster_event("catoblepas", [7, 7], None, None, "tie"),
                ],
            ),
        ),
        "game_over_winner": make_view(
            piles=full_piles,
            monsters=[0, 2, 4, 1],
            hand_counts=(0, 0),
            deck_count=0,
            current=None,
            turn_number=30,
            last_turn=last_turn(
                1,
                "market",
                5,
                [4, 6],
                [
                    monster_event("pegasus", [30, 27], 2, 1, "moved"),
                ],
            ),
        ),
        "game_over_draw": make_view(
            piles=full_piles,
            monsters=[0, 1, None, 5],
            hand_counts=(0, 0),
            deck_count=0,
            current=None,
            turn_number=30,
            last_turn=last_turn(0, "huntress", 0, [6, 6], []),
        ),
    }


LONG_NAMES = [
    "Bartholomew the Unreasonably Long-Named Wizard of the Northern Marshes",
    "😀 Ξένια Ωмега-Ünïcödé 的名字 " * 3,
]

# --------------------------------------------------------------------------- helpers


def pixels(data: bytes) -> bytes:
    return decode(data).convert("RGB").tobytes()


FIXTURES = fixture_views()

# --------------------------------------------------------------------------- tests


def test_registry_has_monster_day() -> None:
    assert GAME in RENDERERS


def test_unknown_game_raises() -> None:
    with pytest.raises(KeyError):
        render_board("no_such_game", FIXTURES["start"])


@pytest.mark.parametrize("locale", ["en", "it", "en-US", "it-IT"])
@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_fixture_boards(name: str, locale: str) -> None:
    data = render_board(GAME, FIXTURES[name], locale=locale, players=["Anna", "Bruno"])
    assert_sane(data, (WIDTH, HEIGHT))


def test_different_views_give_different_images() -> None:
    images = {name: pixels(render_board(GAME, view)) for name, view in FIXTURES.items()}
    assert len(set(images.values())) == len(images)


def test_locales_differ() -> None:
    view = FIXTURES["mid_game"]
    assert pixels(render_board(GAME, view, locale="en")) != pixels(
        render_board(GAME, view, locale="it")
    )


def test_player_names_change_the_image() -> None:
    view = FIXTURES["mid_game"]
    assert pixels(render_board(GAME, view, players=["Anna", "Bruno"])) != pixels(
        render_board(GAME, view, players=["Carla", "Dario"])
    )


@pytest.mark.parametrize("players", [None, [], ["Solo"], LONG_NAMES, ["", "   "]])
def test_player_names_fallbacks_and_long_names(players: list[str] | None) -> None:
    for view in (FIXTURES["start"], FIXTURES["mid_game"], FIXTURES["game_over_winner"]):
        assert_sane(render_board(GAME, view, locale="it", players=players), (WIDTH, HEIGHT))


def test_default_player_names() -> None:
    assert player_names(None, 2, "en") == ["Player 1", "Player 2"]
    assert player_names(["Anna"], 2, "it-IT") == ["Anna", "Giocatore 2"]
    assert lang("it") == "it" and lang("en-GB") == "en" and lang("fr") == "en"


def test_missing_optional_view_fields_do_not_crash() -> None:
    view = dict(FIXTURES["mid_game"])
    for key in ("first_player_rolls", "outcome", "turn_number", "last_turn", "hand_counts"):
        view.pop(key, None)
    assert_sane(render_board(GAME, view))


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize(
    "hand",
    [
        ["castle", "huntress", "chance_meeting"],
        ["excuse", "light_keeper", "window"],
        ["borderland"],
        [],
    ],
)
def test_hand(hand: list[str], locale: str) -> None:
    view = make_view(seat=1, hand=hand, turn_number=5, extended=True)
    img = assert_sane(render_hand(GAME, view, locale=locale))
    assert img.width >= 3 * 150 and img.height >= 250


def test_hands_differ() -> None:
    a = render_hand(GAME, make_view(seat=0, hand=["castle", "bard", "mill"]))
    b = render_hand(GAME, make_view(seat=0, hand=["castle", "bard", "cave"]))
    assert pixels(a) != pixels(b)


def test_ellipsize_and_fit() -> None:
    canvas = Canvas(100, 100)
    text, size = canvas.fit("a" * 200, 80, 20, min_size=12)
    assert size == 12 and text.endswith("…")
    assert canvas.text_width(text, size) <= 80
    assert ellipsize("short", len, 10) == "short"
    assert ellipsize("much too long", len, 6) == "much…"


def test_still_legible_downscaled() -> None:
    """Downscaled to a phone's width the board keeps its contrast (text does not melt away)."""
    img = board_image(GAME, FIXTURES["mid_game"])
    small = img.resize((500, round(500 * img.height / img.width)), Image.Resampling.LANCZOS)
    lo, hi = ImageStat.Stat(small.convert("L")).extrema[0]
    assert hi - lo > 180


# --------------------------------------------------------------------------- random playouts


@pytest.mark.parametrize(("seed", "extended"), [(1, False), (2, True), (3, True), (4, False)])
def test_random_playouts(seed: int, extended: bool) -> None:
    """Whole games (random moves for odd seeds, the bot's for even ones): every board and every
    hand to act renders to a sane PNG, and the boards change as the game goes."""
    options = {"extended_deck": extended}
    shots = playout(GAME, 2, seed, options, random_share=1.0 if seed % 2 else 0.0)
    seen = set()
    for i, shot in enumerate(shots):
        locale = "it" if i % 2 else "en"
        if shot.seat is None:
            data = render_board(GAME, shot.view, locale=locale, players=["Anna", LONG_NAMES[0]])
            assert_sane(data, (WIDTH, HEIGHT))
            seen.add(pixels(data))
        else:
            assert_sane(render_hand(GAME, shot.view, locale=locale))
    assert len(seen) > 5
