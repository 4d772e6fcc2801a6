"""The Italian localisation is complete and well formed.

Every message the code marks (``t``, ``t_ctx``, ``N_``) and every slash command string has a
real Italian translation in ``bot/locales/it/LC_MESSAGES/messages.po`` that keeps the English
placeholders, Markdown and emoji; localised command names follow Discord's rules. When a test
here fails after a code change, run ``.venv/bin/python scripts/update_catalog.py`` and fill in
the empty ``msgstr`` lines.
"""

from __future__ import annotations

import importlib.util
import re
import string
import unicodedata
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po
from discord import app_commands

from bot.client import MonsterTableBot
from bot.config import Settings
from bot.games.texts import rules_text
from bot.i18n import LOCALES_DIR, CommandTranslator, normalise, t, t_ctx
from cogs import setup_cogs

ROOT = Path(__file__).resolve().parents[2]
PO_PATH = LOCALES_DIR / "it" / "LC_MESSAGES" / "messages.po"
KEYWORDS = {**DEFAULT_KEYWORDS, "t": (2,), "t_ctx": ((2, "c"), 3), "N_": None}
COMMAND_CONTEXTS = {
    "group_name",
    "group_description",
    "command_name",
    "command_description",
    "parameter_name",
    "parameter_description",
    "choice_name",
}
# The agreed Italian names (location, English) -> Italian.
AGREED_NAMES = {
    ("group_name", "game"): "partita",
    ("group_name", "monsterday"): "monsterday",
    ("command_name", "new"): "nuova",
    ("command_name", "join"): "entra",
    ("command_name", "leave"): "esci",
    ("command_name", "addbot"): "aggiungibot",
    ("command_name", "start"): "inizia",
    ("command_name", "status"): "stato",
    ("command_name", "hand"): "mano",
    ("command_name", "resign"): "abbandona",
    ("command_name", "rules"): "regole",
    ("command_name", "list"): "elenco",
    ("command_name", "history"): "storia",
    ("command_name", "play"): "gioca",
    ("parameter_name", "game"): "gioco",
    ("parameter_name", "variant"): "variante",
    ("parameter_name", "options"): "opzioni",
    ("parameter_name", "card"): "carta",
    ("parameter_name", "space"): "spazio",
    ("parameter_name", "table"): "tavolo",
}

Key = tuple[str | None, str]


# -- helpers ----------------------------------------------------------------------------------


def load_po() -> Catalog:
    with PO_PATH.open("rb") as handle:
        return read_po(handle, locale="it")


def code_messages() -> dict[Key, list[str]]:
    """``(context, English) -> ["file:line", ...]`` for every marked message in bot/ and cogs/."""
    found: dict[Key, list[str]] = {}
    for package in ("bot", "cogs"):
        for filename, lineno, message, _comments, context in extract_from_dir(
            str(ROOT / package), [("**.py", "python")], keywords=KEYWORDS
        ):
            assert isinstance(message, str), f"{package}/{filename}:{lineno}: plural {message!r}"
            found.setdefault((context, message), []).append(f"{package}/{filename}:{lineno}")
    return found


def placeholders(text: str) -> Counter[str]:
    """The ``{fields}`` of a ``str.format`` template, with their conversions and specs."""
    return Counter(
        f"{{{name}{'!' + conv if conv else ''}{':' + spec if spec else ''}}}"
        for _literal, name, spec, conv in string.Formatter().parse(text)
        if name is not None
    )


def symbols(text: str) -> Counter[str]:
    """Emoji and other pictographs (Unicode category So)."""
    return Counter(ch for ch in text if unicodedata.category(ch) == "So")


def markup(text: str) -> dict[str, int]:
    return {"bold": text.count("**"), "code": text.count("`")}


def is_discord_name(name: str) -> bool:
    """``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase (Discord's rule for chat-input names)."""
    return (
        1 <= len(name) <= 32
        and all(ch in "-_" or unicodedata.category(ch)[0] in "LN" for ch in name)
        and name == name.lower()
    )


