"""What a player typed in a slash command option, turned into the value the engine wants.

Discord lets people type instead of picking an autocomplete suggestion, and then sends the
text as typed ("megera della palude", "Axe") where a suggestion would have sent an id
("marsh_hag:2"). Every game's cog describes the things an option may name, from the caller's
own view (:class:`Candidate`), and the legal moves of the command as option -> candidate maps;
:func:`resolve_move` names the move the player meant, or refuses with "pick one of the
suggestions" and changes nothing. One resolver for every game, so typing works the same
everywhere.

How a text names a candidate, strongest first (a weaker way counts only when no stronger way
names anything): the exact value; the full name in English or Italian, ignoring case, accents,
spaces and punctuation; the start of such a name. Copies of one card share a ``key`` and count
as one thing: any copy will do, and the resolver picks a copy for which the whole move is legal.
When no legal move fits but every option names one thing, that move is handed to the engine,
whose refusal then says why it is illegal (a Weapon that cannot defeat that Being). An exact
engine value the caller cannot see (a card in another hand, a suggestion that went stale) is
handed to the engine as it is: ids are the engine's vocabulary, and it explains them.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import discord

from bot.table import TableError

ARTICLES = (
    "the ",
    "a ",
    "an ",
    "il ",
    "lo ",
    "la ",
    "i ",
    "gli ",
    "le ",
    "un ",
    "uno ",
    "una ",
    "l'",
    "l’",
    "un'",
    "un’",
)
MAX_SHOWN = 40  # characters of the typed text quoted back in a refusal

Move = Mapping[str, "Candidate"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One thing an option may name: the ``value`` the engine wants, the ``names`` a person
    would type (both languages), and the ``key`` that copies of the same card share."""

    value: str
    names: tuple[str, ...]
    key: str


def squash(text: str) -> str:
    """``"Treccia d’Àglio "`` -> ``"trecciadaglio"``: case, accents, spaces and punctuation
    are not what tells two cards apart, and people type them every which way."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())


def name_forms(name: str) -> tuple[str, ...]:
    """A name and, if it starts with an article, the name without it: Decktet cards are
    "the Castle" / "il Castello", and people type "castle" or "castello"."""
    lowered = name.lower()
    for article in ARTICLES:
        if lowered.startswith(article) and len(name) > len(article):
            return (name, name[len(article) :])
    return (name,)


def named(text: str, candidates: Iterable[Candidate]) -> list[Candidate]:
    """The candidates ``text`` names, by the strongest way that names any (module doc)."""
    pool = list(candidates)
    exact = [c for c in pool if c.value == text.strip()]
    if exact:
        return exact
    typed = squash(text)
    if not typed:
        return []
    full = [c for c in pool if any(squash(n) == typed for n in c.names)]
    if full:
        return full
    return [c for c in pool if any(squash(n).startswith(typed) for n in c.names)]


def resolve_move(
    typed: Mapping[str, str],
    moves: Sequence[Move],
    visible: Mapping[str, Sequence[Candidate]],
    is_value: Callable[[str], bool] = lambda text: False,
) -> dict[str, str]:
    """The values of the move the player meant by ``typed`` (option -> text as typed).

    ``moves`` are the command's legal moves (option -> candidate; a pair that may be given in
    either order is listed both ways), ``visible`` what else each option may name in the
    caller's view (so an illegal but meaningful choice reaches the engine and its reason).
    Raises ``TableError("unknown_choice" | "ambiguous_choice")`` naming the text at fault.
    """
    options = set(typed)
    shaped = [m for m in moves if set(m) == options]
    meant = {
        option: _meanings(option, text, shaped, visible, is_value) for option, text in typed.items()
    }
    values = {option: {c.value for c in found} for option, found in meant.items()}
    fitting = [m for m in shaped if all(m[o].value in values[o] for o in options)]
    groups = {tuple(m[o].key for o in sorted(options)) for m in fitting}
    if len(groups) == 1:
        return {option: fitting[0][option].value for option in typed}
    if not groups and all(len({c.key for c in meant[o]}) == 1 for o in options):
        return _distinct_copies(meant)
    vague = [o for o in typed if len({c.key for c in meant[o]}) > 1] or list(typed)
    raise TableError("ambiguous_choice", typed=shown(typed[vague[0]]))


def _meanings(
    option: str,
    text: str,
    moves: Sequence[Move],
    visible: Mapping[str, Sequence[Candidate]],
    is_value: Callable[[str], bool],
) -> list[Candidate]:
    """What ``text`` may mean for ``option``: legal copies first, so they are preferred."""
    pool = _unique([m[option] for m in moves] + list(visible.get(option, ())))
    found = named(text, pool)
    if found:
        return found
    if is_value(text.strip()):
        return [Candidate(text.strip(), (), text.strip())]
    raise TableError("unknown_choice", typed=shown(text))


def _unique(candidates: Iterable[Candidate]) -> list[Candidate]:
    return list(dict.fromkeys(candidates))


def _distinct_copies(meant: Mapping[str, list[Candidate]]) -> dict[str, str]:
    """One copy per option, not the same card twice when the options name one thing twice
    ("Axe" and "Axe" for a pair): the engine then judges the move as the player meant it."""
    chosen: dict[str, str] = {}
    for option, candidates in meant.items():
        taken = set(chosen.values())
        copy = next((c for c in candidates if c.value not in taken), candidates[0])
        chosen[option] = copy.value
    return chosen


def shown(text: str) -> str:
    """The typed text as it may be quoted back: short, on one line, no markdown or mention."""
    line = " ".join(text.split())
    if len(line) > MAX_SHOWN:
        line = line[: MAX_SHOWN - 1] + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(line))


def suggests(current: str, label: str, candidate: Candidate) -> bool:
    """Whether autocomplete shows a choice while the player has typed ``current``: the text
    appears in its label or in one of its names, in either language, ignoring case and
    accents, so the suggestions agree with what typing the same text accepts."""
    typed = squash(current)
    if not typed or current.strip() in candidate.value:
        return True
    return any(typed in squash(text) for text in (label, *candidate.names))
