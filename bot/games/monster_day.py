"""Monster Day in words: card labels, the narration of a turn, hands and scores."""

from __future__ import annotations

from typing import Any

from bot.i18n import normalise, t

SUIT_EMOJI = {
    "moons": "🌙",
    "suns": "☀️",
    "waves": "🌊",
    "leaves": "🍃",
    "wyrms": "🐉",
    "knots": "🪢",
}
MONSTER_EMOJI = {"catoblepas": "🐃", "dire_bear": "🐻", "glatisant": "🐕", "pegasus": "🐎"}
DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def card_label(card: dict[str, Any], locale: str) -> str:
    """``7 🌞🪢 the Castle``: rank, suits as emoji, localised name."""
    rank = card.get("rank")
    rank_text = {
        "ace": t(locale, "Ace"),
        "crown": t(locale, "Crown"),
        "pawn": t(locale, "Pawn"),
        "court": t(locale, "Court"),
        "excuse": "–",
    }.get(str(rank), str(rank))
    suits = "".join(SUIT_EMOJI.get(suit, "") for suit in card.get("suits", []))
    name = card.get("name", {}).get(normalise(locale), card.get("id", "?"))
    return f"{rank_text} {suits} {name}".replace("  ", " ")


def space_label(view: dict[str, Any], space: int, locale: str) -> str:
    """``space 3 (🌊 Ace, yours)`` from the point of view of the view's seat."""
    ace = view["spaces"][space]["ace"]
    suits = "".join(SUIT_EMOJI.get(suit, "") for suit in ace.get("suits", []))
    owner = view["spaces"][space]["owner"]
    side = (
        t(locale, "your village")
        if view.get("seat") == owner
        else t(locale, "village of player {n}", n=owner + 1)
    )
    return t(locale, "space {n} {suits} ({side})", n=space + 1, suits=suits, side=side)


def monster_name(monster: str, locale: str) -> str:
    names = {
        "catoblepas": t(locale, "Catoblepas"),
        "dire_bear": t(locale, "Dire Bear"),
        "glatisant": t(locale, "Glatisant"),
        "pegasus": t(locale, "Pegasus"),
    }
    return f"{MONSTER_EMOJI.get(monster, '')} {names.get(monster, monster)}"


def _card_by_id(view: dict[str, Any], card_id: str) -> dict[str, Any] | None:
    hand: list[dict[str, Any]] = view.get("hand", [])
    for card in hand:
        if card["id"] == card_id:
            return card
    spaces: list[dict[str, Any]] = view.get("spaces", [])
    for space in spaces:
        top: dict[str, Any] | None = space.get("top")
        if top and top["id"] == card_id:
            return top
    return None


class MonsterDayPresenter:
    game = "monster_day"
    hands_with_first_turn = True
    """Two players who act only in their own turn, nothing to answer in the other's: the
    starting hand DM goes to whoever plays first, the other's comes with their first turn
    (:func:`bot.delivery.plan.started`; one REST call a game less, issue 27), the table's
    "My hand" showing it meanwhile."""

    def action_label(self, view: dict[str, Any], action: dict[str, Any], locale: str) -> str:
        card = _card_by_id(view, str(action.get("card")))
        card_text = card_label(card, locale) if card else str(action.get("card"))
        space = int(action.get("space", 0))
        return f"{card_text} → {space + 1}"[:80]

    def event_lines(self, events: list[dict[str, Any]], locale: str, names: list[str]) -> list[str]:
        lines: list[str] = []
        for event in events:
            line = self._event_line(event, locale, names)
            if line:
                lines.append(line)
        return lines

    def _event_line(self, event: dict[str, Any], locale: str, names: list[str]) -> str | None:
        kind = event.get("type")
        who = names[event["seat"]] if "seat" in event and event["seat"] < len(names) else "?"
        if kind == "played":
            return t(locale, "**{who}** played a card on space {n}.", who=who, n=event["space"] + 1)
        if kind == "dice":
            dice = " ".join(DIE_FACES[d - 1] + f" {d}" for d in event["dice"])
            return t(locale, "🎲 {who} rolled {dice}.", who=who, dice=dice)
        if kind == "card_value_rolled":
            return t(
                locale,
                "🎲 {roller} rolled {a}+{b}: the card on space {n} is worth {value}.",
                roller=names[event["roller"]] if event["roller"] < len(names) else "?",
                a=event["dice"][0],
                b=event["dice"][1],
                n=event["space"] + 1,
                value=event["value"],
            )
        if kind == "monster":
            return self._monster_line(event, locale)
        if kind == "game_over":
            return t(locale, "🏁 The game is over.")
        if kind == "resigned":
            return t(locale, "🏳️ **{who}** resigned.", who=who)
        return None

    def _monster_line(self, event: dict[str, Any], locale: str) -> str:
        monster = monster_name(event["monster"], locale)
        totals = "–".join(str(x) for x in event.get("totals", []))
        result = event.get("result")
        if result == "moved":
            return t(
                locale,
                "{monster} moves to space {n} ({totals}).",
                monster=monster,
                n=event["to"] + 1,
                totals=totals,
            )
        if result == "tie":
            return t(locale, "{monster} stays: a tie ({totals}).", monster=monster, totals=totals)
        return t(
            locale,
            "{monster} stays: already at the edge ({totals}).",
            monster=monster,
            totals=totals,
        )

    def public_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """A played card is public the moment it is played."""
        return action

    def button_actions(self, view: dict[str, Any], actions: list[dict[str, Any]]) -> list[int]:
        """Every play: a hand of three beside six Aces never exceeds 18 buttons."""
        return list(range(len(actions)))

    def hand_lines(self, view: dict[str, Any], locale: str) -> list[str]:
        return [f"• {card_label(card, locale)}" for card in view.get("hand", [])]

    def summary_lines(self, view: dict[str, Any], locale: str, names: list[str]) -> list[str]:
        scores = view.get("scores", [0, 0])
        lines = [
            t(
                locale,
                "**{name}**: {points} pts · {cards} cards in hand",
                name=names[seat],
                points=scores[seat],
                cards=view["hand_counts"][seat],
            )
            for seat in range(min(len(names), 2))
        ]
        lines.append(t(locale, "Deck: {n} cards", n=view.get("deck_count", 0)))
        return lines

    def alt_lines(self, view: dict[str, Any], locale: str, names: list[str]) -> list[str]:
        """What the board image shows beyond the summary (its alt text, :mod:`bot.alt_text`):
        each space with its top card and the monsters on it, then the monsters off the
        board."""
        lines = []
        for index, space in enumerate(view.get("spaces", [])):
            top = space.get("top")
            here = [monster_name(m["id"], locale) for m in view.get("monsters", [])
                    if m.get("space") == index]  # fmt: skip
            lines.append(t(locale, "{space}: {card}{monsters}",
                           space=space_label({**view, "seat": None}, index, locale),
                           card=card_label(top, locale) if top else "—",
                           monsters=" · " + ", ".join(here) if here else ""))  # fmt: skip
        away = [monster_name(m["id"], locale) for m in view.get("monsters", [])
                if m.get("space") is None]  # fmt: skip
        if away:
            lines.append(t(locale, "Off the board: {monsters}", monsters=", ".join(away)))
        return lines
