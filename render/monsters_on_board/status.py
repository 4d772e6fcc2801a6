"""What a seat is doing, in one word, read from the view: the main board's seat cards and every
seat's board show it the same way.

Why apart from the boards: the main board, the normal seat board and the family seat board
all word it, and the family phases (FM5, FM14) add their own words to the normal ones.
"""

from __future__ import annotations

from typing import Any

from render.monsters_on_board.style import ints, t


def seats_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [s if isinstance(s, dict) else {} for s in view.get("seats") or []]


def seat_status(view: dict[str, Any], seat: int, info: dict[str, Any], locale: str) -> str:
    """A seat's status word for the phase: picked or picking, its stage of phases 3–4,
    buying, done; "" when there is nothing to say."""
    phase = view.get("phase")
    pending = seat in ints(view.get("pending"))
    if phase in ("draft", "family_pick"):
        if info.get("picked"):
            return t("picked", locale)
        return t("picking", locale) if pending else ""
    if phase == "spectral":
        return t("to_buy", locale) if view.get("turn") == seat and pending else ""
    if phase in ("board", "final_window", "family_move", "family_row"):
        if not pending:
            return t("done", locale)
        decision = info.get("decision")
        if isinstance(decision, dict):
            kind = "move" if decision.get("kind") == "move" else "actions"
            return t(f"deciding_{kind}", locale)
        if phase == "family_row":
            return t("choosing_row", locale)
        if phase == "board":
            avenue = {d[0] for d in info.get("avenue") or [] if d}
            moving = not avenue <= set(info.get("activated") or [])
            return t("stage_move" if moving else "stage_place", locale)
        return t("playing", locale)
    return ""
