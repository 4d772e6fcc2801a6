"""Structured offers: asking for help with a bribe (H), trading items outside combat (Y), and
selling items for levels (P).

Why offers are data the engine executes: "chat binds nothing" (issue 10). A help offer names
its target, at most one equipped item handed over on acceptance, a number of the monster's
treasures and who picks first; the target accepts, declines or counters once; the first
acceptance wins and closes the other offers ("Solo un giocatore può aiutarti"). A refusal is
final for the fight (H: "puoi chiedere ad un giocatore diverso").
"""

from __future__ import annotations

from dataclasses import replace

from rules.base import Event, IllegalAction
from rules.munchkin_fu.fight import bench, in_fight, join_curses, reopen
from rules.munchkin_fu.handover import fits, move_items
from rules.munchkin_fu.model import (
    Accept,
    Action,
    Counter,
    Decline,
    Offer,
    OfferHelp,
    OfferTrade,
    Play,
    Sell,
    State,
    with_player,
)
from rules.munchkin_fu.strength import treasures_won
from rules.munchkin_fu.table import (
    card,
    change_level,
    discard,
    from_hand,
    remove_from_play,
    trim,
)

SELL_STEP = 1000
"""P: "oggetti per un valore di 1000 crediti ... avanzare immediatamente di un livello"."""


def _terms(state: State, items: tuple[str, ...]) -> list[tuple[tuple[str, ...], int, bool]]:
    """(items, treasures, helper first) bundles: no item, one of ``items`` or all, 0..the
    treasure the fight would give, and who picks first (meaningful only with treasures)."""
    most = treasures_won(state)
    found: list[tuple[tuple[str, ...], int, bool]] = []
    bundles = [(), *((c,) for c in items)] + ([items] if len(items) > 1 else [])
    for bundle in bundles:
        for count in range(most + 1):
            found.append((bundle, count, False))
            if count:
                found.append((bundle, count, True))
    return found


def help_offers(state: State, seat: int) -> list[Action]:
    """H: the fighter, while fighting alone and before resolving, may ask anyone not yet
    asked in this fight."""
    fight = state.fight
    if fight is None or fight.stage != "fight" or seat != fight.fighter or fight.helper >= 0:
        return []
    if state.choice is not None or state.queue:
        return []
    open_to = {o.target for o in state.offers if o.kind == "help"}
    targets = [
        s
        for s in range(state.num_players)
        if s != seat and s not in fight.asked and s not in open_to and s not in state.died
    ]
    items = state.players[seat].items
    return [OfferHelp(t, i, n, f) for t in targets for i, n, f in _terms(state, items)]


def answers(state: State, seat: int) -> list[Action]:
    """The answers ``seat`` owes: accept, decline, and a counter to a help offer not yet
    countered."""
    found: list[Action] = []
    for offer in state.offers:
        if offer.answerer != seat:
            continue
        found += [Accept(offer.id), Decline(offer.id)]
        if offer.kind == "help" and not offer.counter:
            items = state.players[offer.source].items
            found += [Counter(offer.id, i, n, f) for i, n, f in _terms(state, items)]
    return found


def trades(state: State, seat: int) -> list[Action]:
    """Y, I25: items in play for items in play (or a gift), at any time but by someone in a
    fight (fighter or helper), once per pair and turn, with no choice open."""
    if in_fight(state, seat) or state.choice is not None or state.queue:
        return []
    if state.phase in ("setup", "over"):
        return []
    mine = state.players[seat].items
    found: list[Action] = []
    for target in range(state.num_players):
        if target == seat or (seat, target) in state.traded or in_fight(state, target):
            continue
        theirs = state.players[target].items
        for give in [(), *((c,) for c in mine)]:
            for want in [(), *((c,) for c in theirs)]:
                if give or want:
                    found.append(OfferTrade(target, give, want))
    return found


def offer_help(state: State, seat: int, action: OfferHelp) -> tuple[State, list[Event]]:
    fight = state.fight
    assert fight is not None
    offer = Offer(
        state.next_offer, "help", seat, action.target, action.items, (), action.treasures,
        action.helper_first,
    )  # fmt: skip
    state = replace(
        state,
        offers=(*state.offers, offer),
        next_offer=state.next_offer + 1,
        opened=state.opened + 1,
        fight=replace(fight, asked=(*fight.asked, action.target)),
    )
    return state, [{"type": "help_offered", **_public(offer)}]


def offer_trade(state: State, seat: int, action: OfferTrade) -> tuple[State, list[Event]]:
    offer = Offer(state.next_offer, "trade", seat, action.target, action.give, action.want)
    state = replace(
        state,
        offers=(*state.offers, offer),
        next_offer=state.next_offer + 1,
        opened=state.opened + 1,
        traded=(*state.traded, (seat, action.target)),
    )
    return state, [{"type": "trade_offered", **_public(offer)}]


def _public(offer: Offer) -> dict[str, object]:
    return {
        "id": offer.id,
        "kind": offer.kind,
        "source": offer.source,
        "target": offer.target,
        "items": list(offer.items),
        "want": list(offer.want),
        "treasures": offer.treasures,
        "helper_first": offer.helper_first,
        "counter": offer.counter,
    }


def public_offers(state: State) -> list[dict[str, object]]:
    return [_public(o) for o in state.offers]


