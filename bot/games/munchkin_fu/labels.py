"""What a button or a ``/game move`` entry says for each Munchkin Fu move (``LABELS``).

Why labels spell everything out: a seat may have hundreds of legal moves at once (a help
offer for every player, item and number of treasures; a trap for every victim), and ``/game
move`` plays the one move whose name was typed, so two legal moves must never read the same,
and an offer must read in full, since it binds (issue 10: "chat binds nothing"). Labels are
built from the seat's own view; seats read by name when the view carries ``names``, else by
their tag (``P2``), which the table's summary shows beside each name.

A label is a translated template filled with names (:func:`fill`): when it runs past 80
characters the longest name is shortened, never the words that tell two moves apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.munchkin_fu.offers import OFFER_LABELS
from bot.games.munchkin_fu.words import (
    View,
    brief,
    card_name,
    fill,
    info,
    monster_name,
    seat_label,
    side_name,
    signed,
)
from bot.i18n import t

Action = dict[str, Any]
Labeller = Callable[[View, Action, str], str]


def _own(view: View) -> dict[str, Any]:
    seat, players = view.get("seat"), view.get("players", [])
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else {}


def _card(view: View, action: Action, locale: str) -> str:
    return card_name(view, str(action.get("card")), locale)


# --- turn steps ----------------------------------------------------------------------------------


def _ready(view: View, action: Action, locale: str) -> str:
    return t(locale, "✅ Ready: start the game")


def _kick(view: View, action: Action, locale: str) -> str:
    return t(locale, "🚪 Kick open the door")


def _trouble(view: View, action: Action, locale: str) -> str:
    level = info(view, str(action.get("card"))).get("level", "?")
    template = t(locale, "👹 Look for trouble: fight {card} (L{n})")
    return fill(template, {"card": _card(view, action, locale)}, n=level)


def _loot_room(view: View, action: Action, locale: str) -> str:
    return t(locale, "🎒 Loot the room (a door card, face down)")


def _end_turn(view: View, action: Action, locale: str) -> str:
    if len(view.get("hand", [])) > 5:
        return t(locale, "⏭ End the turn (charity: give away the cards over 5)")
    return t(locale, "⏭ End the turn")


def _resolve(view: View, action: Action, locale: str) -> str:
    fight = view.get("fight") or {}
    heroes = (fight.get("heroes") or {}).get("total")
    monsters = (fight.get("monsters_total") or {}).get("total")
    if heroes is None or monsters is None:
        return t(locale, "⚔ Resolve the fight")
    return t(
        locale, "⚔ Resolve the fight ({heroes} vs {monsters})", heroes=heroes, monsters=monsters
    )


def _run(view: View, action: Action, locale: str) -> str:
    return t(locale, "🏃 Run away now")


def _pass(view: View, action: Action, locale: str) -> str:
    return t(locale, "👌 Pass")


def _pass_fight(view: View, action: Action, locale: str) -> str:
    return t(locale, "💤 Pass for the rest of this fight")


def _strike(view: View, action: Action, locale: str) -> str:
    """P7: the cost is paid from the hand or from play; the label says which."""
    if action.get("card") in view.get("hand", []):
        template = t(locale, "💥 Discard {card} from your hand for a bonus")
    else:
        template = t(locale, "💥 Discard {card} from play for a bonus")
    return fill(template, {"card": _card(view, action, locale)})


def _slay(view: View, action: Action, locale: str) -> str:
    """The Samurai's epic strike: the whole hand for one monster, killed."""
    fields = {"monster": monster_name(view, action.get("monster"), locale)}
    return fill(t(locale, "🗡 Discard your hand to slay {monster} (epic)"), fields)


# --- plays ---------------------------------------------------------------------------------------


def _play(view: View, action: Action, locale: str) -> str:
    """A card played: its effect named by what the action points at (a victim, a monster, a
    side, a second card), so two plays of one card read apart."""
    cid = str(action.get("card"))
    card = info(view, cid)
    kind = str(card.get("kind", ""))
    fields = {"card": card_name(view, cid, locale)}
    target, monster = action.get("target", -1), action.get("monster", -1)
    side, extra = str(action.get("side") or ""), str(action.get("extra") or "")
    if kind == "trap" and isinstance(target, int) and target >= 0:
        if target == view.get("seat"):
            return fill(t(locale, "🪤 Trap yourself: {card}"), fields)
        fields["who"] = seat_label(view, target, locale)
        return fill(t(locale, "🪤 Trap {who}: {card}"), fields)
    if side:
        fields["side"] = side_name(side, locale)
        bonus = signed(int(card.get("bonus", 0)))
        return fill(t(locale, "🧪 {card}: {bonus} for {side}"), fields, bonus=bonus)
    if isinstance(monster, int) and monster >= 0:
        fields["monster"] = monster_name(view, monster, locale)
        return _on_monster(kind, card, fields, locale)
    if extra and kind == "one_shot" and isinstance(target, int) and target >= 0:  # a theft
        fields["extra"] = card_name(view, extra, locale)
        fields["who"] = seat_label(view, target, locale)
        return fill(t(locale, "🫳 {card}: take {extra} from {who}"), fields)
    if extra:
        fields["extra"] = card_name(view, extra, locale)
        if kind == "wandering":
            return fill(t(locale, "👣 {card}: bring in {extra}"), fields)
        return fill(t(locale, "⭐ {card} with the class {extra}"), fields)
    if kind == "monster":
        return fill(t(locale, "👹 {card} joins the fight"), fields)
    return fill(t(locale, "▶ Play {card} ({what})"), fields, what=brief(card, locale))


