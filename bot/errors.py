"""Player-facing wording of every refusal: a :class:`~bot.table.TableError` code -> a
localised sentence. One table for all games, so the same mistake reads the same everywhere."""

from __future__ import annotations

from bot.i18n import N_, t
from bot.table import TableError
from rules import GAMES

# English source text per code (translated through the catalogue by ``t``).
MESSAGES: dict[str, str] = {
    # /tournament (bot/tournaments/)
    "no_tournament": N_(
        "There is no such tournament on this server. `/tournament standings` lists them."
    ),
    "tournament_elsewhere": N_("That tournament belongs to another server."),
    "no_open_tournament": N_(
        "There is no open tournament in this channel: name one with `tournament`, or create "
        "one with `/tournament create`."
    ),
    "tournament_in_dm": N_(
        "Tournaments belong to a server: use `/tournament` in one of its channels."
    ),
    "tournament_started": N_("Tournament #{id} has already started: registration is closed."),
    "tournament_closed": N_("Tournament #{id} is over."),
    "tournament_not_started": N_("Tournament #{id} has not started yet."),
    "already_entered": N_("You are already in this tournament."),
    "not_entered": N_("You are not in this tournament."),
    "not_tournament_host": N_(
        "Only the tournament's host, or someone who can manage this server, can do that."
    ),
    "too_few_entrants": N_(
        "Not enough entrants yet: {have} of at least {min}. Invite someone, or add a bot with "
        "`/tournament addbot`."
    ),
    "bad_format": N_("A tournament is `swiss` or `roundrobin`."),
    "bad_rounds": N_("A tournament plays 1 to {max} rounds."),
    "bad_seats": N_("{game} seats {min} to {max} players at a table."),
    "bad_deadline": N_("The registration deadline is in minutes from now: 1 to {max}."),
    "tournament_full": N_("This tournament is full ({max} entrants)."),
    "unknown_game": N_("I don't know a game called “{game}”. Try `/game list`."),
    "channel_busy": N_(
        "This channel already has an open table (#{game_id}). Finish or leave it "
        "first, or start yours in another channel."
    ),
    "no_table_here": N_("There is no open table in this channel. Start one with `/game new`."),
    "thread_in_dm": N_(
        "Threads exist only in a server's channels; nothing was created. Open the table here "
        "without `thread`."
    ),
    "thread_in_thread": N_(
        "A thread can't hold another thread; nothing was created. Open the table right here "
        "without `thread`, or use `/game new` in the channel above."
    ),
    "thread_not_here": N_(
        "I can open a thread only from a text channel; nothing was created. Leave out `thread` "
        "to play here."
    ),
    "thread_not_allowed": N_(
        "You may not open threads in this channel, so I won't open one for you; nothing was "
        "created. Leave out `thread` to play here."
    ),
    "thread_forbidden": N_(
        "I may not open a thread here: I need the *Create Public Threads* and *Send Messages in "
        "Threads* permissions in this channel. Nothing was created."
    ),
    "no_such_table": N_("That table no longer exists."),
    "no_vote": N_("That vote is over; nothing was changed."),
    "vote_on_yourself": N_(
        "The others are voting on your seat: just make your move, and the vote ends."
    ),
    "already_voted": N_("You have already voted; a vote can't be changed."),
    "cannot_skip": N_("This game can't skip that turn now; vote to wait or for a bot instead."),
    "bad_clock": N_("A time bank needs a time per move: pick a `clock` too, or leave out `bank`."),
    "already_seated": N_("You are already seated at this table."),
    "table_full": N_("This table is full ({max} players)."),
    "bad_bot_level": N_("A bot plays easy, normal or hard, not `{level}`; no bot was seated."),
    "not_host": N_("Only the player who opened the table can do that."),
    "not_host_or_moderator": N_(
        "Only the table's host, or someone who can manage this server or channel, can do that."
    ),
    "expel_yourself": N_("You can't expel yourself: use `/game leave` or `/game resign`."),
    "not_seated_them": N_("That person has no seat at this table."),
    "already_host": N_("That player is already the host."),
    "already_seated_them": N_("That person already plays at this table."),
    "no_seat_offer": N_("That seat is not on offer any more; nothing was changed."),
    "not_your_seat_offer": N_("That seat was offered to someone else."),
    "not_seated": N_("You are not seated at this table."),
    "not_enough_players": N_(
        "Not enough players yet: {have} of at least {min}. Invite someone "
        "or add a bot with `/game addbot`."
    ),
    "already_started": N_("This table has already started."),
    "table_closed": N_(
        "Table #{game_id} is closed; nothing was changed. Start a new one with `/game new`."
    ),
    "not_started": N_("This game has not started yet."),
    "game_over": N_("This game is over."),
    "stale": N_(
        "That table has moved on since this was shown; nothing was changed. "
        "Look at the latest table message."
    ),
    "not_your_turn": N_("It is not your turn."),
    "not_your_move": N_(
        "That move was offered to another player, not to you; nothing was changed. Pick one "
        "of your own moves from the list as you type."
    ),
    "no_move_waiting": N_(
        "No table is waiting for your move right now; nothing was changed. `/game mine` lists "
        "your tables."
    ),
    "which_table": N_(
        "Several tables wait for your move ({tables}): use `/game move` in the table's own "
        "channel, or tap the buttons in your DMs. Nothing was changed."
    ),
    "move_ambiguous": N_(
        "{n} of your moves match what you typed; nothing was changed. Pick one from the list "
        "as you type."
    ),
    "move_not_understood": N_(
        "None of your moves is called “{typed}”; nothing was changed. Pick one from the list "
        "as you type."
    ),
    "not_a_bot_seat": N_("That seat is not played by a bot."),
    "bad_option": N_("That option (“{option}”) is not valid for this game."),
    "options_misfit": N_(
        "This table's options don't work with {have} players (for example, the first player "
        "is a seat nobody took); nothing was changed. Seat more players, or open a new table "
        "with other options."
    ),
    "unknown_variant": N_(
        "This game has no variant “{variant}”. Pick one of the suggestions, or leave it empty "
        "for the standard game."
    ),
    "option.unknown_option": N_(
        "This game has no option “{option}”; nothing was created. Its options: {allowed}."
    ),
    "option.malformed_option": N_(
        "I could not read “{option}”; nothing was created. Write each option as `name=value`, "
        "for example `{example}`. This game's options: {allowed}."
    ),
    "option.wrong_type": N_("The option {option} takes {allowed}; nothing was created."),
    "option.out_of_range": N_("The option {option} must be {allowed}; nothing was created."),
    "option.repeated_option": N_(
        "The option {option} is given twice; nothing was created. Give it once: it takes {allowed}."
    ),
    "malformed_component": N_("That button is not valid any more; nothing was changed."),
    "illegal.not_your_turn": N_("It is not your turn."),
    "illegal.game_over": N_("This game is over."),
    "illegal.card_not_in_hand": N_("That card is not in your hand."),
    "illegal.no_such_space": N_("There is no such space on the board."),
    "illegal.suit_mismatch": N_("That card shares no suit with the Ace of that space."),
    "illegal.malformed_action": N_("I could not understand that move."),
    "illegal.wrong_phase": N_("That move does not belong to this phase of the turn."),
    "illegal.illegal_action": N_("That move is not allowed now."),
    "illegal.place_already_infested": N_(
        "This Place is already infested: no new Beings after the first Apparition."
    ),
    "illegal.place_full": N_("This Place already holds 3 Beings."),
    "illegal.being_forbidden_here": N_("That kind of Being may not appear on this Place."),
    "illegal.too_many_of_type": N_(
        "This Place already holds as many Beings of that kind as it allows."
    ),
    "illegal.illegal_being": N_("That Being cannot be placed now."),
    "illegal.necronomicon_summons": N_(
        "The Necronomicon is not placed on a Being: it summons a Being from your hand "
        "(choose it as the target)."
    ),
    "illegal.event_needs_a_being": N_("An Event goes on a Being on the active player's Place."),
    "illegal.illegal_summon": N_(
        "To summon, play a Necronomicon with a Being from your hand as the target."
    ),
    "illegal.illegal_swap": N_(
        "You can swap a Weapon once per turn, before attacking, with the one in your hand."
    ),
    "illegal.weapon_already_used": N_("That Weapon has already been used this turn."),
    "illegal.weapon_cannot_defeat": N_("That Weapon (or pair) cannot defeat that Being."),
    "illegal.weapon_not_on_table": N_(
        "Only the two Weapons on your table fight; the one in your hand must be swapped in "
        "first, before any attack."
    ),
    "illegal.no_flight_from_last_place": N_("You cannot flee from your last Place."),
    "illegal.no_flight_after_attacking": N_(
        "You have fought this turn: fleeing is no longer possible."
    ),
    "illegal.not_discardable": N_(
        "You may discard only Weapons, and Beings that a revealed Place forbids."
    ),
    "illegal.bad_split": N_("Choose how many Events, from 0 to the number of cards drawn."),
    "illegal.bad_arrangement": N_("Keep two of your three Weapons on the table."),
    "no_choice": N_("Pick one of the suggested choices."),
    "unknown_choice": N_(
        "“{typed}” is none of your choices here; nothing was changed. Pick one of the suggestions."
    ),
    "ambiguous_choice": N_(
        "“{typed}” could be more than one of your choices; nothing was changed. "
        "Pick one of the suggestions."
    ),
    # Munchkin Fu (issue 10): the engine's refusals and the card limits it checks.
    "illegal.no_such_offer": N_(
        "That offer is no longer open: it was answered, withdrawn, or closed when someone "
        "else agreed to help. Nothing was changed."
    ),
    "illegal.not_an_option": N_("That is not one of the choices open to you now."),
    "illegal.already_in_play": N_("That card is already in play."),
    "illegal.too_many_big_items": N_(
        "You can't have another big item in play (one, unless a card of yours allows more)."
    ),
    "illegal.class_already_in_play": N_("You already have that class."),
    "illegal.too_many_classes": N_("You can have only one class (two as a Super Munchkin)."),
    "illegal.style_already_known": N_("You already know that style."),
    "illegal.too_many_styles": N_(
        "You already know as many styles as you may (one; two for a Monk; one more per "
        "Extra Style)."
    ),
    "illegal.too_many_mooks": N_("You can have only one mook in play."),
    "illegal.already_super_munchkin": N_("You are already a Super Munchkin."),
    "illegal.not_equippable": N_("That card can't be put in play."),
    # Monsterpocalypse (issue 11): the engine's refusals.
    "illegal.no_such_figure": N_(
        "There is no such figure on the map: name it as the suggestions do (u3, m0)."
    ),
    "unknown_figure": N_(
        "This table has no figure “{typed}”; nothing was changed. Pick one of the suggestions "
        "(u3, m0)."
    ),
    # A server's settings and rematches (issue 30).
    "config_in_dm": N_(
        "Settings are per server: use `/game config` in the server's channels. Nothing was changed."
    ),
    "config_not_manager": N_(
        "Only members with the *Manage Server* permission can see or change this server's settings."
    ),
    "game_not_offered": N_(
        "This server doesn't offer {game}; nothing was created. Its managers choose the games "
        "with `/game config`."
    ),
    "games_channel": N_("Tables open in {channel} on this server; nothing was created there."),
    "host_role": N_(
        "On this server only members with the {role} role open tables; nothing was created. "
        "Join a table with `/game join`."
    ),
    "rematch_not_over": N_("That game is not over, so there is nothing to rematch."),
    "rematch_not_player": N_("Only the players of that game can ask for its rematch."),
    "rematch_exists": N_("The rematch is already open: table #{game_id}. Join it there."),
    "rematch_played": N_(
        "The rematch (table #{game_id}) has been played; its own end message offers the next "
        "one. Nothing was changed."
    ),
    "rematch_called_off": N_(
        "The rematch (table #{game_id}) was called off, so no other opens from this game; "
        "start a new table with `/game new`. Nothing was changed."
    ),
    "rematch_newer_table": N_(
        "This channel has a newer table (#{game_id}), so no rematch opens here; nothing was "
        "changed."
    ),
    "rematch_not_awaited": N_("No seat at this rematch waits for you; nothing was changed."),
    "other_game": N_(
        "The table in this channel plays {game}, not {wanted}; nothing was changed. Use that "
        "game's commands here."
    ),
}


GAME_KEY = "game_key"
"""A refusal's parameter naming a game by its id: said as ``{game}``, the game's name in the
reader's language (a refusal is worded where the reader's language is known, not where it is
raised)."""


def error_text(error: TableError, locale: str) -> str:
    """The sentence for ``error`` in ``locale``; unknown codes get a generic refusal."""
    template = MESSAGES.get(error.code)
    if template is None:
        return t(locale, "That move is not allowed here.")
    params = dict(error.params)
    key = params.pop(GAME_KEY, None)
    if key is not None:
        engine = GAMES.get(str(key))
        params["game"] = engine.names.get(locale, engine.names["en"]) if engine else key
    try:
        return t(locale, template, **params)
    except (KeyError, IndexError):
        return t(locale, "That move is not allowed here.")
