"""A game's declared options and variants (:mod:`rules.options`) on Discord, in the player's
language: what ``/game new`` offers and accepts, how a refusal says what is allowed, and how
the lobby shows the options a table chose.

Why here and not per game: every word comes from the engine's schema (``option_specs``,
``variants``), so a new game's options reach Discord without a line of code in ``bot/`` or
``cogs/``. Discord allows 25 parameters per command, too few for every game's options as
parameters; ``/game new`` takes a ``variant`` (autocomplete) and an ``options`` text instead.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import normalise, t
from bot.table import TableError
from rules import GAMES, OptionError, OptionSpec, validate
from rules.options import SET_JOIN, OptionValue, find_variant, parse_text, token

AUTOCOMPLETE_LIMIT = 25
AUTOCOMPLETE_VALUE = 100
"""Discord's limit on an autocomplete suggestion's name and value."""
QUOTED = 40
"""Characters of typed text quoted back in a refusal."""


def _lang(locale: str) -> str:
    return normalise(locale)


def _spec(game: str, name: str) -> OptionSpec | None:
    engine = GAMES.get(game)
    return next((s for s in engine.option_specs if s.name == name), None) if engine else None


def _yes_no(locale: str) -> tuple[str, str]:
    return t(locale, "yes"), t(locale, "no")


def value_label(spec: OptionSpec, value: OptionValue, locale: str) -> str:
    """``sì``, ``5``, ``Primo a casa``: a value as the player reads it."""
    if spec.kind == "bool":
        yes, no = _yes_no(locale)
        return yes if value else no
    if spec.kind == "set":
        named = {c.value: c.names[_lang(locale)] for c in spec.choices}
        parts = [named.get(p, p) for p in str(value).split(SET_JOIN) if p]
        return " + ".join(parts) if parts else t(locale, "none")
    for choice in spec.choices:
        if choice.value == value:
            return choice.names[_lang(locale)]
    return str(value)


def option_text(game: str, name: str, value: OptionValue, locale: str) -> str:
    """``Places: 4`` in the table's language (an option the schema does not know: as stored)."""
    spec = _spec(game, name)
    if spec is None:
        return f"{name}: {value}"
    return f"{spec.names[_lang(locale)]}: {value_label(spec, value, locale)}"


def _typed(spec: OptionSpec, locale: str) -> str:
    """How to type this option's name: ``luoghi``."""
    return f"`{token(spec.names[_lang(locale)])}`"


def allowed_text(spec: OptionSpec, locale: str) -> str:
    """What an option accepts, as the player would type it."""
    if spec.kind == "bool":
        yes, no = _yes_no(locale)
        return t(locale, "`{yes}` or `{no}`", yes=token(yes), no=token(no))
    if spec.kind == "int":
        return t(locale, "a whole number from {min} to {max}", min=spec.min, max=spec.max)
    values = ", ".join(f"`{token(c.names[_lang(locale)])}`" for c in spec.choices)
    if spec.kind == "set":
        return t(
            locale,
            "any of {values} joined by `+` (e.g. `{example}`), each once, one step of a kind "
            "at most; or `{none}`",
            values=values,
            example=SET_JOIN.join(token(c.names[_lang(locale)]) for c in spec.choices[-2:]),
            none=token(t(locale, "none")),
        )
    return t(locale, "one of {values}", values=values)


def _quoted(text: str) -> str:
    clipped = text if len(text) <= QUOTED else text[: QUOTED - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(clipped))


def option_error(game: str, error: OptionError, locale: str) -> TableError:
    """A localised refusal naming the option and what it allows (or which options exist)."""
    specs = GAMES[game].option_specs
    named = error.code in ("wrong_type", "out_of_range", "repeated_option")  # a spec's name
    spec = next((s for s in specs if s.name == error.option), None) if named else None
    if spec is not None:
        return TableError(
            f"option.{error.code}", option=_typed(spec, locale), allowed=allowed_text(spec, locale)
        )
    options = ", ".join(_typed(s, locale) for s in specs) or "-"
    example = f"{token(specs[0].names[_lang(locale)])}=…" if specs else "name=value"
    return TableError(
        f"option.{error.code}", option=_quoted(error.option), allowed=options, example=example
    )


