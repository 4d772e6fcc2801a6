"""Monsters on Board's components as validated data: colours, dice, boards, ghosts, solo cards.

The rulebook gives counts and pictures, not lists; every design here is original and decided
in ``docs/rules/monsters_on_board.md`` (I5-I7, I11-I17, I22-I24, I31, I34, "Components as
data"). The files live in ``data/``; the ones that follow a rule (dice, boards, solo cards)
are written by ``scripts/mob_content.py`` and committed, so a change shows in review.

:func:`load_content` reads and checks every file and raises :class:`ContentError` naming each
broken file and what is wrong, so a typo fails at load time and never in the middle of a game.
:func:`content` is the cached load the engine and renderer use.

Icons are strings everywhere (dice, town spaces, ghosts, tracks, card backs): a kind such as
``"swap"``, or ``"kind:N"`` for the kinds with an amount (``"juice:5"``, ``"evil:1"``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

DATA_DIR = Path(__file__).with_name("data")

COLOURS: tuple[str, ...] = ("pink", "blue", "green", "orange", "purple", "black")
NEIGHBOURHOODS: frozenset[int] = frozenset({3, 6, 9, 12})
FINAL_AREA = 13
"""The area number of the final area (AM4 scores 13 there, I27); starts and slots are 0."""

AREAS = 12
MULTI = "multi"  # the colour of a multicolour ghost (P5)
WHITE = "white"  # a solo card symbol with no colour preference (T7)
PICKS = ("high", "low")

T = TypeVar("T")


class ContentError(ValueError):
    """The data files are broken; ``problems`` lists each one as ``"<file>: <what>"``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"invalid Monsters on Board content ({len(problems)} problems):\n{lines}")


