"""A figure's card for ``/mp card`` (issue 26): its printed stat line — both forms of a
monster —, where it is, its health and what its abilities do, in the player's language; and
the figures ``/mp card`` suggests.

Why a card and not a longer summary: the stats are on the figure's base in the rulebook
(«queste sono riportate sulla basetta delle stesse»), read when a player weighs a move, one
figure at a time. Everything comes from the public view (``figures[].printed`` / ``forms``,
``stats``, ``abilities``), so a spectator reads the same card; only the ability texts come
from the content, as every other content name the words use.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.games.monsterpocalypse.commands import figure_id
from bot.games.monsterpocalypse.words import (
    DIE,
    KIND_EMOJI,
    POWER,
    View,
    content_name,
    dice,
    figure_name,
    fit,
    kind_name,
    local,
)
from bot.i18n import t
from bot.limits import (
    EMBED_DESCRIPTION,
    EMBED_TITLE,
    FIELD_NAME,
    FIELD_VALUE,
    plain_name,
    safe_name,
)
from rules.monsterpocalypse import content

ATTACKS = ("brawl", "blast", "power")
MAX_FIELDS = 6


@dataclass(frozen=True, slots=True)
class Card:
    """An embed's texts, each within Discord's limit."""

    title: str
    description: str
    fields: tuple[tuple[str, str], ...]


def find_figure(view: View, text: str, locale: str) -> dict[str, Any] | None:
    """The figure ``text`` names: an id (``u3``), a suggestion's name ("Hive Drone u3"), or a
    type's name or id (its first figure, e.g. one still in the reserve); None if none."""
    figures = [f for f in view.get("figures") or [] if isinstance(f, dict)]
    wanted = figure_id(view, text, locale)
    for fig in figures:
        if str(fig.get("id")) == wanted:
            return fig
    typed = " ".join(text.split()).lower()
    for fig in figures:
        known = {str(fig.get("type", "")).lower()}
        known |= {str(n).lower() for n in (fig.get("names") or {}).values()}
        if typed and typed in known:
            return fig
    return None


def _place(fig: dict[str, Any], locale: str) -> str:
    if fig.get("at"):
        return t(locale, "on the map at {at}", at=fig["at"])
    if fig.get("kind") == "monster":
        return t(locale, "destroyed")
    return t(locale, "in the reserve")


def _owner(view: View, fig: dict[str, Any], markdown: bool = True) -> str:
    """The owner's name: escaped for an embed's Markdown, else plain (a suggestion)."""
    names = view.get("names") or []
    seat = fig.get("owner")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return (safe_name if markdown else plain_name)(str(names[seat]))
    return str(seat)


def choices(view: View, locale: str) -> Iterable[tuple[str, str]]:
    """``(name, figure id)`` for ``/mp card``: every figure on the map, both sides, then one
    per unit type left in each reserve (with how many) and each destroyed monster."""
    figures = [f for f in view.get("figures") or [] if isinstance(f, dict)]
    for fig in figures:
        if fig.get("at"):
            name = figure_name(view, str(fig["id"]), locale)
            yield f"{name} ({fig['at']}) — {_owner(view, fig, False)}", str(fig["id"])
    waiting: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for fig in figures:
        if not fig.get("at"):
            waiting.setdefault((fig.get("owner"), fig.get("type")), []).append(fig)
    for group in waiting.values():
        fig = group[0]
        name = local(fig.get("names"), locale, str(fig.get("type")))
        where = _place(fig, locale)
        if len(group) > 1:
            where += f" ×{len(group)}"
        yield f"{name} ({where}) — {_owner(view, fig, False)}", str(fig["id"])


def _attack(kind: str, pair: Any, locale: str, reach: str = "") -> str:
    how = f"{KIND_EMOJI[kind]} {kind_name(locale, kind)}"
    dice_, boost = [*pair, 0, 0][:2] if isinstance(pair, list | tuple) else (0, 0)
    if not dice_:
        return t(locale, "{attack}: none", attack=how)
    text = t(locale, "{attack}: {dice} + {boost} boost", attack=how, dice=dice(locale, dice_),
             boost=boost)  # fmt: skip
    return f"{text}, {reach}" if reach else text


def _reach(kind: Any, locale: str) -> str:
    low, high = content.RANGES.get(str(kind), (0, 0))
    if not high:
        return ""
    word = t(locale, "long range") if kind == "long" else t(locale, "short range")
    return f"{word} {low}–{high}"


def _ability_name(ability: Any, locale: str) -> str:
    info = content.ABILITIES.get(str(ability))
    return local(info.names, locale) if info is not None else str(ability)


