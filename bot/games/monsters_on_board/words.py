"""Monsters on Board's components in words, the vocabulary every other module of the package
speaks: colours as symbol + letter (``♥P``, I5, so colour-blind players read them too), dice
as colour mark + rank (``♥P5``), icons as a glyph, places on a player board (``area 7 ♥P``),
ghosts, Arch Monster cards, prophecy and solo cards by name, a seat's name, and fitting a text
to Discord's limits (``fit`` and ``units``, the UTF-16 counting Notte di Terrore's labels use).

Names come from the game's data files (``it``/``en``) through :mod:`rules.monsters_on_board`;
the words around them go through :func:`bot.i18n.t`. Anything an event or a view names is
public to its reader, so naming it from the data never leaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from bot.games.notte_di_terrore.words import _fit, _units
from bot.i18n import normalise, t
from rules.monsters_on_board import content as mob
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.prophecy import prophecy_cards

View = dict[str, Any]
_LANE = re.compile(r"f(?P<area>\d\d)-(?P<colour>[a-z]+)")
"""A family lane space: ``f07-pink`` (area 7 of the pink lane)."""
MAX_LABEL = 80
"""Discord's limit for a button label (an autocomplete name may take 100)."""

fit = _fit
"""A text cut with an ellipsis to a limit in UTF-16 code units (as Discord counts)."""
units = _units

MULTI_MARK = "✱"
"""A multicolour ghost's mark (P5): it fits any colour."""
WHITE_MARK = "○"
"""A solo card symbol with no colour preference (T7)."""


def lang(locale: object) -> str:
    """``"en"`` or ``"it"``, cheap for a locale that already is one (labels are made for
    hundreds of moves per decision)."""
    if locale in ("en", "it"):
        return str(locale)
    return normalise(locale)


def _local(entry: Any, locale: object) -> str:
    return str(getattr(entry, lang(locale)))


def who(names: list[str], seat: Any) -> str:
    """A seat's name, or its number when the names run short (a test, a replay)."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return "?" if not isinstance(seat, int) else str(seat + 1)


# --- colours, dice and icons ---------------------------------------------------------------------


def colour_of_die(die_id: str) -> str:
    """``"pink-07"`` -> ``"pink"`` (a die id is its colour and pattern, I6)."""
    return str(die_id).rsplit("-", 1)[0]


def mark(colour: str) -> str:
    """``♥P``: the colour's symbol and letter (I5); ``✱`` for a multicolour ghost."""
    info = mob.content().colours.get(colour)
    if info is None:
        return MULTI_MARK if colour == mob.MULTI else WHITE_MARK
    return f"{info.symbol}{info.letter}"


def colour_name(colour: str, locale: object) -> str:
    info = mob.content().colours.get(colour)
    return _local(info, locale) if info else colour


def die_text(die_id: str, rank: Any) -> str:
    """``♥P5``: a rolled die as every text names it."""
    return f"{mark(colour_of_die(die_id))}{rank}"


def face_icons(die_id: str, rank: Any) -> tuple[str, ...]:
    """The icons of the face up (I6); none for an unknown die or rank."""
    die = mob.content().dice.get(str(die_id))
    if die is None or not isinstance(rank, int):
        return ()
    return tuple(die.faces.get(rank, ()))


def glyph(icon: str) -> str:
    """``☠1``, ``⚗5``, ``✚``: an icon's glyph, with its amount where it has one."""
    kind = mob.icon_kind(icon)
    info = mob.content().icons.get(kind)
    shown = info.glyph if info else kind
    return f"{shown}{mob.icon_amount(icon)}" if ":" in icon else shown


def glyphs(icons: tuple[str, ...] | list[str]) -> str:
    return " ".join(glyph(i) for i in icons)


def die_with_icons(die_id: str, rank: Any) -> str:
    """``♥P5 [☠1 ✚]``: a die and what placing it offers."""
    icons = face_icons(die_id, rank)
    return f"{die_text(die_id, rank)} [{glyphs(icons)}]" if icons else die_text(die_id, rank)


def icon_name(icon: str, locale: object) -> str:
    """The back page's name of an icon (``Feed Spider Jack``), with its amount."""
    kind = mob.icon_kind(icon)
    info = mob.content().icons.get(kind)
    name = _local(info, locale) if info else kind
    return f"{name} {mob.icon_amount(icon)}" if ":" in icon else name


def legend(locale: object) -> str:
    """``⇄ Swap 2 Lords · ± Promote or demote · …``: the glyphs a hand uses."""
    return " · ".join(f"{i.glyph} {_local(i, locale)}" for i in mob.content().icons.values())


# --- places on a player board --------------------------------------------------------------------


def place_text(place: str, locale: object, *, coloured: bool = True) -> str:
    """``area 7 ♥P``, ``start ♥P``, ``slot ♥P``, ``lodge``, ``final area``: where a creature,
    servant or ghost is on a player board (``coloured=False`` leaves the colour out, for a
    creature moving along its own colour)."""
    board = mob.content().normal
    lane = _LANE.fullmatch(place)
    if lane is not None:  # family mode's lanes (I31): one space per area and colour
        if not coloured:
            return t(locale, "area {n}", n=int(lane["area"]))
        return t(locale, "area {n} {colour}", n=int(lane["area"]), colour=mark(lane["colour"]))
    space = board.spaces.get(place)
    if space is not None:
        if not coloured:
            return t(locale, "area {n}", n=space.area)
        return t(locale, "area {n} {colour}", n=space.area, colour=mark(space.colour))
    if place == board.final:
        return t(locale, "final area")
    if place in board.lodges:
        return t(locale, "lodge")
    for colour, start in board.starts.items():
        if place == start:
            return (
                t(locale, "start {colour}", colour=mark(colour)) if coloured else t(locale, "start")
            )
    for colour, slot in board.add_slots.items():
        if place == slot:
            return (
                t(locale, "slot {colour}", colour=mark(colour)) if coloured else t(locale, "slot")
            )
    return place


