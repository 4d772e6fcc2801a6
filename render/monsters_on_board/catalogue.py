"""The renderer's one door to Monsters on Board's printed components: colours, dice faces, the
board's layout, ghosts, solo cards, Arch Monster and prophecy cards, and who won a scoring.

Why a door and not the view: a view names components by id (``"pink-07"``, ``"a03-green"``,
``"m12"``) and the components themselves are fixed data, the same for every table (the town's
36 spaces, 78 dice faces, 72 cards). Copying them into every stored view would weigh each
announcement down for nothing. So this module, and only this one, reads them from the
engine's validated content (``tests/test_layers.py`` names it as the renderer's single
exception to "render never imports rules"); everything else in the package asks it, and a
renderer never sees an engine state.

``winners`` is F9/F10 itself (most Juice, then final creatures, then Evil, else shared) and
``family_winners`` FM16/FM17 (most Juice, a tie shared), so the scoring table marks exactly the
seats the engine declares, without restating the rule. Solo 2 has no sheet for Spider Jack
(its total is the view's ``jack.juice``), so ``beats_jack`` is I37's one comparison.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

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
from rules.monsters_on_board.scoring import Line, Sheet
from rules.monsters_on_board.scoring import family_winners as _family_winners
from rules.monsters_on_board.scoring import winners as _winners

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
    "beats_jack",
    "colour",
    "content",
    "die_colour",
    "die_icons",
    "family",
    "family_winners",
    "ghost",
    "icon_amount",
    "icon_kind",
    "prophecy_card",
    "solo_card",
    "winners",
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


def _built(sheets: Sequence[Mapping[str, Any]]) -> list[Sheet]:
    """A view's ``sheets`` (``dataclasses.asdict`` of each) as the engine's own Sheets again."""
    return [
        Sheet(
            removed=tuple((int(r), int(c)) for r, c in s.get("removed") or []),
            lines=tuple(
                Line(str(x["source"]), str(x["item"]), int(x["juice"]), x.get("detail") or {})
                for x in s.get("lines") or []
            ),
            total=int(s.get("total") or 0),
            final_creatures=int(s.get("final_creatures") or 0),
            evil=int(s.get("evil") or 0),
        )
        for s in sheets
    ]


def winners(sheets: Sequence[Mapping[str, Any]]) -> list[int]:
    """The winning seats of a view's ``sheets`` (F9/F10, through the engine's own rule)."""
    built = _built(sheets)
    return _winners(built) if built else []


def family_winners(sheets: Sequence[Mapping[str, Any]]) -> list[int]:
    """The winning seats of a family game (FM16/FM17: most Juice, ties shared, I33)."""
    built = _built(sheets)
    return _family_winners(built) if built else []


def beats_jack(total: int, jack_juice: int) -> bool:
    """I37: you beat Spider Jack only with strictly more Juice; a tie is Spider Jack's."""
    return total > jack_juice
