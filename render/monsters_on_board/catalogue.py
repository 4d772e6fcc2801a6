"""The renderer's one door to Monsters on Board's printed components: colours, dice faces, the
board's layout, ghosts, solo cards, Arch Monster and prophecy cards.

Why a door and not the view: a view names components by id (``"pink-07"``, ``"a03-green"``,
``"m12"``) and the components themselves are fixed data, the same for every table (the town's
36 spaces, 78 dice faces, 72 cards). Copying them into every stored view would weigh each
announcement down for nothing. So this module, and only this one, reads them from the
engine's validated content (``tests/test_layers.py`` names it as the renderer's single
exception to "render never imports rules"); everything else in the package asks it, and a
renderer never sees an engine state. Data only: who won comes with the view (its
``winners``, the outcome's), never from a rule called here.
"""

from __future__ import annotations

from rules.monsters_on_board.arch import ArchCard, arch_cards
from rules.monsters_on_board.content import (
    COLOURS,
    MULTI,
    NEIGHBOURHOODS,
    Area,
    Colour,
    Content,
    FamilyBoard,
    Ghost,
    IconInfo,
    NormalBoard,
    SoloCard,
    Space,
    TrackPosition,
    content,
    icon_amount,
    icon_kind,
)
from rules.monsters_on_board.prophecy import Condition, ProphecyCard, prophecy_cards

__all__ = [
    "COLOURS",
    "MULTI",
    "NEIGHBOURHOODS",
    "ArchCard",
    "Area",
    "Colour",
    "Condition",
    "Content",
    "FamilyBoard",
    "Ghost",
    "IconInfo",
    "NormalBoard",
    "ProphecyCard",
    "SoloCard",
    "Space",
    "TrackPosition",
    "arch_card",
    "colour",
    "content",
    "die_colour",
    "die_icons",
    "family",
    "ghost",
    "icon_amount",
    "icon_kind",
    "prophecy_card",
    "solo_card",
]


def colour(colour_id: str) -> Colour | None:
    """A die / creature / ghost colour, or None for an unknown id (a trimmed or odd view)."""
    return content().colours.get(colour_id)


def die_colour(die_id: str) -> str:
    """``"pink-07"`` -> ``"pink"`` (the id names its colour, I6)."""
    return die_id.rpartition("-")[0] or die_id


def die_icons(die_id: str, rank: int) -> tuple[str, ...]:
    """The icons on the face of ``die_id`` that shows ``rank`` (I6); none for an unknown die."""
    die = content().dice.get(die_id)
    return die.faces.get(rank, ()) if die else ()


def ghost(ghost_id: str) -> Ghost | None:
    return content().ghosts.get(ghost_id)


def solo_card(card_id: str) -> SoloCard | None:
    return content().solo_cards.get(card_id)


def arch_card(card_id: str) -> ArchCard | None:
    return arch_cards().get(card_id)


def prophecy_card(number: str) -> ProphecyCard | None:
    return prophecy_cards().get(number)


def family() -> FamilyBoard:
    """The family side of the player board (I31): six lanes of 12 and the areas' actions."""
    return content().family
