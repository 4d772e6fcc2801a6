"""Player-facing wording of every refusal: a :class:`~bot.table.TableError` code -> a
localised sentence. One table for all games, so the same mistake reads the same everywhere."""

from __future__ import annotations

from bot.i18n import N_, t
from bot.table import TableError

# English source text per code (translated through the catalogue by ``t``).
MESSAGES: dict[str, str] = {
    "unknown_game": N_("I don't know a game called “{game}”. Try `/game list`."),
    "channel_busy": N_(
        "This channel already has an open table (#{game_id}). Finish or leave it "
        "first, or start yours in another channel."
    ),
    "no_table_here": N_("There is no open table in this channel. Start one with `/game new`."),
    "no_such_table": N_("That table no longer exists."),
    "already_seated": N_("You are already seated at this table."),
    "table_full": N_("This table is full ({max} players)."),
    "not_host": N_("Only the player who opened the table can do that."),
    "not_seated": N_("You are not seated at this table."),
    "not_enough_players": N_(
        "Not enough players yet: {have} of at least {min}. Invite someone "
        "or add a bot with `/game addbot`."
    ),
    "already_started": N_("This table has already started."),
    "not_started": N_("This game has not started yet."),
    "game_over": N_("This game is over."),
    "stale": N_(
        "That table has moved on since this was shown; nothing was changed. "
        "Look at the latest table message."
    ),
    "not_your_turn": N_("It is not your turn."),
    "not_a_bot_seat": N_("That seat is not played by a bot."),
    "bad_option": N_("That option (“{option}”) is not valid for this game."),
    "malformed_component": N_("That button is not valid any more; nothing was changed."),
    "illegal.not_your_turn": N_("It is not your turn."),
    "illegal.game_over": N_("This game is over."),
    "illegal.card_not_in_hand": N_("That card is not in your hand."),
    "illegal.no_such_space": N_("There is no such space on the board."),
    "illegal.suit_mismatch": N_("That card shares no suit with the Ace of that space."),
    "illegal.malformed_action": N_("I could not understand that move."),
    "no_choice": N_("Pick one of the suggested choices."),
}


def error_text(error: TableError, locale: str) -> str:
    """The sentence for ``error`` in ``locale``; unknown codes get a generic refusal."""
    template = MESSAGES.get(error.code)
    if template is None:
        return t(locale, "That move is not allowed here.")
    try:
        return t(locale, template, **error.params)
    except (KeyError, IndexError):
        return t(locale, "That move is not allowed here.")