def variant_choices(game: str | None, typed: str, locale: str) -> list[app_commands.Choice[str]]:
    """The game's variants whose name (either language) or key contains what was typed, each
    shown in the player's language."""
    engine = GAMES.get(game or "")
    if engine is None:
        return []
    wanted = token(typed)
    lang = _lang(locale)
    return [
        app_commands.Choice(name=variant.names[lang], value=key)
        for key, variant in engine.variants.items()
        if any(wanted in word for word in variant.words(key))
    ][:AUTOCOMPLETE_LIMIT]


def option_suggestions(game: str | None, typed: str, locale: str) -> list[str]:
    """``/game new options:`` as it is typed: the text so far with its last word completed,
    in the player's language. A word without ``=`` becomes each option it may start
    (``difficolta=``); after ``=``, each value (a set option: the parts so far plus one more
    that fits, ``fantasmi+profezia``). Each suggestion at most 100 characters."""
    engine = GAMES.get(game or "")
    if engine is None:
        return []
    lang = _lang(locale)
    head, _, last = typed.rpartition(" ")
    prefix = f"{head} " if head else ""
    name, sep, value = last.partition("=")
    if not sep:
        words = [token(s.names[lang]) for s in engine.option_specs]
        found = [f"{prefix}{w}=" for w in words if w.startswith(token(name))]
        return [typed, *found][:AUTOCOMPLETE_LIMIT] if typed.strip() else found
    spec = next((s for s in engine.option_specs if token(name) in s.words()), None)
    if spec is None:
        return [typed] if typed.strip() else []
    start = f"{prefix}{name}="
    if spec.kind == "set":
        done, _, part = value.rpartition(SET_JOIN)
        kept = [p for p in done.split(SET_JOIN) if p]
        try:
            taken = spec.parts(str(spec.parse(SET_JOIN.join(kept)))) if kept else ()
        except OptionError:
            return [typed]
        groups = {c.group for c in spec.choices if c.value in taken and c.group}
        fits = [c for c in spec.choices if c.value not in taken and c.group not in groups]
        words = [token(c.names[lang]) for c in fits if token(c.names[lang]).startswith(token(part))]
        base = f"{start}{done}{SET_JOIN}" if done else start
        found = [f"{base}{w}" for w in words]
    elif spec.kind == "bool":
        found = [f"{start}{w}" for w in (token(x) for x in _yes_no(locale))]
    elif spec.kind == "int":
        assert spec.min is not None and spec.max is not None
        found = [f"{start}{n}" for n in range(spec.min, spec.max + 1)]
    else:
        found = [f"{start}{token(c.names[lang])}" for c in spec.choices]
    matching = [f for f in found if f.startswith(typed)] or found
    return [f for f in matching if len(f) <= AUTOCOMPLETE_VALUE][:AUTOCOMPLETE_LIMIT]


def chosen_options(
    game: str, variant: str | None, typed: str | None, locale: str
) -> dict[str, OptionValue]:
    """The options a new table gets: the variant's (picked, or typed in either language), with
    the typed ``name=value`` options on top, checked against the schema."""
    engine = GAMES.get(game)
    if engine is None:
        raise TableError("unknown_game", game=_quoted(game))
    options: dict[str, OptionValue] = {}
    if variant:
        key = find_variant(engine.variants, variant)
        if key is None:
            raise TableError("unknown_variant", variant=_quoted(variant))
        options.update(engine.variants[key].options)
    try:
        options.update(parse_text(engine.option_specs, typed or ""))
        return validate(engine.option_specs, options)
    except OptionError as error:
        raise option_error(game, error, locale) from None
