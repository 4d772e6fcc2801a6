"""Table options as data: what each game lets a table choose, and the named variants worth playing.

Why a schema instead of a dict of defaults: the bot's ``/game new``, the random playouts and the
balance simulator all need to know, for every game, which options exist, what type and range
each takes, what to call them in English and Italian, and which combinations are worth playing.
Declared once here per game (``rules/<game>/__init__.py``), a new game's options are offered on
Discord, validated, shown in the lobby and fuzzed without per-game code anywhere else.

Pure: no i18n machinery, just the two languages' words as data (``{"en": ..., "it": ...}``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

OptionValue = bool | int | str
"""What an option may hold: a flag, a number, the id of one of its choices, or a set of its
choices written as their ids joined by ``+`` in declaration order (``""``: none)."""

Names = Mapping[str, str]
"""Locale (``"en"``, ``"it"``) -> words."""

Kind = Literal["bool", "int", "choice", "set"]

SET_JOIN = "+"
"""How a set option's parts are written and typed: ``ghosts+prophecy``."""

NONE_WORDS = frozenset({"none", "nessuno", "nessuna", "niente"})
"""Typed words for a set option with no part (as :func:`token` writes them)."""

LOCALES = ("en", "it")

BOOL_WORDS: dict[str, bool] = {
    **dict.fromkeys(("true", "yes", "y", "on", "1", "si", "vero"), True),
    **dict.fromkeys(("false", "no", "n", "off", "0", "falso"), False),
}
"""Typed yes/no in English or Italian (as :func:`token` writes them: ``sì`` is ``si``)."""


