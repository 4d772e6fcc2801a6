"""Help offers, counter-offers and trades in words, for labels and the table alike.

Why offers read in full: an offer is executed by the engine as worded (issue 10: "Chat binds
nothing"), so its label is the contract: the item handed over, how many of the monster's
treasures, and who picks first. The same terms read from the side of whoever reads them: the
fighter offers "your Jade Sandals", the asked player is offered "their Jade Sandals".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.munchkin_fu.words import View, card_name, fill, seat_label
from bot.i18n import t

Action = dict[str, Any]
Offer = dict[str, Any]


def _find(view: View, offer_id: Any) -> Offer:
    for offer in view.get("offers", []):
        if offer.get("id") == offer_id:
            return dict(offer)
    return {"id": offer_id, "kind": "help", "source": -1, "target": -1}


def help_terms(
    view: View, offer: Offer, locale: str, reader: int | None, names: list[str] | None = None
) -> tuple[str, dict[str, str]]:
    """``(template, fields)`` of a help offer's terms as ``reader`` reads them (``None``: the
    table). Fields are names that may be shortened; the numbers are in the template."""
    fighter, helper = offer.get("source", -1), offer.get("target", -1)
    name = _namer(view, locale, names)
    fields: dict[str, str] = {}
    goods: list[str] = []
    items = list(offer.get("items", []))
    if len(items) > 1:  # a bribe of every item in play (I7): said as such, never by one name
        if reader == fighter:
            goods.append(t(locale, "all your {n} items", n=len(items)))
        elif reader == helper:
            goods.append(t(locale, "all their {n} items", n=len(items)))
        else:
            goods.append(t(locale, "{n} items", n=len(items)))
    elif items:
        fields["item"] = card_name(view, str(items[0]), locale)
        if reader == fighter:
            goods.append(t(locale, "your {item}"))
        elif reader == helper:
            goods.append(t(locale, "their {item}"))
        else:
            goods.append("{item}")
    count = int(offer.get("treasures", 0))
    if not count:
        return (" + ".join(goods) if goods else t(locale, "no reward")), fields
    goods.append(t(locale, "{n} treasures", n=count) if count > 1 else t(locale, "1 treasure"))
    first = helper if offer.get("helper_first") else fighter
    if first == reader:
        picks = t(locale, "you pick first")
    else:
        fields["first"] = name(first)
        picks = t(locale, "{first} picks first")
    return " + ".join(goods) + ", " + picks, fields


def _namer(view: View, locale: str, names: list[str] | None) -> Callable[[Any], str]:
    if names is None:
        return lambda seat: seat_label(view, seat, locale)
    from bot.games.munchkin_fu.words import who

    return lambda seat: who(names, seat, locale)


def trade_terms(
    view: View, offer: Offer, locale: str, reader: int | None
) -> tuple[str, dict[str, str]]:
    """What changes hands in a trade, as ``reader`` reads it: what the reader gives first
    ("your X for their Y"); the table reads "X for Y" from the proposer's side."""
    give, want = list(offer.get("items", [])), list(offer.get("want", []))
    fields: dict[str, str] = {}
    if give:
        fields["give"] = card_name(view, str(give[0]), locale)
    if want:
        fields["want"] = card_name(view, str(want[0]), locale)
    if reader is not None and reader == offer.get("target"):
        if give and want:
            return t(locale, "your {want} for their {give}"), fields
        if give:
            return t(locale, "their {give} as a gift"), fields
        return t(locale, "your {want} as a gift"), fields
    if reader is not None and reader == offer.get("source"):
        if give and want:
            return t(locale, "your {give} for their {want}"), fields
        if give:
            return t(locale, "your {give} as a gift"), fields
        return t(locale, "their {want} as a gift"), fields
    if give and want:
        return t(locale, "{give} for {want}"), fields
    if give:
        return t(locale, "{give} as a gift"), fields
    return t(locale, "{want} as a gift"), fields


# --- labels --------------------------------------------------------------------------------------


def _offer_help(view: View, action: Action, locale: str) -> str:
    offer = {**action, "source": view.get("seat")}
    terms, fields = help_terms(view, offer, locale, view.get("seat"))
    fields["who"] = seat_label(view, action.get("target"), locale)
    return fill(t(locale, "🤝 Ask {who} for help:") + " " + terms, fields)


def _counter(view: View, action: Action, locale: str) -> str:
    offer = _find(view, action.get("offer"))
    mine = {**offer, **{k: action.get(k) for k in ("items", "treasures", "helper_first")}}
    terms, fields = help_terms(view, mine, locale, view.get("seat"))
    fields["who"] = seat_label(view, offer.get("source"), locale)
    return fill(t(locale, "↩ Counter {who}:") + " " + terms, fields)


def _offer_trade(view: View, action: Action, locale: str) -> str:
    fields: dict[str, str] = {"who": seat_label(view, action.get("target"), locale)}
    give, want = list(action.get("give", [])), list(action.get("want", []))
    if give:
        fields["give"] = card_name(view, str(give[0]), locale)
    if want:
        fields["want"] = card_name(view, str(want[0]), locale)
    if give and want:
        return fill(t(locale, "🔁 Trade with {who}: your {give} for their {want}"), fields)
    if give:
        return fill(t(locale, "🎁 Give {who} your {give}"), fields)
    return fill(t(locale, "🙏 Ask {who} for their {want} as a gift"), fields)


def _twin_mark(view: View, offer: Offer) -> str:
    """`` (#7)`` when another open offer reads the same (a trade offered again on a later
    turn while the first still waits): the offer's number tells them apart."""
    terms = ("kind", "source", "target", "items", "want", "treasures", "helper_first", "counter")
    same = [o for o in view.get("offers", []) if all(o.get(k) == offer.get(k) for k in terms)]
    return f" (#{offer.get('id')})" if len(same) > 1 else ""


def _answer(view: View, action: Action, locale: str, accept: bool) -> str:
    offer = _find(view, action.get("offer"))
    return _answer_text(view, offer, locale, accept, _twin_mark(view, offer))


def _answer_text(view: View, offer: Offer, locale: str, accept: bool, mark: str) -> str:
    me = view.get("seat")
    other = offer.get("target") if offer.get("source") == me else offer.get("source")
    if offer.get("kind") == "trade":
        terms, fields = trade_terms(view, offer, locale, me)
        fields["who"] = seat_label(view, other, locale)
        head = t(locale, "✅ Trade with {who}:") if accept else t(locale, "❌ No trade with {who}:")
        return fill(head + " " + terms + mark, fields)
    terms, fields = help_terms(view, offer, locale, me)
    fields["who"] = seat_label(view, other, locale)
    if offer.get("counter"):
        head = (
            t(locale, "✅ Accept {who}'s counter:")
            if accept
            else t(locale, "❌ Refuse {who}'s counter:")
        )
    else:
        head = t(locale, "✅ Help {who} for") if accept else t(locale, "❌ Don't help {who} for")
    return fill(head + " " + terms + mark, fields)


OFFER_LABELS: dict[str, Callable[[View, Action, str], str]] = {
    "offer_help": _offer_help,
    "counter": _counter,
    "offer_trade": _offer_trade,
    "accept": lambda view, action, locale: _answer(view, action, locale, True),
    "decline": lambda view, action, locale: _answer(view, action, locale, False),
}
