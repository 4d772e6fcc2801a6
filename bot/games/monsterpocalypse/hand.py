"""A seat's DM / ``/game hand`` in Monsterpocalypse (:func:`hand_lines`). There is no hidden
hand: the lines say where the seat's dice are, what its activation is doing, and what it can
do now, with the ``/mp`` command for each kind of move the buttons may not all show.

Why short: the buttons under it carry the taps, and the map image (the seat's own view, with
the focus figure's reachable squares) shows where; these lines only point the way."""

from __future__ import annotations

from bot.games.monsterpocalypse.summary import phase_name
from bot.games.monsterpocalypse.words import DIE, POWER, View, local, my_seat
from bot.i18n import t


def _pools_line(view: View, seat: int, locale: str) -> str:
    pools = (view.get("players") or [])[seat].get("pools") or {}
    return t(
        locale,
        "**Your dice**: unit pool {unit}{die} · monster pool {monster}{die} · power {power}{bolt}",
        unit=pools.get("unit", 0),
        monster=pools.get("monster", 0),
        power=pools.get("power", 0),
        die=DIE,
        bolt=POWER,
    )


def _activation_line(view: View, seat: int, locale: str) -> str | None:
    activation = view.get("activation")
    if not isinstance(activation, dict) or activation.get("seat") != seat:
        return None
    kind = (
        t(locale, "monster activation")
        if activation.get("kind") == "monster"
        else t(locale, "unit activation")
    )
    return t(
        locale,
        "**Now**: {kind}, {phase} ({spent} spent)",
        kind=kind,
        phase=phase_name(locale, str(activation.get("phase", ""))),
        spent=activation.get("spent", 0),
    )


def _options_lines(view: View, locale: str) -> list[str]:
    """What the seat may do now, by kind, with its command."""
    lines: list[str] = []
    moves = view.get("moves") or {}
    movers = [f for f, to in moves.items() if to]
    if movers:
        lines.append(t(locale, "🚶 {n} figures may move: `/mp move figure to`", n=len(movers)))
    if view.get("runs"):
        lines.append(t(locale, "🏃 your monster may run: `/mp run to`"))
    attacks = view.get("attacks") or []
    if attacks:
        lines.append(
            t(locale, "⚔️ {n} attacks in range: `/mp attack figure target dice`", n=len(attacks))
        )
    spawns = view.get("spawns") or []
    if spawns:
        lines.append(t(locale, "🐣 {n} ways to spawn a unit: `/mp spawn unit at`", n=len(spawns)))
    return lines


def _setup_hint(view: View, locale: str) -> str | None:
    phase = view.get("phase")
    if phase == "buildings":
        return t(locale, "🏗️ Place a building on a free foundation: `/mp place at building`")
    if phase == "place":
        return t(locale, "👣 Place your monster in your start zone: `/mp place at`")
    if phase == "draft":
        return t(locale, "📋 Draft your army with the buttons, then tap Done drafting.")
    return None


def _both_pools(view: View, locale: str) -> list[str]:
    """Each player's pools, by faction, for a view that does not say whose it is."""
    lines = []
    for player in view.get("players") or []:
        pools = player.get("pools") or {}
        lines.append(
            t(
                locale,
                "**{faction}**: unit pool {unit}{die} · monster pool {monster}{die} · "
                "power {power}{bolt}",
                faction=local(player.get("faction_names"), locale, str(player.get("faction"))),
                unit=pools.get("unit", 0),
                monster=pools.get("monster", 0),
                power=pools.get("power", 0),
                die=DIE,
                bolt=POWER,
            )
        )
    return lines


def hand_lines(view: View, locale: str) -> list[str]:
    """The seat's pools, its activation, then what it may do now (only from its own view);
    both players' pools while the view does not say whose it is."""
    seat = my_seat(view)
    if seat is None or seat >= len(view.get("players") or []):
        lines = _both_pools(view, locale)
    else:
        lines = [_pools_line(view, seat, locale)]
        now = _activation_line(view, seat, locale)
        if now:
            lines.append(now)
    hint = _setup_hint(view, locale)
    if hint:
        lines.append(hint)
    lines += _options_lines(view, locale)
    lines.append(t(locale, "Every move: the buttons below, `/mp` or `/game move`."))
    return lines