class OptionError(ValueError):
    """Options a table cannot have. ``code`` is stable (the bot localises it): ``unknown_option``,
    ``wrong_type``, ``out_of_range``, ``malformed_option`` (typed text that is not
    ``name=value``) or ``repeated_option`` (one option typed twice, in either language);
    ``option`` is the option as the caller named it (a spec's name for
    ``wrong_type``, ``out_of_range`` and ``repeated_option``)."""

    def __init__(self, code: str, option: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.option = option


def token(text: str) -> str:
    """How typed words are compared: accents dropped, case folded, every run of other characters
    one ``_`` (so ``Primo a casa``, ``primo_a_casa`` and ``PRIMO-A-CASA`` are one word)."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return "_".join("".join(c if c.isalnum() else " " for c in plain).split())


def _check_names(names: Names, what: str) -> None:
    missing = [locale for locale in LOCALES if not names.get(locale)]
    if missing:
        raise ValueError(f"{what}: no name in {', '.join(missing)}")


@dataclass(frozen=True, slots=True)
class Choice:
    """One value of a ``choice`` option, or one part of a ``set`` option: its stable id and
    its names. A set's parts that share a ``group`` exclude each other (two steps of one
    thing: ``creature`` or ``creatures``)."""

    value: str
    names: Names
    group: str = ""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option: its kind, its default, what it allows and its names in both languages.

    ``names`` are short labels (shown in the lobby, typed as ``name=value``); ``description``
    is one sentence for whoever chooses.
    """

    name: str
    kind: Kind
    default: OptionValue
    names: Names
    description: Names
    choices: tuple[Choice, ...] = ()
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        """A declaration mistake fails at import, not when a player first picks the option."""
        _check_names(self.names, self.name)
        _check_names(self.description, f"{self.name} description")
        for choice in self.choices:
            _check_names(choice.names, f"{self.name}={choice.value}")
        if (self.kind in ("choice", "set")) != bool(self.choices):
            raise ValueError(f"{self.name}: choices belong to (and only to) a choice or set option")
        if (self.kind == "int") != (self.min is not None and self.max is not None):
            raise ValueError(f"{self.name}: min and max belong to (and only to) an int option")
        self.check(self.default)

    def allowed(self) -> str:
        """What the option accepts, in English (command lines, logs)."""
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an int in {self.min}..{self.max}"
        if self.kind == "set":
            return f"parts joined by {SET_JOIN}, each once: " + ", ".join(self.values())
        return "one of " + ", ".join(c.value for c in self.choices)

    def check(self, value: object) -> OptionValue:
        """``value`` if this option can hold it, else :class:`OptionError`.

        Types are exact: ``True`` is no number and ``"4"`` no int, so a stored table never holds
        a value the engine would read differently from what the player chose.
        """
        if self.kind == "bool":
            if type(value) is bool:
                return value
        elif self.kind == "int":
            if type(value) is int:
                assert self.min is not None and self.max is not None
                if self.min <= value <= self.max:
                    return value
                raise self._error("out_of_range", value)
        elif self.kind == "set" and isinstance(value, str):
            if value == self.join(self.parts(value)):
                return value
            raise self._error("out_of_range", value)
        elif isinstance(value, str):
            if value in self.values():
                return value
            raise self._error("out_of_range", value)
        raise self._error("wrong_type", value)

    def parts(self, value: str) -> tuple[str, ...]:
        """A set option's value as its part ids; :class:`OptionError` for an unknown part, a
        part twice, or two parts of one group."""
        parts = tuple(p for p in value.split(SET_JOIN) if p) if value else ()
        if any(p not in self.values() for p in parts) or len(set(parts)) != len(parts):
            raise self._error("out_of_range", value)
        groups = [c.group for c in self.choices if c.value in parts and c.group]
        if len(set(groups)) != len(groups):
            raise self._error("out_of_range", value)
        return parts

    def join(self, parts: Iterable[str]) -> str:
        """A set option's value from its parts: declaration order, ``+`` between them."""
        chosen = set(parts)
        return SET_JOIN.join(v for v in self.values() if v in chosen)

    def _error(self, code: str, value: object) -> OptionError:
        return OptionError(code, self.name, f"{self.name} must be {self.allowed()}, not {value!r}")

    def extremes(self) -> tuple[OptionValue, ...]:
        """Values worth a random playout of their own: both flags, a range's ends, a choice's
        first and last (declare choices from the default to the one that differs most).

        Why not every choice: a playout of Notte di Terrore costs seconds, and its first player
        as seat 2, 3 or 4 exercises nothing that seat 5 does not.
        """
        if self.kind == "bool":
            return (False, True)
        if self.kind == "int":
            assert self.min is not None and self.max is not None
            return (self.min, self.max)
        if self.kind == "set":  # none, and the last part of each group with every other part
            last = {c.group or c.value: c.value for c in self.choices}
            return (self.default, self.join(last.values()))
        return (self.choices[0].value, self.choices[-1].value)

    def values(self) -> tuple[str, ...]:
        """A choice option's value ids, in declaration order."""
        return tuple(c.value for c in self.choices)

    def words(self) -> set[str]:
        """Every :func:`token` that names this option: its id and its names in each language."""
        return {token(self.name), *(token(self.names[locale]) for locale in LOCALES)}

    def parse(self, text: str) -> OptionValue:
        """A value typed by a person, in English or Italian (``5``, ``sì``, ``primo_a_casa``)."""
        word = token(text)
        if self.kind == "bool":
            if word in BOOL_WORDS:
                return BOOL_WORDS[word]
            raise self._error("wrong_type", text)
        if self.kind == "int":
            try:
                number = int(text.strip())
            except ValueError:
                raise self._error("wrong_type", text) from None
            return self.check(number)
        if self.kind == "set":
            return self._parse_set(text)
        for choice in self.choices:
            if word in _choice_words(choice):
                return choice.value
        raise self._error("out_of_range", text)

    def _parse_set(self, text: str) -> str:
        """``ghosts+prophecy``, ``fantasmi+profezia``, ``none``: each part by its id or name."""
        if token(text) in NONE_WORDS:
            return str(self.check(""))
        parts = []
        for typed in text.split(SET_JOIN):
            word = token(typed)
            found = [c.value for c in self.choices if word in _choice_words(c)]
            if not found:
                raise self._error("out_of_range", text)
            parts.append(found[0])
        if len(set(parts)) != len(parts):
            raise self._error("out_of_range", text)
        return str(self.check(self.join(self.parts(SET_JOIN.join(parts)))))


def _choice_words(choice: Choice) -> set[str]:
    return {token(choice.value), *(token(choice.names[x]) for x in LOCALES)}


@dataclass(frozen=True, slots=True)
class Variant:
    """A named way to play: its names in both languages and the options it sets (the others
    keep their defaults)."""

    names: Names
    options: Mapping[str, OptionValue] = field(default_factory=dict)

    def words(self, key: str) -> set[str]:
        return {token(key), *(token(self.names[locale]) for locale in LOCALES)}


Specs = Sequence[OptionSpec]