def _on_monster(kind: str, card: dict[str, Any], fields: dict[str, str], locale: str) -> str:
    """A card played on one monster of the fight: an enhancer, a double, a Hong Kong item
    handed to a Hong Kong monster, or a removal."""
    if kind == "enhancer":
        bonus = signed(int(card.get("bonus", 0)))
        return fill(t(locale, "📈 {card} ({bonus}) on {monster}"), fields, bonus=bonus)
    if kind == "double":
        return fill(t(locale, "👯 {card}: double {monster}"), fields)
    if card.get("hk") and kind in ("item", "one_shot"):
        return fill(t(locale, "🎁 Give {card} to {monster}"), fields)
    return fill(t(locale, "✖ {card}: remove {monster} from the fight"), fields)


def _discard(view: View, action: Action, locale: str) -> str:
    return fill(t(locale, "🗑 Discard {card} from play"), {"card": _card(view, action, locale)})


def _carry(view: View, action: Action, locale: str) -> str:
    cid = str(action.get("card"))
    carried = any(i.get("id") == cid and i.get("carried") for i in _own(view).get("items", []))
    template = (
        t(locale, "🎒 Use {card} again") if carried else t(locale, "🎒 Carry {card} (not used)")
    )
    return fill(template, {"card": _card(view, action, locale)})


def _sell(view: View, action: Action, locale: str) -> str:
    gold = info(view, str(action.get("card"))).get("gold", 0)
    return fill(
        t(locale, "💰 Sell {card} ({gold})"), {"card": _card(view, action, locale)}, gold=gold
    )


def _claim(view: View, action: Action, locale: str) -> str:
    top = (view.get("discards", {}).get("door", {}).get("top") or ["?"])[-1]
    fields = {"card": _card(view, action, locale), "top": card_name(view, str(top), locale)}
    return fill(t(locale, "♻ Pay {card} to claim {top}"), fields)


# --- the open choice -----------------------------------------------------------------------------


def _choose(view: View, action: Action, locale: str) -> str:
    """An answer to the open choice, read by its kind (the view's ``choice``)."""
    option = str(action.get("option"))
    kind = str((view.get("choice") or {}).get("kind", ""))
    parts = option.split(":")
    if kind == "charity":
        if parts[0] == "discard":
            return fill(
                t(locale, "🎁 Discard {card} (charity)"),
                {"card": card_name(view, parts[1], locale)},
            )
        fields = {
            "card": card_name(view, parts[1], locale),
            "who": seat_label(view, int(parts[2]), locale),
        }
        return fill(t(locale, "🎁 Give {card} to {who}"), fields)
    if kind == "run_order":
        order = [monster_name(view, int(i), locale) for i in parts[0].split(",") if i.isdigit()]
        fields = {f"m{k}": name for k, name in enumerate(order)}
        text = t(locale, "🏃 Run from {monsters}")
        if len(order) < len((view.get("fight") or {}).get("monsters") or ()):  # R8: step by step
            text = t(locale, "🏃 Run from {monsters} first, then pick the next")
        template = text.replace("{monsters}", " → ".join("{" + k + "}" for k in fields))
        return fill(template, fields)
    if kind == "run":
        return _run_option(view, parts, locale)
    if kind == "mook_helper":
        who = seat_label(view, (view.get("fight") or {}).get("helper", -1), locale)
        if option == "yes":
            return fill(t(locale, "🛡 The mook saves {who} too"), {"who": who})
        return fill(t(locale, "🛡 {who} runs on their own"), {"who": who})
    if kind == "loot":
        return fill(
            t(locale, "💀 Take {card} from the corpse"), {"card": card_name(view, option, locale)}
        )
    if kind == "split":
        return fill(
            t(locale, "💰 Take {card} from the treasure"), {"card": card_name(view, option, locale)}
        )
    if kind == "lose":
        return fill(t(locale, "💔 Lose {card}"), {"card": card_name(view, option, locale)})
    return option


def _run_option(view: View, parts: list[str], locale: str) -> str:
    """How a runner gets away: a roll, a mook's sacrifice, the hand, a card, the shadows."""
    if parts[0] == "roll":
        return t(locale, "🎲 Roll to run away (5 or more escapes)")
    if parts[0] == "vanish":
        return t(locale, "🥷 Discard your whole hand to escape")
    if parts[0] == "shadow":
        return t(locale, "🌑 Vanish into the shadows (epic)")
    card = {"card": card_name(view, parts[1], locale)} if len(parts) > 1 else {"card": "?"}
    if parts[0] == "mook":
        return fill(t(locale, "🛡 Sacrifice {card} to escape"), card)
    return fill(t(locale, "✨ Play {card} to escape"), card)


LABELS: dict[str, Labeller] = {
    "ready": _ready,
    "kick": _kick,
    "trouble": _trouble,
    "loot_room": _loot_room,
    "end_turn": _end_turn,
    "resolve": _resolve,
    "run": _run,
    "pass": _pass,
    "pass_fight": _pass_fight,
    "strike": _strike,
    "slay": _slay,
    "play": _play,
    "discard": _discard,
    "carry": _carry,
    "sell": _sell,
    "claim": _claim,
    "choose": _choose,
    **OFFER_LABELS,
}