def _find(state: State, offer_id: int) -> Offer:
    for offer in state.offers:
        if offer.id == offer_id:
            return offer
    raise IllegalAction("no_such_offer", "H")


def counter(state: State, seat: int, action: Counter) -> tuple[State, list[Event]]:
    offer = _find(state, action.offer)
    new = replace(
        offer,
        items=action.items,
        treasures=action.treasures,
        helper_first=action.helper_first,
        counter=True,
    )
    offers = tuple(new if o.id == offer.id else o for o in state.offers)
    state = replace(state, offers=offers, opened=state.opened + 1)
    return state, [{"type": "help_answered", "answer": "counter", **_public(new)}]


def decline(state: State, seat: int, offer_id: int) -> tuple[State, list[Event]]:
    offer = _find(state, offer_id)
    state = replace(state, offers=tuple(o for o in state.offers if o.id != offer_id))
    kind = "help_answered" if offer.kind == "help" else "trade_answered"
    return state, [{"type": kind, "answer": "decline", "id": offer_id}]


def accept(state: State, seat: int, offer_id: int) -> tuple[State, list[Event]]:
    offer = _find(state, offer_id)
    if offer.kind == "trade":
        return _trade(state, offer)
    fight = state.fight
    assert fight is not None
    helper = offer.target
    fight = replace(
        fight,
        helper=helper,
        treasures=offer.treasures,
        helper_first=offer.helper_first,
        bribe=offer.items,
    )
    closed = [o.id for o in state.offers if o.kind == "help" and o.id != offer.id]
    offers = tuple(
        o for o in state.offers if o.kind == "trade" and helper not in (o.source, o.target)
    )
    state = replace(state, fight=fight, offers=offers)
    state = reopen(join_curses(bench(state, helper), helper))
    events: list[Event] = [{"type": "help_answered", "answer": "accept", **_public(offer)}]
    events += [{"type": "help_answered", "answer": "closed", "id": i} for i in closed]
    return state, events


def steals(state: State, seat: int) -> list[Action]:
    """P19: a ``steal_item`` one-shot from the hand names another seat and an item it has in
    play (used or carried); never while a fight is open ("NON puoi ... rubare oggetti DURANTE
    un combattimento"), nor at setup; the item must fit the thief's big-item limit (I23)."""
    if state.fight is not None or state.phase == "setup":
        return []
    cards = [
        c
        for c in dict.fromkeys(state.players[seat].hand)
        if any(e.op == "steal_item" for e in card(c).effects)
    ]
    return [
        Play(c, target=victim, extra=item)
        for c in cards
        for victim in range(state.num_players)
        if victim != seat
        for item in dict.fromkeys(state.players[victim].items)
        if fits(state, seat, (item,))
    ]


def steal(state: State, seat: int, action: Play) -> tuple[State, list[Event]]:
    """The one-shot is discarded; the item goes to the thief's play area, counting only if its
    slot is free (as a traded item, I23)."""
    state = discard(from_hand(state, seat, action.card), [action.card])
    state = move_items(state, action.target, seat, (action.extra,))
    event: Event = {"type": "stolen", "seat": seat, "target": action.target}
    return state, [{**event, "card": action.card, "item": action.extra}]


def _trade(state: State, offer: Offer) -> tuple[State, list[Event]]:
    """Y: both sides must still hold what they trade; what is received goes in play."""
    state = replace(state, offers=tuple(o for o in state.offers if o.id != offer.id))
    source, target = state.players[offer.source], state.players[offer.target]
    held = set(offer.items) <= set(source.items) and set(offer.want) <= set(target.items)
    fit = fits(state, offer.target, offer.items) and fits(state, offer.source, offer.want)
    if not held or not fit or in_fight(state, offer.source) or in_fight(state, offer.target):
        return state, [{"type": "trade_answered", "answer": "void", "id": offer.id}]
    state = move_items(state, offer.source, offer.target, offer.items)
    state = move_items(state, offer.target, offer.source, offer.want)
    return state, [{"type": "traded", **_public(offer)}]


def sales(state: State, seat: int) -> list[Action]:
    """P: on your own turn, outside combat, any treasure with a value, from hand or play;
    never to the winning level (so not at the level before it)."""
    if seat != state.turn or state.fight is not None or state.choice is not None:
        return []
    if state.phase not in ("door", "trouble", "loot") or state.queue:
        return []
    p = state.players[seat]
    if p.level >= state.win_level - 1:
        return []
    return [Sell(c) for c in dict.fromkeys((*p.hand, *p.items)) if card(c).gold > 0]


def sell(state: State, seat: int, cid: str) -> tuple[State, list[Event]]:
    """Sales of one turn add up; each full 1,000 is a level at once, the rest waits for the
    next sale this turn (and is lost at its end: "non ricevi il resto"). A limit the item
    raised falls with it (I36: the tape's second style goes)."""
    p = remove_from_play(state.players[seat], cid)
    total = p.sold + card(cid).gold
    state = discard(with_player(state, seat, **_fields(p), sold=total % SELL_STEP), [cid])
    state = trim(state, seat)
    events: list[Event] = [{"type": "sold", "seat": seat, "card": cid}]
    state, more = change_level(state, seat, total // SELL_STEP)
    return state, events + more


def _fields(p: object) -> dict[str, object]:
    names = ("hand", "items", "carried", "shown")
    return {n: getattr(p, n) for n in names}