def next_place(seat: dict[str, Any], creature: int) -> str:
    """Where a creature's next move takes it, from a view's seat: the next space of its
    colour with no creature or servant (M5, M9), ghosts ignored (M6), else the final area
    (I15). The view shows all of it; this only words the button, the engine decides."""
    found = next((c for c in seat.get("creatures", []) if c.get("id") == creature), None)
    if found is None:
        return ""
    board = mob.content().normal
    path = board.path.get(found["colour"], ())
    here = found["at"]
    ahead = path[path.index(here) + 1 :] if here in path else path
    taken = {c["at"] for c in seat.get("creatures", [])} | set(seat.get("servants", []))
    return next((space for space in ahead if space not in taken), board.final)


# --- named components ----------------------------------------------------------------------------


def ghost_name(ghost_id: str, locale: object) -> str:
    ghost = mob.content().ghosts.get(str(ghost_id))
    return _local(ghost, locale) if ghost else str(ghost_id)


def ghost_text(ghost_id: str, locale: object) -> str:
    """``Rosy Wraith ♥P ☠2``: a ghost's name, colour and icon."""
    ghost = mob.content().ghosts.get(str(ghost_id))
    if ghost is None:
        return str(ghost_id)
    return f"{_local(ghost, locale)} {mark(ghost.colour)} {glyph(ghost.icon)}"


def arch_name(card_id: str, locale: object) -> str:
    card = arch_cards().get(str(card_id))
    return _local(card, locale) if card else str(card_id)


def prophecy_name(number: str, locale: object) -> str:
    card = prophecy_cards().get(str(number))
    return f"{number} {_local(card, locale)}" if card else str(number)


def solo_card_text(card_id: str, locale: object) -> str:
    """``Jack's Sweet Tooth: ♥P▲ ◆B▼ ○▲``: the solo card's name and its three symbols (colour,
    ▲ highest or ▼ lowest rank; ○ any colour), the AI's picks in steps 1-3 (T6, T7)."""
    card = mob.content().solo_cards.get(str(card_id))
    if card is None:
        return str(card_id)
    symbols = " ".join(f"{mark(s.colour)}{'▲' if s.pick == 'high' else '▼'}" for s in card.symbols)
    return f"{_local(card, locale)}: {symbols}"


# --- reading a view ------------------------------------------------------------------------------


def seat_of(view: View) -> dict[str, Any] | None:
    """The viewer's own seat in a seat's view (None in the public view)."""
    viewer = view.get("viewer")
    seats = view.get("seats", [])
    if isinstance(viewer, int) and 0 <= viewer < len(seats):
        seat: dict[str, Any] = seats[viewer]
        return seat
    return None


def dice_in(view: View) -> Iterator[tuple[str, int, str]]:
    """Every die the view shows with its rank and where: ``car``, ``avenue:<seat>``,
    ``order:<seat>``."""
    for car in view.get("cars", []):
        for die in car:
            if die:
                yield str(die[0]), int(die[1]), "car"
    for seat in view.get("seats", []):
        for die_id, rank in seat.get("avenue", []):
            yield str(die_id), int(rank), f"avenue:{seat.get('seat')}"
        for row in seat.get("order", []):
            for die_id, rank in row:
                yield str(die_id), int(rank), f"order:{seat.get('seat')}"


def rank_of(view: View, die_id: str) -> int | None:
    """The rank a die shows wherever the view has it (die ids are unique)."""
    return next((rank for d, rank, _ in dice_in(view) if d == die_id), None)


def ordinal_suffix(looks: list[str], index: int) -> str:
    """`` #2`` when another entry of ``looks`` reads the same as ``looks[index]``: two dice of
    one colour, rank and face must never share a label."""
    same = [i for i, look in enumerate(looks) if look == looks[index]]
    return f" #{same.index(index) + 1}" if len(same) > 1 else ""


def arch_text(card_id: str, locale: object) -> str:
    """What an Arch Monster card scores, in a few words (AM3-AM10, I26)."""
    card = arch_cards().get(str(card_id))
    if card is None:
        return str(card_id)
    params = card.params
    kind = card.kind
    if kind == "pairs":
        first, second = (mark(c) for c in params["colours"])
        return t(locale, "2 per adjacent {a}{b} pair", a=first, b=second)
    if kind == "scared":
        return t(locale, "areas of the {colour} creatures", colour=mark(params["colour"]))
    if kind == "ghosts_all":
        return t(locale, "3 per ghost in neighbourhoods")
    if kind == "ghosts_one":
        return t(locale, "8 for 2+ ghosts in one neighbourhood")
    if kind == "columns30":
        return t(locale, "12 for 2 adjacent columns ≥ 30")
    if kind == "servants":
        return t(locale, "10 for 3+ servants in one neighbourhood")
    if kind == "champion":
        return t(locale, "final {colour} creature: 5 per die", colour=mark(params["colour"]))
    return t(locale, "10 for 3+ {dice} in one row", dice=_which_dice(params, locale))


def _which_dice(params: Any, locale: object) -> str:
    """The dice a "three in a row" card asks for: a colour, a rank or even ranks."""
    if "colour" in params:
        return t(locale, "{colour} dice", colour=mark(params["colour"]))
    if "rank" in params:
        return t(locale, "dice of rank {n}", n=params["rank"])
    return t(locale, "even dice")