@dataclass(frozen=True, slots=True)
class Colour:
    id: str
    it: str
    en: str
    symbol: str
    letter: str
    rgb: tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Die:
    """A Lord die: ``faces`` maps each rank 1..6 to the icons that face shows (I6)."""

    id: str
    colour: str
    pattern: int
    faces: Mapping[int, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    area: int
    colour: str
    icon: str | None


@dataclass(frozen=True, slots=True)
class Area:
    number: int
    kind: str  # "public" | "neighbourhood"
    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TrackPosition:
    summon: bool
    icon: str | None


@dataclass(frozen=True, slots=True)
class NormalBoard:
    """The normal side of a player board (I11, I12, I17, I22, I24).

    ``starts``, ``add_slots`` and ``final`` name the off-path places a creature can be
    (colour -> id, and the shared final area); :func:`area_of` maps them to 0 and 13.
    """

    areas: tuple[Area, ...]
    spaces: Mapping[str, Space]
    path: Mapping[str, tuple[str, ...]]
    lodges: tuple[str, ...]
    tracks: tuple[tuple[TrackPosition, ...], ...]
    rows: int
    columns: int
    starts: Mapping[str, str]
    add_slots: Mapping[str, str]
    final: str


@dataclass(frozen=True, slots=True)
class FamilyBoard:
    lanes: Mapping[str, tuple[int, ...]]
    area_actions: Mapping[int, str]
    rows: int
    columns: int
    servant_spaces_per_row: int


@dataclass(frozen=True, slots=True)
class Ghost:
    id: str
    colour: str  # a colour id, or "multi"
    icon: str
    it: str
    en: str


@dataclass(frozen=True, slots=True)
class SoloSymbol:
    colour: str  # a colour id or "white"
    pick: str  # "high" | "low"


@dataclass(frozen=True, slots=True)
class SoloCard:
    id: str
    deck_colours: tuple[str, str]
    symbols: tuple[SoloSymbol, ...]
    it: str
    en: str


@dataclass(frozen=True, slots=True)
class IconInfo:
    kind: str
    it: str
    en: str
    glyph: str


@dataclass(frozen=True, slots=True)
class Content:
    colours: Mapping[str, Colour]
    dice: Mapping[str, Die]
    evil_by_rank: Mapping[int, int]
    max_evil: int
    icons: Mapping[str, IconInfo]
    normal: NormalBoard
    family: FamilyBoard
    market_prices: tuple[int, ...]
    ghosts: Mapping[str, Ghost]
    solo_cards: Mapping[str, SoloCard]
    components: Mapping[str, int]


# ---------------------------------------------------------------------------------------------
# Small converters: a wrong JSON type raises, and the loader reports it against its file.

Check = Callable[[bool, str], None]


def _str(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise TypeError(f"expected a non-empty string, got {value!r}")
    return value


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _strs(entry: Any, *keys: str) -> list[str]:
    return [_str(entry[key]) for key in keys]


def _frozen(mapping: dict[Any, T]) -> Mapping[Any, T]:
    return MappingProxyType(mapping)


def icon_kind(icon: str) -> str:
    """The action kind of an icon string: ``"juice:5"`` -> ``"juice"``."""
    return icon.partition(":")[0]


def icon_amount(icon: str) -> int:
    """The amount of an icon string: ``"juice:5"`` -> 5; 1 for icons without an amount."""
    _, sep, amount = icon.partition(":")
    return int(amount) if sep else 1


class _Icons:
    """Validates icon strings against icons.json: known kind, amount exactly where it belongs."""

    def __init__(self, info: Mapping[str, IconInfo], with_amount: set[str]) -> None:
        self.info, self.with_amount = info, with_amount

    def bad(self, icon: Any) -> bool:
        if not isinstance(icon, str) or icon_kind(icon) not in self.info:
            return True
        _, sep, amount = icon.partition(":")
        if icon_kind(icon) in self.with_amount:
            return not (sep and amount.isdigit() and int(amount) >= 1)
        return bool(sep)


# ---------------------------------------------------------------------------------------------
# One parser per file: (raw JSON, check) -> the built value; check(ok, message) notes a problem.


def _colours(raw: Any, check: Check) -> dict[str, Colour]:
    colours = {}
    for e in raw["colours"]:
        r, g, b = (_int(v) for v in e["rgb"])
        check(all(0 <= v <= 255 for v in (r, g, b)), f"{e['id']}: rgb out of 0..255")
        cid, it, en, symbol, letter = _strs(e, "id", "it", "en", "symbol", "letter")
        colour = Colour(cid, it, en, symbol, letter, (r, g, b))
        colours[colour.id] = colour
    check(tuple(colours) == COLOURS, f"colour ids must be {list(COLOURS)} in order")
    for field in ("symbol", "letter", "rgb"):
        values = [getattr(c, field) for c in colours.values()]
        check(len(set(values)) == len(values), f"{field}s must be unique")
    return colours


def _icons(raw: Any, check: Check) -> _Icons:
    info: dict[str, IconInfo] = {}
    with_amount = set()
    for e in raw["icons"]:
        icon = IconInfo(*_strs(e, "kind", "it", "en", "glyph"))
        check(icon.kind not in info and ":" not in icon.kind, f"bad or repeated kind {icon.kind}")
        info[icon.kind] = icon
        if e["amount"] is True:
            with_amount.add(icon.kind)
    return _Icons(_frozen(info), with_amount)


def _dice(raw: Any, check: Check, icons: _Icons) -> dict[str, Die]:
    per_rank = {int(r): _int(n) for r, n in raw["icons_per_rank"].items()}
    cycle = [_str(i) for i in raw["cycle"]]
    check(sorted(per_rank) == list(range(1, 7)), "icons_per_rank must cover ranks 1..6")
    check(not any(icons.bad(i) for i in cycle), "cycle holds an unknown icon")
    check(sum(per_rank.values()) == 10 and len(cycle) == 13, "I6: 10 icons a die, cycle of 13")
    dice: dict[str, Die] = {}
    for e in raw["dice"]:
        colour, pattern = _str(e["colour"]), _int(e["pattern"])
        faces = {_int(f["rank"]): tuple(_str(i) for i in f["icons"]) for f in e["faces"]}
        die = Die(_str(e["id"]), colour, pattern, _frozen(faces))
        where = f"die {die.id}"
        check(die.id == f"{colour}-{pattern:02d}" and die.id not in dice, f"{where}: bad id")
        check(colour in COLOURS and 0 <= pattern < len(cycle), f"{where}: bad colour/pattern")
        check(len(e["faces"]) == 6 and sorted(faces) == list(range(1, 7)), f"{where}: ranks")
        for rank, shown in faces.items():
            check(len(shown) == per_rank.get(rank), f"{where}: rank {rank} shows {len(shown)}")
            check(len(set(shown)) == len(shown), f"{where}: rank {rank} repeats an icon")
            check(not any(icons.bad(i) for i in shown), f"{where}: unknown icon")
            check("add_creature" not in shown, f"{where}: add_creature is on ghosts only (K10)")
        flat = [i for r in sorted(faces) for i in faces[r]]
        rule = [cycle[(10 * pattern + i) % len(cycle)] for i in range(len(flat))]
        check(flat == rule, f"{where}: faces do not follow the rule of I6")
        dice[die.id] = die
    check(len(dice) == len(COLOURS) * len(cycle), f"{len(dice)} dice, want 6 x {len(cycle)}")
    return dice


def _evil(raw: Any, check: Check) -> tuple[dict[int, int], int]:
    table = {int(rank): _int(evil) for rank, evil in raw["by_rank"].items()}
    check(sorted(table) == list(range(1, 7)), "by_rank must cover ranks 1..6")
    check(all(v >= 0 for v in table.values()), "Evil gains are never negative")
    max_evil = _int(raw["max_evil"])
    check(max_evil >= max(table.values(), default=0), "max_evil below a single gain")
    return table, max_evil


def _track(raw: Any, check: Check, icons: _Icons) -> tuple[TrackPosition, ...]:
    track = tuple(
        TrackPosition(p["summon"] is True, None if p["icon"] is None else _str(p["icon"]))
        for p in raw["positions"]
    )
    summons = [n for n, p in enumerate(track) if p.summon]
    check(len(track) == 7 and summons == [2, 4, 6], f"track {raw['row']}: summon at 2, 4, 6")
    check(track[0] == TrackPosition(False, None), f"track {raw['row']}: position 0 is plain")
    for n, p in enumerate(track):
        check(not (p.summon and p.icon), f"track {raw['row']} {n}: summon with an icon")
        check(p.icon is None or not icons.bad(p.icon), f"track {raw['row']} {n}: bad icon")
    return track


def _normal(raw: Any, check: Check, icons: _Icons) -> NormalBoard:
    areas, spaces = [], {}
    for number, e in enumerate(raw["areas"], start=1):
        kind = _str(e["kind"])
        check(_int(e["number"]) == number, f"area {number} is numbered {e['number']}")
        check(
            kind == ("neighbourhood" if number in NEIGHBOURHOODS else "public"),
            f"area {number}: kind {kind}; neighbourhoods are {sorted(NEIGHBOURHOODS)}",
        )
        ids: list[str] = []
        for s in e["spaces"]:
            space = Space(_str(s["id"]), number, _str(s["colour"]), s["icon"])
            check(
                space.id == f"a{number:02d}-{space.colour}"
                and space.colour in COLOURS
                and space.id not in spaces,
                f"space {space.id}: bad id or colour",
            )
            if kind == "neighbourhood":
                check(space.icon is None, f"space {space.id}: neighbourhoods show no icon")
            else:
                check(not icons.bad(space.icon), f"space {space.id}: one valid icon")
            spaces[space.id], ids = space, [*ids, space.id]
        check(len(ids) == 3, f"area {number}: {len(ids)} spaces, want 3")
        areas.append(Area(number, kind, tuple(ids)))
    path = {c: tuple(s.id for s in spaces.values() if s.colour == c) for c in COLOURS}
    check(len(areas) == AREAS, f"{len(areas)} areas, want {AREAS}")
    check(all(len(ids) == 6 for ids in path.values()), "each colour has 6 town spaces")
    lodges = tuple(_str(x) for x in raw["lodges"])
    starts = {_str(c): _str(x) for c, x in raw["starts"].items()}
    add_slots = {_str(c): _str(x) for c, x in raw["add_slots"].items()}
    check(tuple(starts) == COLOURS == tuple(add_slots), "starts and add_slots: one per colour")
    places = [*lodges, *starts.values(), *add_slots.values(), _str(raw["final"]), *spaces]
    check(len(set(places)) == len(places) and len(lodges) == 6, "6 lodges; ids unique")
    tracks = tuple(_track(t, check, icons) for t in raw["tracks"])
    order = (_int(raw["order"]["rows"]), _int(raw["order"]["columns"]))
    check(len(tracks) == order[0], "one summoning track per Order row (I22)")
    return NormalBoard(
        tuple(areas), _frozen(spaces), _frozen(path), lodges, tracks, order[0], order[1],
        _frozen(starts), _frozen(add_slots), raw["final"],
    )  # fmt: skip


def _family(raw: Any, check: Check, icons: _Icons) -> FamilyBoard:
    lanes = {_str(e["colour"]): tuple(_int(a) for a in e["areas"]) for e in raw["lanes"]}
    check(tuple(lanes) == COLOURS, "one lane per colour, in colour order")
    check(all(lane == tuple(range(1, AREAS + 1)) for lane in lanes.values()), "lanes 1..12")
    actions = {_int(e["area"]): _str(e["icon"]) for e in raw["area_actions"]}
    check(all(1 <= a <= AREAS for a in actions), "area actions on areas 1..12")
    check(not any(icons.bad(i) for i in actions.values()), "area actions: unknown icon")
    returns = [e["area"] for e in raw["area_actions"] if e["return_to_start"] is True]
    check(returns == [AREAS], "only the last area sends the creature back to start (FM11)")
    rows, columns = (_int(raw["order"][k]) for k in ("rows", "columns"))
    spare = _int(raw["servant_spaces_per_row"])
    return FamilyBoard(_frozen(lanes), _frozen(actions), rows, columns, spare)


def _market(raw: Any, check: Check) -> tuple[int, ...]:
    prices = tuple(_int(p) for p in raw["prices"])
    slots = _int(raw["slots"])
    check(slots == 5, "5 market slots (S2, S6)")
    check(prices == tuple(range(slots, 0, -1)), "prices = position from the right (I14)")
    return prices


def _ghosts(raw: Any, check: Check, icons: _Icons) -> dict[str, Ghost]:
    ghosts: dict[str, Ghost] = {}
    for n, e in enumerate(raw["ghosts"], start=1):
        g = Ghost(*_strs(e, "id", "colour", "icon", "it", "en"))
        check(g.id == f"g{n:02d}", f"ghost {n} has id {g.id}, want g{n:02d}")
        check(g.colour in (*COLOURS, MULTI) and not icons.bad(g.icon), f"{g.id}: colour/icon")
        check(not (g.colour == MULTI and g.icon == "add_creature"), f"{g.id}: multi adds none")
        ghosts[g.id] = g
    kinds = Counter(
        (MULTI if g.colour == MULTI else "add" if g.icon == "add_creature" else g.colour)
        for g in ghosts.values()
    )
    want = Counter({**dict.fromkeys(COLOURS, 5), MULTI: 6, "add": 6})
    check(kinds == want, f"I13: 5 coloured per colour, 6 multi, 6 add-creature; got {kinds}")
    adders = sorted(g.colour for g in ghosts.values() if g.icon == "add_creature")
    check(adders == sorted(COLOURS), "one add-creature ghost per colour")
    names = {g.en for g in ghosts.values()} | {g.it for g in ghosts.values()}
    check(len(names) == 2 * len(ghosts), "names are unique")
    return ghosts


def _solo_cards(raw: Any, check: Check) -> dict[str, SoloCard]:
    cards: dict[str, SoloCard] = {}
    for n, e in enumerate(raw["solo_cards"], start=1):
        c1, c2 = (_str(c) for c in e["deck_colours"])
        symbols = tuple(SoloSymbol(_str(s["colour"]), _str(s["pick"])) for s in e["symbols"])
        card = SoloCard(_str(e["id"]), (c1, c2), symbols, *_strs(e, "it", "en"))
        check(card.id == f"s{n:02d}", f"solo card {n} has id {card.id}, want s{n:02d}")
        check(c1 != c2 and {c1, c2} <= set(COLOURS), f"{card.id}: two different deck colours")
        check(len(symbols) == 3, f"{card.id}: three symbols")
        check(
            all(s.colour in (c1, c2, WHITE) and s.pick in PICKS for s in symbols),
            f"{card.id}: symbols are a deck colour or white, high or low",
        )
        check([s.colour for s in symbols].count(WHITE) <= 1, f"{card.id}: at most one white")
        cards[card.id] = card
    pairs = Counter(frozenset(c.deck_colours) for c in cards.values())
    want = Counter({frozenset(p): 2 for p in combinations(COLOURS, 2)})
    check(pairs == want, "I34: each colour pair on exactly 2 cards")
    for colour in COLOURS:
        mine = [c for c in cards.values() if colour in c.deck_colours]
        picks = Counter(s.pick for c in mine for s in c.symbols)
        check(
            len(mine) == 10 and picks == Counter(high=15, low=15),
            f"I34: {colour} on 10 cards with 15 high and 15 low",
        )
    names = {c.en for c in cards.values()} | {c.it for c in cards.values()}
    check(len(names) == 2 * len(cards), "names are unique")
    return cards


def _components(raw: Any, check: Check) -> dict[str, int]:
    counts = {_str(k): _int(v) for k, v in raw["counts"].items()}
    marker_colours = [_str(c) for c in raw["juice_marker_colours"]]
    check(counts.get("juice_markers") == 2 * len(marker_colours), "2 juice markers per colour")
    return counts


def _cross_check(found: Content, fail: Callable[[str, str], None]) -> None:
    """The files against each other and against the rulebook's counts (components.json)."""
    counts, normal = found.components, found.normal
    boards = counts.get("boards", 0)
    expected = {
        "dice": ("dice.json", len(found.dice)),
        "ghosts": ("ghosts.json", len(found.ghosts)),
        "solo_cards": ("solo_cards.json", len(found.solo_cards)),
        "creatures": ("colours.json", 6 * len(found.colours)),
        "servants": ("board_normal.json", boards * len(normal.lodges)),
        "jack_dice": ("board_normal.json", boards * normal.rows),
        "summon_markers": ("board_normal.json", boards * len(normal.tracks)),
    }
    for key, (file, have) in expected.items():
        if counts.get(key) != have:
            fail(file, f"{have} {key}, components.json says {counts.get(key)}")
    family = found.family
    if family.rows * family.servant_spaces_per_row != len(normal.lodges):
        fail("board_family.json", "servant spaces must hold a board's 6 servants (I31)")
    if (family.rows, family.columns) != (normal.rows, normal.columns):
        fail("board_family.json", "the Order is 3 x 6 on both sides")


class _Loader:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.problems: list[str] = []

    def fail(self, file: str, message: str) -> None:
        self.problems.append(f"{file}: {message}")

    def parse(self, file: str, build: Callable[[Any, Check], T]) -> T | None:
        """Read ``file`` and build it; any problem is noted against the file, then None."""

        def check(ok: bool, message: str) -> None:
            if not ok:
                self.fail(file, message)

        try:
            with (self.directory / file).open(encoding="utf-8") as handle:
                raw = json.load(handle)
        except (OSError, ValueError) as error:
            self.fail(file, f"cannot read: {error}")
            return None
        try:
            return build(raw, check)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            self.fail(file, f"malformed: {type(error).__name__}: {error}")
            return None


def load_content(directory: Path = DATA_DIR) -> Content:
    """Read and validate every content file in ``directory``; :class:`ContentError` if broken."""
    loader = _Loader(directory)
    icons = loader.parse("icons.json", _icons)
    if icons is None:  # every other file is checked against the icons: stop here
        raise ContentError(loader.problems)
    evil = loader.parse("evil.json", _evil)
    found = (
        loader.parse("colours.json", _colours),
        loader.parse("dice.json", lambda raw, check: _dice(raw, check, icons)),
        loader.parse("board_normal.json", lambda raw, check: _normal(raw, check, icons)),
        loader.parse("board_family.json", lambda raw, check: _family(raw, check, icons)),
        loader.parse("market.json", _market),
        loader.parse("ghosts.json", lambda raw, check: _ghosts(raw, check, icons)),
        loader.parse("solo_cards.json", _solo_cards),
        loader.parse("components.json", _components),
    )
    if loader.problems or evil is None or None in found:
        raise ContentError(loader.problems)
    colours, dice, normal, family, prices, ghosts, solo, counts = found
    assert colours and dice and normal and family and prices and ghosts and solo and counts
    result = Content(
        _frozen(colours), _frozen(dice), _frozen(evil[0]), evil[1], icons.info, normal, family,
        prices, _frozen(ghosts), _frozen(solo), _frozen(counts),
    )  # fmt: skip
    _cross_check(result, loader.fail)
    if loader.problems:
        raise ContentError(loader.problems)
    return result


@cache
def content() -> Content:
    """The game's content from the package data, loaded and validated once."""
    return load_content()


def area_of(space_id: str) -> int:
    """The area number of a place on the normal board: 1..12 for a town space,
    :data:`FINAL_AREA` for the final area, 0 for a start point, add-creature slot or lodge
    (the numbers AM4 and the scoring use, I27). ``KeyError`` for an unknown id."""
    board = content().normal
    if space_id in board.spaces:
        return board.spaces[space_id].area
    if space_id == board.final:
        return FINAL_AREA
    if space_id in (*board.starts.values(), *board.add_slots.values(), *board.lodges):
        return 0
    raise KeyError(space_id)


def evil_for_rank(rank: int) -> int:
    """The Evil a fourth die of ``rank`` gives (J4, table I7)."""
    return content().evil_by_rank[rank]