def stat_lines(line: dict[str, Any], locale: str, health: str = "") -> list[str]:
    """A printed stat line (a unit's or a form's) as lines of text; ``health`` says a
    form's health track now ("4/6") instead of its printed health."""
    lines = [t(locale, "Speed {speed} · DEF {defense}", speed=line.get("speed", "?"),
               defense=line.get("defense", "?"))]  # fmt: skip
    for kind in ATTACKS:
        if kind in line:
            reach = _reach(line.get("range"), locale) if kind == "blast" else ""
            lines.append(_attack(kind, line.get(kind), locale, reach))
    if "health" in line:
        lines.append(t(locale, "❤️ Health {n}", n=health or line["health"]))
    if line.get("hyper_cost"):
        lines.append(t(locale, "{power} Going hyper costs {n} power dice", power=POWER,
                       n=line["hyper_cost"]))  # fmt: skip
    if "cost" in line:
        lines.append(
            t(locale, "{die} Spawn cost: {dice}", die=DIE, dice=dice(locale, line["cost"]))
        )
    abilities = list(line.get("abilities") or [])
    if abilities:
        lines.append(
            t(
                locale,
                "Abilities: {list}",
                list=", ".join(_ability_name(a, locale) for a in abilities),
            )
        )
    return lines


def _now(fig: dict[str, Any], locale: str) -> str | None:
    """The figure's stats in play when they differ from the printed ones (``swift``,
    ``inspire``, ``sharpshooter``, an ability space): None when they do not."""
    stats = fig.get("stats") or {}
    forms = fig.get("forms") or {}
    printed = forms.get(fig.get("form") or "alpha") if forms else fig.get("printed")
    if not fig.get("at") or not stats or not isinstance(printed, dict):
        return None
    keys = ("speed", "brawl", "blast") + (("power",) if forms else ())
    extra = [a for a in fig.get("abilities") or [] if a not in (printed.get("abilities") or [])]
    if all(stats.get(k) == printed.get(k) for k in keys) and not extra:
        return None
    now = {k: stats.get(k) for k in keys}
    now.update(defense=stats.get("defense"), range=stats.get("range"),
               abilities=fig.get("abilities") or [])  # fmt: skip
    return "\n".join(stat_lines(now, locale))


def _abilities_text(fig: dict[str, Any], locale: str) -> str:
    """What each ability of the figure does (both forms' for a monster), one per line."""
    ids = list(fig.get("abilities") or [])
    for line in [fig.get("printed"), *(fig.get("forms") or {}).values()]:
        if isinstance(line, dict):
            ids += list(line.get("abilities") or [])
    lines = []
    for ability in dict.fromkeys(str(i) for i in ids):
        info = content.ABILITIES.get(ability)
        if info is not None:
            lines.append(f"**{local(info.names, locale)}** — {local(info.texts, locale, '')}")
    return "\n".join(lines)


def figure_card(view: View, fig: dict[str, Any], locale: str) -> Card:
    """The card of one figure of ``view``."""
    name = local(fig.get("names"), locale, str(fig.get("id")))
    title = name if fig.get("kind") == "monster" else f"{name} {fig.get('id')}"
    faction = content_name("faction", str(fig.get("faction") or ""), locale)
    ranks = {"grunt": t(locale, "grunt unit"), "elite": t(locale, "elite unit")}
    what = t(locale, "monster") if fig.get("kind") == "monster" else ranks.get(
        str(fig.get("rank")), t(locale, "unit"))  # fmt: skip
    lines = [
        f"{faction} · {what}",
        t(locale, "Played by {owner}, {place}", owner=_owner(view, fig), place=_place(fig, locale)),
    ]
    fields: list[tuple[str, str]] = []
    forms = fig.get("forms") or {}
    if forms:
        health, top = fig.get("health") or {}, fig.get("max") or {}
        for form in ("alpha", "hyper"):
            line = forms.get(form)
            if not isinstance(line, dict):
                continue
            track = f"{health.get(form, 0)}/{top.get(form, line.get('health'))}"
            text = stat_lines(line, locale, track)
            head = t(locale, "Alpha form") if form == "alpha" else t(locale, "Hyper form")
            if fig.get("form") == form and fig.get("at"):
                head += " " + t(locale, "(in play)")
            fields.append((head, "\n".join(text)))
    elif isinstance(fig.get("printed"), dict):
        fields.append((t(locale, "Stats"), "\n".join(stat_lines(fig["printed"], locale))))
    now = _now(fig, locale)
    if now:
        fields.append((t(locale, "In play now (abilities and spaces counted)"), now))
    abilities = _abilities_text(fig, locale)
    if abilities:
        fields.append((t(locale, "Abilities"), abilities))
    return Card(
        title=fit(title, EMBED_TITLE),
        description=fit("\n".join(lines), EMBED_DESCRIPTION),
        fields=tuple(
            (fit(head, FIELD_NAME), fit(value, FIELD_VALUE)) for head, value in fields[:MAX_FIELDS]
        ),
    )