def translation_problems(english: str, italian: str) -> list[str]:
    problems = []
    if placeholders(english) != placeholders(italian):
        problems.append(
            f"placeholders {sorted(placeholders(english))} != {sorted(placeholders(italian))}"
        )
    if symbols(english) != symbols(italian):
        problems.append(f"emoji {sorted(symbols(english))} != {sorted(symbols(italian))}")
    if markup(english) != markup(italian):
        problems.append(f"markdown {markup(english)} != {markup(italian)}")
    return problems


@pytest.fixture
async def bot() -> AsyncIterator[MonsterTableBot]:
    """The real bot with its cogs and translator, offline: no token is used, nothing is sent."""
    settings = Settings(_env_file=None, discord_token="x", database_path=":memory:")  # type: ignore[call-arg]
    client = MonsterTableBot(settings)
    await client.tree.set_translator(CommandTranslator())
    await setup_cogs(client)
    try:
        yield client
    finally:
        await client.tree.set_translator(None)


async def payloads(client: MonsterTableBot) -> list[dict[str, Any]]:
    """What ``tree.sync()`` would send: each top-level command's translated payload."""
    translator = client.tree.translator
    assert translator is not None
    return [
        await command.get_translated_payload(client.tree, translator)
        for command in client.tree.get_commands()
    ]


class Recorder(app_commands.Translator):
    """Records every ``(location, English)`` discord.py asks to translate into Italian."""

    def __init__(self) -> None:
        self.asked: set[Key] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.italian:
            self.asked.add((context.location.name, string.message))
        return None


async def command_strings(client: MonsterTableBot) -> set[Key]:
    recorder = Recorder()
    for command in client.tree.get_commands():
        await command.get_translated_payload(client.tree, recorder)
    return recorder.asked