def defaults(specs: Specs) -> dict[str, OptionValue]:
    """Option name -> default: what a table gets when it chooses nothing."""
    return {spec.name: spec.default for spec in specs}


def validate(specs: Specs, given: Mapping[str, object]) -> dict[str, OptionValue]:
    """Every option with its value: ``given`` checked against ``specs``, the rest defaulted.

    Raises :class:`OptionError` naming the first unknown option, wrong type or value out of range.
    """
    by_name = {spec.name: spec for spec in specs}
    for name in given:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            raise OptionError("unknown_option", name, f"unknown option {name}; known: {known}")
    return {
        spec.name: spec.check(given[spec.name]) if spec.name in given else spec.default
        for spec in specs
    }


def find_option(specs: Specs, typed: str) -> OptionSpec:
    """The option ``typed`` names, by its id or its name in either language."""
    word = token(typed)
    for spec in specs:
        if word in spec.words():
            return spec
    known = ", ".join(spec.name for spec in specs) or "none"
    raise OptionError("unknown_option", typed, f"unknown option {typed}; known: {known}")


def parse_assignments(specs: Specs, assignments: Iterable[str]) -> dict[str, OptionValue]:
    """``["places=5", "vittoria=primo_a_casa"]`` -> ``{"places": 5, "victory": "home_first"}``:
    names and values typed in English or Italian; not yet defaulted (see :func:`validate`).

    An option given twice (``places=3 luoghi=4``, even with one value) is refused, naming it:
    which one was meant is the player's to say, not the order's."""
    chosen: dict[str, OptionValue] = {}
    for assignment in assignments:
        name, sep, value = assignment.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise OptionError(
                "malformed_option", assignment, f"write name=value, not {assignment!r}"
            )
        spec = find_option(specs, name)
        if spec.name in chosen:
            raise OptionError("repeated_option", spec.name, f"{spec.name} is given twice")
        chosen[spec.name] = spec.parse(value)
    return chosen


def parse_text(specs: Specs, text: str) -> dict[str, OptionValue]:
    """Options typed on one line, ``places=5 victory=home_first`` (spaces or commas between
    them, none inside a value: write ``primo_a_casa``)."""
    return parse_assignments(specs, text.replace(",", " ").split())


def find_variant(variants: Mapping[str, Variant], typed: str) -> str | None:
    """The key of the variant ``typed`` names, by its key or its name in either language."""
    word = token(typed)
    for key, variant in variants.items():
        if word in variant.words(key):
            return key
    return None


WINDOW_OPTION = "window"
"""The name of the platform's window option (see :func:`window_option`)."""

WINDOW_CHOICES: dict[str, int] = {"30s": 30, "2m": 120, "10m": 600, "1h": 3600, "12h": 43200}
"""How long a window stays open (a reaction window, a choice inside a resolution), by choice
id: a live table answers in a minute, a slow one in hours."""

_WINDOW_NAMES: dict[str, dict[str, str]] = {
    "30s": {"en": "30 seconds", "it": "30 secondi"},
    "2m": {"en": "2 minutes", "it": "2 minuti"},
    "10m": {"en": "10 minutes", "it": "10 minuti"},
    "1h": {"en": "1 hour", "it": "1 ora"},
    "12h": {"en": "12 hours", "it": "12 ore"},
}


def window_option(default: str = "2m") -> OptionSpec:
    """The table option every game with windows declares (one name, one set of choices, the
    same for every game): how long the table waits for the players a window asks, the same
    for each of them, before it plays their default (a pass) and goes on."""
    return OptionSpec(
        name=WINDOW_OPTION,
        kind="choice",
        default=default,
        choices=tuple(Choice(key, names) for key, names in _WINDOW_NAMES.items()),
        names={"en": "Window", "it": "Finestra"},
        description={
            "en": "How long everyone has to react (interfere, answer an offer, choose) before "
            "the table goes on with their pass",
            "it": "Quanto tempo hanno tutti per reagire (interferire, rispondere a un'offerta, "
            "scegliere) prima che il tavolo passi per loro e vada avanti",
        },
    )


def window_seconds(options: Mapping[str, OptionValue]) -> int:
    """A table's window time in seconds; 0 for a game that declares no window option."""
    value = options.get(WINDOW_OPTION)
    return WINDOW_CHOICES.get(str(value), 0) if value is not None else 0
