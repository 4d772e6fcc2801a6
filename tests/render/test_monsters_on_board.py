"""Monsters on Board images (issue 9): the main board, a board per seat, the hand and the final
scoring table, drawn from real views of seeded engine games (solo 1, two and four players) at
setup, mid-draft, mid-board phase, in the spectral phase and once over.

Each image must decode, keep its width, fit the PNG budget and not be blank; every text must
stay inside its box in English and Italian with 32-character names; every die, creature and
ghost must carry its colour's symbol and letter (I5); the final table must list every line of
every sheet; and the public images must not depend on what only a seat may see.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from render import RENDERERS, board_image, hand_image, render_board, render_hand, render_table
from render.boxes import Page, PlacedText, Region
from render.common import Canvas, SeatBoardRenderer, player_names
from render.monsters_on_board import WIDTH, MonstersOnBoardRenderer
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import arch_summary, condition_words, solo_symbols
from render.monsters_on_board.pieces import draw_creature, draw_die, draw_ghost
from render.monsters_on_board.style import colour_name, t
from render.text import font, has_glyph
from rules.monsters_on_board import VARIANTS as MOB_VARIANTS
from rules.monsters_on_board import engine as E
from rules.monsters_on_board.arch import arch_cards
from rules.monsters_on_board.bot import bot_action
from rules.monsters_on_board.content import COLOURS, content
from tests.render.pngs import assert_sane, decode
from tests.render.test_text_boxes import ODD_NAMES, assert_tidy
from tests.render.textboxes import one_page, problems

GAME = "monsters_on_board"
R = MonstersOnBoardRenderer()
GAMES: dict[int, tuple[dict[str, Any], int]] = {
    1: ({"mode": "solo1"}, 3),
    2: ({}, 1),
    4: ({}, 5),
}
MOMENTS = ("setup", "draft", "board", "spectral", "over")
NAMES = ["Anna", "Bartholomew Longname-Marshwalker", "Carla", "Dario"]

# --------------------------------------------------------------------------- engine games


@cache
def walk(players: int, draft: str = "simultaneous") -> tuple[E.State, ...]:
    options, seed = GAMES[players]
    return play(players, {**options, "draft": draft}, seed)


def play(players: int, options: dict[str, Any], seed: int) -> tuple[E.State, ...]:
    """Every state of one seeded game: a random pending seat moves, half the time as the bot
    would and half the time at random (odd boards as well as sensible ones)."""
    state = E.setup(players, options, seed)
    rng = random.Random(seed)
    states = [state]
    while E.pending(state):
        seat = rng.choice(E.pending(state))
        if rng.random() < 0.5:
            action = bot_action(state, seat)
        else:
            action = rng.choice(E.legal_actions(state, seat))
        state, _ = E.apply(state, seat, action)
        states.append(state)
    return tuple(states)


def _some_picked(state: E.State) -> bool:
    """A draft step under way: a seat has picked (hidden, I8) and another has not."""
    picks = [seat.pick is not None for seat in state.seats]
    return state.step >= 1 and (any(picks) or len(picks) == 1) and bool(E.pending(state))


def _decision_open(state: E.State) -> bool:
    return any(s["decision"] for s in E.view(state, None)["seats"])


@cache
def moments(players: int) -> dict[str, E.State]:
    """The states the images are checked at: setup, a draft step with a pick made, a board
    phase with a decision open, a spectral turn (from round 3 on, so the boards are full), the
    end."""
    states = walk(players)
    later = [s for s in states if s.round >= 3]
    found = {
        "setup": states[0],
        "draft": next(s for s in later if s.phase == "draft" and _some_picked(s)),
        "board": next(s for s in later if s.phase == "board" and _decision_open(s)),
        "spectral": next(s for s in later if s.phase == "spectral"),
        "over": states[-1],
    }
    assert found["over"].phase == "over"
    return found


def public(players: int, moment: str) -> dict[str, Any]:
    return E.view(moments(players)[moment], None)


def own(players: int, moment: str) -> dict[str, Any]:
    return own_view(moments(players)[moment])


def own_view(state: E.State) -> dict[str, Any]:
    """The view of the first seat that must act (seat 0 when nobody must)."""
    pending = E.pending(state)
    return E.view(state, pending[0] if pending else 0)


# --------------------------------------------------------------------------- every image renders


def test_registered_as_a_seat_board_renderer() -> None:
    assert isinstance(RENDERERS[GAME], MonstersOnBoardRenderer)
    assert isinstance(RENDERERS[GAME], SeatBoardRenderer)


@pytest.mark.parametrize("moment", MOMENTS)
@pytest.mark.parametrize("players", sorted(GAMES))
def test_every_image_renders(players: int, moment: str) -> None:
    view = public(players, moment)
    pngs = render_table(GAME, view, locale="it", players=NAMES[:players])
    assert len(pngs) == 1 + players
    for png in pngs:
        img = assert_sane(png)
        assert img.width == WIDTH and img.height > 400 and img.mode in ("P", "RGB")
    hand = assert_sane(render_hand(GAME, own(players, moment), locale="en"))
    assert hand.width == WIDTH


def test_a_four_player_mid_game_table() -> None:
    """Issue 9: the main board and four seat boards of a game in progress, each its own image,
    each readable (same width, large enough, not blank)."""
    view = public(4, "board")
    images = [decode(png) for png in render_table(GAME, view, players=NAMES)]
    assert len(images) == 5
    assert len({img.tobytes() for img in images[1:]}) == 4  # four different boards
    for img in images:
        assert img.width == WIDTH and 500 < img.height < 1300


def test_the_board_changes_with_the_phase_and_the_locale() -> None:
    images = {board_image(GAME, public(4, m)).tobytes() for m in MOMENTS}
    assert len(images) == len(MOMENTS)
    view = public(2, "board")
    assert (
        board_image(GAME, view, locale="en").tobytes()
        != board_image(GAME, view, locale="it").tobytes()
    )


# --------------------------------------------------------------------------- colour-blind players


def _texts_in(page: Page, label: str) -> list[str]:
    return [p.text for p in page.texts if p.region.label == label]


def test_I5_every_die_creature_and_ghost_shows_its_symbol_and_letter() -> None:
    """Each colour's die, creature and ghost is drawn with the colour's symbol and letter, and
    the font really has the symbol (a missing glyph would draw an empty box)."""
    ghosts = {g.colour: g.id for g in content().ghosts.values()}
    for colour_id in COLOURS:
        colour = content().colours[colour_id]
        assert has_glyph(colour.symbol), colour.symbol
        assert font(40).getmask(colour.symbol).getbbox() is not None
        with one_page() as page:
            c = Canvas(300, 100)
            draw_die(c, 10, 10, 60, f"{colour_id}-00", 4)
            draw_creature(c, 130, 40, 24, colour_id)
            draw_ghost(c, (200, 10, 250, 80), ghosts[colour_id])
        mark = f"{colour.symbol}{colour.letter}"
        drawn = page()
        assert mark in _texts_in(drawn, "die")
        assert mark in _texts_in(drawn, "creature")
        assert mark in _texts_in(drawn, "ghost")
        assert "4" in _texts_in(drawn, "die")


def test_every_icon_glyph_is_in_the_font() -> None:
    for info in content().icons.values():
        assert has_glyph(info.glyph), info.kind


# --------------------------------------------------------------------------- text boxes


def _pages(view: dict[str, Any], seat: int | None, locale: str, names: list[str]) -> list[Page]:
    """What one table post (board and seat boards) or one hand draws, page by page."""
    found = []
    if seat is not None:
        with one_page() as page:
            hand_image(GAME, view, locale=locale)
        return [page()]
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=names)
    found.append(page())
    shown = player_names(names, len(view["seats"]), locale)
    for s in range(len(view["seats"])):
        with one_page() as page:
            R.seat_board(view, s, locale=locale, players=shown)
        found.append(page())
    return found


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("players", sorted(GAMES))
def test_texts_stay_in_their_boxes(players: int, locale: str) -> None:
    """Every moment's board, seat boards and hand, with odd names (32 characters, wide
    letters, right-to-left, emoji), in both languages."""
    found: list[str] = []
    for k, moment in enumerate(MOMENTS):
        names = [ODD_NAMES[(k * players + i) % len(ODD_NAMES)] for i in range(players)]
        for view, seat in ((public(players, moment), None), (own(players, moment), 0)):
            for page in _pages(view, seat, locale, names):
                where = f"[{locale}] {players} players, {moment}, names={names}"
                found += [f"{where}: {p}" for p in problems(page)]
    assert_tidy(found)


# --------------------------------------------------------------------------- the final table


@pytest.mark.parametrize("players", sorted(GAMES))
def test_the_final_table_lists_every_line_of_every_sheet(players: int) -> None:
    view = public(players, "over")
    with one_page() as page:
        board_image(GAME, view, players=NAMES[:players])
    drawn = page()
    by_region: dict[str, list[PlacedText]] = {}
    for placed in drawn.texts:
        by_region.setdefault(placed.region.label, []).append(placed)
    for seat, sheet in enumerate(view["sheets"]):
        for line in sheet["lines"]:
            texts = [
                p.text for p in by_region.get(f"line {seat} {line['source']} {line['item']}", [])
            ]
            juice = line["juice"]
            points = (
                str(juice)
                if line["source"] == "before"
                else (f"+{juice}" if juice >= 0 else f"−{-juice}")
            )
            assert points in texts, (seat, line, texts)
        assert str(sheet["total"]) in [p.text for p in by_region[f"total {seat}"]]
    title = [p.text for p in by_region["banner"]]
    assert any(t("scoring", "en") in x for x in title)


def test_the_winner_is_named_and_marked() -> None:
    view = public(4, "over")
    totals = [s["total"] for s in view["sheets"]]
    with one_page() as page:
        board_image(GAME, view, players=NAMES)
    texts = [p.text for p in page().texts]
    best = max(totals)
    leaders = [NAMES[s] for s, total in enumerate(totals) if total == best]
    assert any(all(name in x for name in leaders) for x in texts)
    assert texts.count(t("winner", "en").upper()) >= 1


def test_O9_a_solo_game_ends_with_its_score_not_a_win() -> None:
    """Solo 1 is played against one's own best (O9): the table gives the score, names no
    winner."""
    view = public(1, "over")
    with one_page() as page:
        board_image(GAME, view, players=["Anna"])
    texts = [p.text for p in page().texts]
    score = f": {view['sheets'][0]['total']} Juice"
    assert any("Anna" in x and x.endswith(score) for x in texts)
    assert t("winner", "en").upper() not in texts


# --------------------------------------------------------------------------- hidden information


@pytest.mark.parametrize("moment", ["draft", "board"])
def test_seat_boards_are_the_same_from_a_seat_own_view(moment: str) -> None:
    """A seat's own view adds its prophecy, its pick and its decision's options; its board,
    drawn for everyone, shows none of them."""
    state = moments(4)[moment]
    names = player_names(NAMES, 4, "en")
    for seat in range(4):
        public_image = R.seat_board(E.view(state, None), seat, locale="en", players=names)
        own_image = R.seat_board(E.view(state, seat), seat, locale="en", players=names)
        assert public_image.tobytes() == own_image.tobytes()


def test_a_hidden_pick_shows_only_as_picked() -> None:
    """Simultaneous draft (I8): the board says who has picked, never which die."""
    view = public(4, "draft")
    picked = [s["seat"] for s in view["seats"] if s["picked"]]
    assert picked and all("pick" not in s for s in view["seats"])
    with one_page() as page:
        board_image(GAME, view, players=NAMES)
    texts = [p.text for p in page().texts]
    assert texts.count(t("picked", "en")) >= len(picked)


def test_the_hand_frames_its_own_pick() -> None:
    state = moments(4)["draft"]
    seat = next(s for s in range(4) if state.seats[s].pick is not None)
    view = E.view(state, seat)
    with one_page() as page:
        hand_image(GAME, view)
    assert t("your_pick", "en") in [p.text for p in page().texts]


def test_a_turn_order_pick_is_framed_on_the_board() -> None:
    """In the turn-order draft (D5) a pick is public at once: the board frames that die."""
    state = next(s for s in walk(2, "turn_order") if s.phase == "draft" and s.seats[0].pick)
    view = E.view(state, None)
    assert view["seats"][0].get("pick")
    unframed = {
        **view,
        "seats": [{k: v for k, v in s.items() if k != "pick"} for s in view["seats"]],
    }
    assert board_image(GAME, view).tobytes() != board_image(GAME, unframed).tobytes()


def test_render_board_png_of_every_player_count() -> None:
    for players in GAMES:
        assert_sane(render_board(GAME, public(players, "spectral"), players=NAMES[:players]))


# --------------------------------------------------------------------------- solo 2 and family

VARIANT_GAMES: dict[str, tuple[str, int, int]] = {
    "solo2_0": ("solo2_0", 1, 11),
    "solo2_7": ("solo2_7", 1, 4),
    "family2": ("family", 2, 6),
    "family4": ("family", 4, 8),
}
"""A game per case: the named variant (its options, as ``/game new variant:`` sets them), the
seats and the seed."""
VARIANT_MOMENTS = ("setup", "mid", "late", "over")


@cache
def variant_walk(game: str) -> tuple[E.State, ...]:
    """Every state of one seeded game of a variant (its options as ``/game new`` sets them)."""
    variant, players, seed = VARIANT_GAMES[game]
    return play(players, dict(MOB_VARIANTS[variant].options), seed)


@cache
def variant_moments(game: str) -> dict[str, E.State]:
    """Setup; a pick step under way from round 3 on (solo 2: Spider Jack's first picks on its
    card; family: a seat has picked, another not); a later moment (solo 2: its four picks and
    the spare die, before its purchase; family: the creatures' moves or the row scoring); the
    end."""
    states = variant_walk(game)
    later = [s for s in states if s.round >= 3]
    if game.startswith("solo2"):
        mid = next(s for s in later if s.phase == "draft" and s.step >= 1)
        late = next(s for s in later if s.phase == "board" and s.jack and s.jack.spare)
    else:
        mid = next(s for s in later if s.phase == "family_pick" and _some_picked(s))
        late = next(s for s in later if s.phase in ("family_move", "family_row"))
    found = {"setup": states[0], "mid": mid, "late": late, "over": states[-1]}
    assert found["over"].phase == "over"
    return found


def vpublic(game: str, moment: str) -> dict[str, Any]:
    return E.view(variant_moments(game)[moment], None)


def vown(game: str, moment: str) -> dict[str, Any]:
    return own_view(variant_moments(game)[moment])


def _parents(region: Region | None) -> list[Region]:
    """``region`` and the regions that hold it, innermost first."""
    found = []
    while region is not None:
        found.append(region)
        region = region.parent
    return found


@pytest.mark.parametrize("moment", VARIANT_MOMENTS)
@pytest.mark.parametrize("game", sorted(VARIANT_GAMES))
def test_solo2_and_family_images_render(game: str, moment: str) -> None:
    view = vpublic(game, moment)
    players = len(view["seats"])
    pngs = render_table(GAME, view, locale="it", players=NAMES[:players])
    assert len(pngs) == 1 + players
    for png in pngs:
        img = assert_sane(png)
        assert img.width == WIDTH and 250 < img.height < 1400
    assert assert_sane(render_hand(GAME, vown(game, moment), locale="en")).width == WIDTH


@pytest.mark.parametrize("locale", ["en", "it"])
@pytest.mark.parametrize("game", sorted(VARIANT_GAMES))
def test_solo2_and_family_texts_stay_in_their_boxes(game: str, locale: str) -> None:
    """Board, seat boards and hand at every moment, with 32-character and odd names."""
    found: list[str] = []
    for k, moment in enumerate(VARIANT_MOMENTS):
        players = len(vpublic(game, moment)["seats"])
        names = [ODD_NAMES[(k * players + i) % len(ODD_NAMES)] for i in range(players)]
        for view, seat in ((vpublic(game, moment), None), (vown(game, moment), 0)):
            for page in _pages(view, seat, locale, names):
                where = f"[{locale}] {game}, {moment}, names={names}"
                found += [f"{where}: {p}" for p in problems(page)]
    assert_tidy(found)


def _board_texts(view: dict[str, Any], names: list[str], locale: str = "en") -> Page:
    with one_page() as page:
        board_image(GAME, view, locale=locale, players=names)
    return page()


@pytest.mark.parametrize("game", ["solo2_0", "solo2_7"])
def test_T2_the_board_shows_spider_jack_its_juice_and_difficulty(game: str) -> None:
    view = vpublic(game, "late")
    jack = view["jack"]
    label = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "monstrous": "Monstrous"}
    words = f"+{jack['difficulty']} {label[jack['level']]}"
    texts = [p.text for p in _board_texts(view, NAMES[:1]).texts]
    assert t("jack", "en") in texts and words in texts
    assert str(jack["juice"]) in texts
    counts = t(
        "jack_counts", "en", d=len(jack["dice"]), g=len(jack["ghosts"]), c=len(jack["creatures"])
    )
    assert counts in texts


def test_T8_each_pick_sits_on_its_symbol_and_the_spare_is_named() -> None:
    """Solo 2: the card's three symbols left to right, each with the die Spider Jack took by
    it (T8), then the fourth die; the spare die (T18) says so."""
    view = vpublic("solo2_7", "late")
    card = content().solo_cards[view["solo"]["revealed"]]
    picks = view["solo"]["ai_picks"]
    assert len(picks) == 4 and view["jack"]["spare"] in picks
    page = _board_texts(view, NAMES[:1])
    columns: dict[int, list[str]] = {}
    for placed in page.texts:
        region = next((r for r in _parents(placed.region) if r.label == "jack pick"), None)
        if region is not None:
            columns.setdefault(id(region), []).append(placed.text)
    drawn = list(columns.values())
    assert len(drawn) == 4
    for k, texts in enumerate(drawn):
        symbol = solo_symbols(card, t("any", "en"))[k] if k < 3 else t("last_die", "en")
        colour = content().colours[picks[k][0].rpartition("-")[0]]
        assert texts[:3] == [symbol, str(picks[k][1]), f"{colour.symbol}{colour.letter}"]
        assert (t("spare", "en") in texts) == (picks[k] == view["jack"]["spare"])


def test_PR5_cards_01_and_03_say_their_ranks_start_the_row() -> None:
    """PR5 / card 01: "se i valori mostrati sono negli spazi esatti" — the ranks score only
    from space 1 on (``prophecy._ranks_at``), so the drawn card says the row starts with them."""
    for number, ranks in (("01", "6 5 4 3"), ("03", "1 2 3 4")):
        card = cat.prophecy_card(number)
        assert card is not None
        cond = card.conditions[0]
        assert condition_words(card, cond, "en") == f"a row starting with {ranks}"
        assert condition_words(card, cond, "it") == f"una riga che inizia con {ranks}"


def test_AM10_every_three_in_a_row_card_says_one_row_in_both_languages() -> None:
    """AM10: "**3 o più** dei dadi Signore richiesti in una **singola riga**" —
    ``scoring._three_in_row`` counts row by row, so every variant's words name the row, in
    English and Italian alike (the rank cards' Italian said only "10 se 3+ dadi di rango 1")."""
    cards = [c for c in arch_cards().values() if c.kind == "three_in_row"]
    assert len(cards) == 9
    for card in cards:
        assert arch_summary(card, "en").endswith("in a row")
        assert arch_summary(card, "it").endswith("in una riga")


def test_AM4_AM9_the_italian_colour_cards_name_a_creature_of_a_colour() -> None:
    """The scared and champion cards name a creature by colour: in Italian «di colore nero»
    agrees whatever the colour's gender (they read «creatura ●K nero», «una ●K nero»)."""
    cards = [c for c in arch_cards().values() if c.kind in ("scared", "champion")]
    assert {c.kind for c in cards} == {"scared", "champion"}
    for card in cards:
        assert "creatura di colore " in arch_summary(card, "it")


def test_T12_spider_jacks_area_is_drawn_by_colour() -> None:
    """Every die, ghost and creature of its area is on its colour's line (multicolour ghosts
    on a line of their own)."""
    view = vpublic("solo2_7", "late")
    jack = view["jack"]
    assert jack["dice"] and jack["ghosts"]
    labels = {f"jack {c}": c for c in COLOURS}
    lines: dict[str, list[str]] = {}
    for placed in _board_texts(view, NAMES[:1]).texts:
        line = next((r for r in _parents(placed.region) if r.label in labels), None)
        if line is not None:
            lines.setdefault(labels[line.label], []).append(placed.text)
    for colour_id in COLOURS:
        colour = content().colours[colour_id]
        mark = f"{colour.symbol}{colour.letter}"
        dice = [d for d in jack["dice"] if d[0].startswith(f"{colour_id}-")]
        ghosts = [g for g in jack["ghosts"] if content().ghosts[g].colour == colour_id]
        creatures = [c for c in jack["creatures"] if c == colour_id]
        drawn = lines.get(colour_id, [])
        if any(x.startswith("+") for x in drawn):
            continue  # a crowded line counts the rest
        assert drawn.count(mark) == len(dice) + len(ghosts) + len(creatures), colour_id
        assert sorted(x for x in drawn if x.isdigit()) == sorted(str(d[1]) for d in dice)


def test_I37_solo2_table_names_spider_jack_and_who_won() -> None:
    """Spider Jack has a column with its Juice; the table marks the winner the view's outcome
    names (you win only with strictly more, a tie is its win: the engine's I37, whose view
    says so in ``winners``), and the banner says who won."""
    view = vpublic("solo2_7", "over")
    total, jack = view["sheets"][0]["total"], view["jack"]["juice"]
    assert view["winners"] == ([0] if total > jack else [])
    for juice, player_wins in ((jack, total > jack), (total, False), (total - 1, True)):
        shown = {**view, "jack": {**view["jack"], "juice": juice}}
        shown["winners"] = [0] if player_wins else []
        page = _board_texts(shown, ["Anna"])
        texts = [p.text for p in page.texts]
        heads: dict[str, list[str]] = {}
        for placed in page.texts:
            heads.setdefault(placed.region.label, []).append(placed.text)
        assert heads["head 1"][0] == "Anna" and heads["head 2"][0] == t("jack", "en")
        winner = t("winner", "en").upper()
        assert (winner in heads["head 1"]) == player_wins != (winner in heads["head 2"])
        totals = [p.text for p in page.texts if p.region.label == "total 1"]
        assert totals == [str(juice)]
        banner = [p.text for p in page.texts if p.region.label == "banner"]
        if player_wins:
            assert any("Anna" in x for x in banner) and t("jack_wins", "en") not in banner
        else:
            assert t("jack_wins", "en") in banner
        assert texts.count(t("winner", "en").upper()) == 1


def test_FM16_family_table_lists_prophecy_lines_and_shares_a_tie() -> None:
    """Family mode: Juice before, the prophecy lines, the total; no Arch cards or removed
    dice (FM2); most Juice wins and a tie is shared (FM17, I33)."""
    view = vpublic("family4", "over")
    names = NAMES[:4]
    page = _board_texts(view, names)
    regions = {p.region.label for p in page.texts}
    for seat, sheet in enumerate(view["sheets"]):
        assert {line["source"] for line in sheet["lines"]} <= {"before", "prophecy"}
        for line in sheet["lines"]:
            assert f"line {seat} {line['source']} {line['item']}" in regions
    labels = [p.text for p in page.texts if p.region.label == "row label"]
    assert t("arch_row", "en") not in labels and t("removed", "en") not in labels
    totals = [s["total"] for s in view["sheets"]]
    best = [names[s] for s, x in enumerate(totals) if x == max(totals)]
    texts = [p.text for p in page.texts]
    assert texts.count(t("winner", "en").upper()) == len(best)
    assert [names[s] for s in view["winners"]] == best  # the engine's FM16/FM17, in the view
    tied = {**view, "sheets": [{**s, "total": max(totals)} for s in view["sheets"]]}
    tied["winners"] = [0, 1, 2, 3]
    texts = [p.text for p in _board_texts(tied, names).texts]
    assert texts.count(t("winner", "en").upper()) == 4


def test_family_main_board_has_cars_and_juice_but_no_market_or_evil() -> None:
    view = vpublic("family4", "mid")
    page = _board_texts(view, NAMES)
    texts = [p.text for p in page.texts]
    assert t("market", "en").upper() not in texts and t("evil", "en") not in texts
    assert t("cars_right", "en").upper() in texts
    assert t("step_family", "en", n=view["step"] + 1) in " ".join(texts)
    for seat in view["seats"]:
        assert str(seat["juice"]) in texts


def _family_seat_page(view: dict[str, Any], seat: int) -> Page:
    with one_page() as page:
        R.seat_board(view, seat, locale="en", players=NAMES)
    return page()


@pytest.mark.parametrize("game", ["family2", "family4"])
def test_I31_family_seat_boards_show_six_lanes_with_each_creature_where_it_stands(
    game: str,
) -> None:
    """The recorded regions: six lanes (one mark per colour), 13 columns (start, areas 1-12,
    4/8/12 with their actions), each creature's token in its lane at its area, and the Order's
    rows; nothing of the normal side (Evil, Arch cards, summoning)."""
    view = vpublic(game, "late")
    heads = ["Start", *(str(n) for n in range(1, 13))]
    heads[4], heads[8], heads[12] = "4 ±", "8 ⇄", "12 ⚗12"
    for seat, info in enumerate(view["seats"]):
        page = _family_seat_page(view, seat)
        columns = [p for p in page.texts if p.region.label == "lane head"]
        assert [p.text for p in columns] == heads
        lanes = [p for p in page.texts if p.region.label == "lane mark"]
        marks = [f"{content().colours[c].symbol}{content().colours[c].letter}" for c in COLOURS]
        assert [p.text for p in lanes] == marks
        tokens = [p for p in page.texts if p.region.label == "creature"]
        assert len(tokens) == 6
        for token in tokens:
            x = (token.bbox[0] + token.bbox[2]) / 2
            y = (token.bbox[1] + token.bbox[3]) / 2
            lane = next(p for p in lanes if p.region.box[1] <= y <= p.region.box[3])
            area = next(k for k, p in enumerate(columns) if p.region.box[0] <= x <= p.region.box[2])
            assert token.text == lane.text
            assert info["lanes"][COLOURS[marks.index(lane.text)]] == area
        texts = [p.text for p in page.texts]
        assert t("evil", "en").upper() not in texts and "✶ summon" not in " ".join(texts)
        rows = list(info["order"])
        sums = [p.text for p in page.texts if p.region.label == "row sum"]
        assert sums == [f"Σ {sum(d[1] for d in row)}" for row in rows]
        assert t("reserve", "en", n=info["reserve"]).upper() in texts


def test_FM6_a_family_pick_and_its_row_show_only_in_the_own_hand() -> None:
    """The seat board is the same from the seat's own view (its pick and row are hidden
    until all have picked, I8); its hand frames the pick and names the row."""
    state = variant_moments("family4")["mid"]
    seat = next(s for s in range(4) if state.seats[s].pick is not None)
    own_view, public_view = E.view(state, seat), E.view(state, None)
    assert own_view["seats"][seat]["pick_row"] is not None
    mine = R.seat_board(own_view, seat, locale="en", players=NAMES)
    assert mine.tobytes() == R.seat_board(public_view, seat, locale="en", players=NAMES).tobytes()
    with one_page() as page:
        hand_image(GAME, own_view)
    row = own_view["seats"][seat]["pick_row"] + 1
    assert t("your_pick_row", "en", n=row) in [p.text for p in page().texts]


def test_I5_the_italian_hand_and_scoring_table_name_a_creature_of_a_colour() -> None:
    """I5's colour words are adjectives and «nero» is the one that agrees with its noun: the
    hand's «which creature moves» and the scoring table's final-area rows must read right with
    every colour (they read «creatura nero» and «nero area finale»)."""
    for colour in COLOURS:
        name = colour_name(colour, "it")
        assert f"creatura di colore {name} " in t("do_move", "it", colour=name)
        assert t("final_row", "it", colour=name) == f"area finale ({name})"


def test_PR8_card_10_reads_a_row_of_exactly_two_colours_in_italian() -> None:
    """Card 10: «se in una qualsiasi riga ci sono esattamente due colori»: the card's words say
    «esattamente 2 colori» (they read «2 colori esatti», "two exact colours")."""
    card = cat.prophecy_card("10")
    assert card is not None
    for cond in card.conditions:
        assert condition_words(card, cond, "it") == "una riga di esattamente 2 colori"


def test_FM14_the_italian_hand_says_the_chosen_row_scores_its_ranks() -> None:
    """FM14: «Guadagna Succo Spettrale pari al Rango totale di tutti i dadi nella riga»: the
    family hand's note says the row's ranks score (it said «ottieni i suoi dadi», "you get its
    dice", where the English says "you score its dice")."""
    assert "guadagni la somma dei suoi ranghi" in t("do_family_row", "it")