def walk(nodes: list[dict[str, Any]], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """``(path, node)`` for every command, subcommand, parameter and choice of a payload."""
    for node in nodes:
        here = f"{path} {node['name']}".strip()
        yield here, node
        for choice in node.get("choices", []):
            yield f"{here} choice {choice['value']!r}", {**choice, "kind": "choice"}
        yield from walk(node.get("options", []), here)


# -- messages in the code ---------------------------------------------------------------------


def test_extraction_finds_the_messages() -> None:
    found = code_messages()
    assert len(found) >= 50
    assert (None, "It is not your turn.") in found  # N_ in bot/errors.py
    assert (None, "✅ You left table #{id}.") in found  # t() in cogs/game.py
    assert (None, "{monster} moves to space {n} ({totals}).") in found  # multi-line t() call


def test_every_code_message_has_an_italian_translation() -> None:
    po = load_po()
    problems = []
    for (context, english), where in code_messages().items():
        entry = po.get(english, context)
        label = f"{where[0]}: {english!r}"
        if entry is None:
            problems.append(f"{label}: not in the catalogue")
        elif not entry.string:
            problems.append(f"{label}: empty translation")
        elif entry.fuzzy:
            problems.append(f"{label}: fuzzy translation")
        else:
            problems += [f"{label}: {p}" for p in translation_problems(english, entry.string)]
    assert not problems, "run scripts/update_catalog.py and translate:\n" + "\n".join(problems)


def test_catalogue_entries_are_well_formed() -> None:
    """Every live entry, code or command: translated, not fuzzy, placeholders kept."""
    problems = []
    for entry in load_po():
        if not entry.id:
            continue
        label = f"[{entry.context}] {entry.id!r}" if entry.context else repr(entry.id)
        assert isinstance(entry.id, str), f"{label}: plural entries are not used"
        if entry.context not in (None, *COMMAND_CONTEXTS):
            problems.append(f"{label}: unknown context")
        if not entry.string or entry.fuzzy:
            problems.append(f"{label}: untranslated or fuzzy")
            continue
        problems += [f"{label}: {p}" for p in translation_problems(entry.id, entry.string)]
        fields = {name: "x" for _, name, _, _ in string.Formatter().parse(entry.id) if name}
        try:
            entry.string.format(**fields)
        except (KeyError, IndexError, ValueError) as error:
            problems.append(f"{label}: does not format: {error!r}")
    assert not problems, "\n".join(problems)


def test_italian_text_names_the_italian_commands() -> None:
    """``/game join`` in English reads ``/partita entra`` in Italian: the names the Italian
    client shows."""
    po = load_po()
    groups = {e.string for e in po if e.context == "group_name" and e.string}
    commands = {e.string for e in po if e.context == "command_name" and e.string}
    texts = [e.string for e in po if e.id and e.context is None]
    texts += [p.read_text(encoding="utf-8") for p in (ROOT / "bot/games/rules").glob("*.it.md")]
    mentions = [
        m.groups() for text in texts for m in re.finditer(r"(?<![\w{}])/([a-z_]+) ([a-z_]+)", text)
    ]
    assert mentions
    wrong = [f"/{g} {c}" for g, c in mentions if g not in groups or c not in commands]
    assert not wrong, f"not Italian command names: {wrong}"


# -- slash commands ---------------------------------------------------------------------------


async def test_every_command_string_is_in_the_catalogue(bot: MonsterTableBot) -> None:
    po = load_po()
    asked = await command_strings(bot)
    assert {location for location, _ in asked} >= {
        "group_name",
        "command_name",
        "command_description",
        "parameter_name",
        "parameter_description",
        "choice_name",
    }
    missing = [
        f"[{location}] {english!r}"
        for location, english in sorted(asked, key=str)
        if not (entry := po.get(english, location)) or not entry.string or entry.fuzzy
    ]
    assert not missing, "run scripts/update_catalog.py and translate:\n" + "\n".join(missing)


async def test_agreed_italian_command_names(bot: MonsterTableBot) -> None:
    translator = CommandTranslator()
    asked = await command_strings(bot)
    for (location, english), italian in AGREED_NAMES.items():
        assert (location, english) in asked, f"no {location} {english!r} in the command tree"
        context = app_commands.TranslationContext(
            location=app_commands.TranslationContextLocation[location], data=None
        )
        got = await translator.translate(
            app_commands.locale_str(english), discord.Locale.italian, context
        )
        assert got == italian


async def test_translated_payloads_localise_every_name_and_description(
    bot: MonsterTableBot,
) -> None:
    """What ``tree.sync()`` sends: Italian names and descriptions everywhere, valid for
    Discord, and no other locale claimed."""
    problems = []
    nodes = list(walk(await payloads(bot)))
    assert any(path == "game new" for path, _ in nodes)
    assert any(path == "monsterday play space" for path, _ in nodes)
    for path, node in nodes:
        names = node.get("name_localizations") or {}
        if set(names) != {"it"}:
            problems.append(f"{path}: name_localizations {names}")
            continue
        italian = names["it"]
        if node.get("kind") == "choice":
            if not 1 <= len(italian) <= 100:
                problems.append(f"{path}: choice name {italian!r} is not 1-100 characters")
            continue
        if not is_discord_name(italian):
            problems.append(f"{path}: {italian!r} is not a valid Discord name")
        descriptions = node.get("description_localizations") or {}
        if set(descriptions) != {"it"}:
            problems.append(f"{path}: description_localizations {descriptions}")
        elif not 1 <= len(descriptions["it"]) <= 100:
            problems.append(f"{path}: description longer than 100: {descriptions['it']!r}")
        if not is_discord_name(node["name"]) or not 1 <= len(node["description"]) <= 100:
            problems.append(f"{path}: the English name or description is not valid")
    assert not problems, "\n".join(problems)


async def test_italian_names_are_unique_among_siblings(bot: MonsterTableBot) -> None:
    def check(nodes: list[dict[str, Any]], where: str) -> None:
        italian = [n.get("name_localizations", {}).get("it", n["name"]) for n in nodes]
        duplicates = [name for name, count in Counter(italian).items() if count > 1]
        assert not duplicates, f"{where or 'top level'}: duplicate Italian names {duplicates}"
        for node in nodes:
            if node.get("options"):
                check(node["options"], f"{where} {node['name']}".strip())

    check(await payloads(bot), "")


async def test_group_payload_example(bot: MonsterTableBot) -> None:
    game = bot.tree.get_command("game")
    assert isinstance(game, app_commands.Group)
    payload = await game.get_translated_payload(bot.tree, CommandTranslator())
    assert payload["name_localizations"] == {"it": "partita"}
    new = next(option for option in payload["options"] if option["name"] == "new")
    assert new["name_localizations"] == {"it": "nuova"}
    parameters = {option["name"]: option for option in new["options"]}
    assert parameters["variant"]["name_localizations"] == {"it": "variante"}
    assert parameters["game"]["choices"][0]["name_localizations"] == {"it": "Monster Day"}


async def test_command_translator_answers_only_italian() -> None:
    translator = CommandTranslator()
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    new = app_commands.locale_str("new")
    assert await translator.translate(new, discord.Locale.italian, context) == "nuova"
    for locale in (discord.Locale.american_english, discord.Locale.french, discord.Locale.german):
        assert await translator.translate(new, locale, context) is None
    unknown = app_commands.locale_str("no-such-command")
    assert await translator.translate(unknown, discord.Locale.italian, context) is None


# -- i18n helpers -----------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["it", "it-IT", "IT", "it_IT", discord.Locale.italian])
def test_normalise_italian(locale: object) -> None:
    assert normalise(locale) == "it"


@pytest.mark.parametrize(
    "locale",
    [
        "en",
        "en-US",
        "fr",
        "de",
        "",
        None,
        discord.Locale.american_english,
        discord.Locale.british_english,
        discord.Locale.french,
        discord.Locale.spain_spanish,
    ],
)
def test_normalise_everything_else_is_english(locale: object) -> None:
    assert normalise(locale) == "en"


def test_t_formats_params_in_both_languages() -> None:
    assert t("en", "✅ You left table #{id}.", id=7) == "✅ You left table #7."
    assert t("it", "✅ You left table #{id}.", id=7) == "✅ Hai lasciato il tavolo #7."
    assert t(discord.Locale.italian, "It is not your turn.") == "Non è il tuo turno."
    assert t("it-IT", "Table #{id} — {n} moves", id=3, n=12) == "Tavolo #3 — mosse: 12"


def test_t_falls_back_to_english() -> None:
    assert t("fr", "It is not your turn.") == "It is not your turn."
    assert t("it", "A message nobody translated, {name}", name="Ada") == (
        "A message nobody translated, Ada"
    )
    assert t("it", "A message nobody translated") == "A message nobody translated"


def test_t_ctx_keeps_contexts_apart() -> None:
    assert t_ctx("it", "group_name", "game") == "partita"
    assert t_ctx("it", "parameter_name", "game") == "gioco"
    assert t("it", "game") == "game"  # no context-less entry
    assert t_ctx("en", "group_name", "game") == "game"


# -- rules summaries --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["/monsterday play", "/game hand", "Catoblepas", "Dire Bear", "Pegasus"]),
        ("it", ["/monsterday gioca", "/partita mano", "Catoblepa", "Orso Terribile", "Pegaso"]),
    ],
)
def test_rules_summary(lang: str, words: list[str]) -> None:
    path = ROOT / "bot" / "games" / "rules" / f"monster_day.{lang}.md"
    text = path.read_text(encoding="utf-8")
    assert len(text) <= 3900
    assert rules_text("monster_day", lang) == text
    for word in [*words, "P.D. Magnus", "Decktet", "CC BY-NC-SA", "Glatisant"]:
        assert word in text, f"{path.name} does not mention {word!r}"


def test_rules_summary_follows_the_players_locale() -> None:
    assert rules_text("monster_day", "it-IT") == rules_text("monster_day", "it")
    assert rules_text("monster_day", "fr") == rules_text("monster_day", "en")


# -- tooling ----------------------------------------------------------------------------------


async def test_update_script_sees_the_same_messages(bot: MonsterTableBot) -> None:
    """``scripts/update_catalog.py`` extracts exactly what these tests check."""
    spec = importlib.util.spec_from_file_location(
        "update_catalog", ROOT / "scripts" / "update_catalog.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    from_code = {(context, message) for _, _, message, _, context in script.code_messages()}
    assert from_code == set(code_messages())
    assert set(await script.walk_command_tree()) == await command_strings(bot)


def test_monster_day_credits_what_its_rulebook_credits() -> None:
    """Issue 7: the rulebook credits the design, the playtesting and the game it adapts."""
    from bot.games.texts import rules_text

    for locale in ("en", "it"):
        page = rules_text("monster_day", locale)
        assert "P.D. Magnus" in page and "Cristyn Magnus" in page and "Moving Day" in page
