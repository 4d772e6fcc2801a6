"""The main board, drawn from the public view: round and phase with who must act, each seat's
Juice and Evil, the spectral market, the cars while drafting, solo 1's AI or solo 2's Spider
Jack, and the bag.

Top to bottom (1100 px wide, about 900 tall):

- the top bar: title, round (1–6), phase, the draft step, and who must act now;
- one card per seat in its colour (I3): name, first-player badge, status (picked / picking,
  the stage of its own phases 3–4, buying), Juice and Evil (0–8);
- the market (S2, S6, I14): five ghosts above the price strip 5 4 3 2 1 and five Arch cards
  below it, with the ghost supply, the Arch deck and the discards counted;
- during the draft, the cars with their dice (hood → back, I9), each labelled with the seat
  it is in front of; a hidden pick shows only as "picked" (I8), a turn-order pick is framed;
- in solo 1, the revealed solo card's three symbols, the deck left and the AI's picks;
- in solo 2, Spider Jack beside the player in the seats row and its area (:mod:`.jack_area`);
- the bag's dice by colour.

Family mode (I31, FM2) has no market and no Evil: the board shows the round, the pick step,
the cars (passing right, FM12) and each seat's Juice and servants still in reserve.

When the game is over the main board is the final scoring table instead
(:mod:`.scoring_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PIL import Image

from render.boxes import Box
from render.colours import legible
from render.common import Canvas, Palette, mix
from render.monsters_on_board import catalogue as cat
from render.monsters_on_board.cards import solo_symbols
from render.monsters_on_board.jack_area import draw_jack_area, draw_jack_card
from render.monsters_on_board.layout import (
    BAG_H,
    CARS_H,
    GAP,
    MARKET_H,
    SEATS_H,
    SOLO_H,
    TOP_H,
    dim,
    frame,
    is_family,
    jack_of,
    jack_panel_height,
    main_board_height,
    panel,
    pill,
    pill_width,
)
from render.monsters_on_board.pieces import draw_arch_card, draw_creature, draw_die, draw_ghost
from render.monsters_on_board.status import seat_status, seats_of
from render.monsters_on_board.style import (
    DRAFTS,
    EVIL,
    JUICE,
    MARGIN,
    PHASES,
    SERVANT,
    WIDTH,
    colour_rgb,
    glyph,
    icon_short,
    ink_on,
    ints,
    mark,
    name_of,
    seat_colour,
    t,
    template,
)


class _Board:
    """The main board of a game in progress (see the module docstring)."""

    def __init__(self, view: dict[str, Any], locale: str, players: list[str]) -> None:
        self.view = view
        self.locale = locale
        self.seats = seats_of(view)
        self.names = players
        self.phase = str(view.get("phase") or "")
        self.family = is_family(view)
        self.jack = jack_of(view)
        market = view.get("market")
        self.market: dict[str, Any] = market if isinstance(market, dict) else {}
        self.height = main_board_height(view)
        self.c = Canvas(WIDTH, self.height, Palette.bg)

    def draw(self) -> Image.Image:
        """The board painted whole (it is otherwise put together from pieces:
        :mod:`render.monsters_on_board.composed`, the same picture)."""
        frame(self.c, self.height)
        for _name, _box, draw in self.sections():
            draw()
        return self.c.image()

    def sections(self) -> list[tuple[str, tuple[int, int, int, int], Callable[[], None]]]:
        """The board's parts top to bottom: a name, a box (whole layout units) and what draws
        it on ``self.c``."""
        x0, x1 = MARGIN, WIDTH - MARGIN
        out: list[tuple[str, tuple[int, int, int, int], Callable[[], None]]] = []
        y = MARGIN

        def add(name: str, height: int, draw: Callable[[Box], None]) -> None:
            nonlocal y
            box = (x0, y, x1, y + height)
            out.append((name, box, lambda: draw(box)))
            y += height + GAP

        add("top", TOP_H, self.draw_top)
        add("seats", SEATS_H, self.draw_seats)
        if not self.family:
            add("market", MARKET_H, self.draw_market)
        if self.phase in DRAFTS and self.view.get("cars"):
            add("cars", CARS_H, self.draw_cars)
        solo = self.view.get("solo")
        if self.jack is not None:
            jack = self.jack
            add("jack", jack_panel_height(jack),
                lambda box: draw_jack_area(self.c, box, solo or {}, jack, self.locale))  # fmt: skip
        elif isinstance(solo, dict):
            add("solo", SOLO_H, self.draw_solo)
        add("bag", BAG_H, self.draw_bag)
        return out

    # -- the top bar
    def draw_top(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.panel(box, fill=Palette.panel_hi, radius=16)
        with c.region(box, "top bar"):
            c.text(
                (x0 + 18, y0 + 24),
                t("title", self.locale),
                24,
                Palette.gold,
                bold=True,
                anchor="lm",
            )
            words = [t("round", self.locale, n=self.view.get("round") or 1)]
            if self.phase in PHASES:
                words.append(t(f"phase_{self.phase}", self.locale))
            step = int(self.view.get("step") or 0) + 1
            if self.phase == "draft":
                words.append(t("step", self.locale, n=min(4, step)))
            elif self.phase == "family_pick":
                words.append(t("step_family", self.locale, n=min(3, step)))
            passes = int(self.view.get("passes") or 0)
            if self.phase == "spectral" and passes:
                words.append(t("passes", self.locale, n=passes, of=max(1, len(self.seats))))
            c.fit_text(
                (x0 + 18, y0 + 54),
                " · ".join(words),
                470,
                19,
                Palette.text,
                bold=True,
                min_size=14,
                anchor="lm",
            )
            self.draw_who((x0 + 500, y0 + 8, x1 - 16, y1 - 8))

    def draw_who(self, box: Box) -> None:
        """Who must act now: one or two seats by name; more by count, since three names
        cut to fit read worse than the seats' own status lines just below."""
        c = self.c
        x0, y0, x1, y1 = box
        pending = [s for s in ints(self.view.get("pending")) if s < len(self.names)]
        names = [self.names[s] for s in pending]
        if self.phase == "spectral" and len(pending) == 1:
            key = "turn_of"
        elif 0 < len(names) <= 2:
            key = "waiting"
        else:
            everyone = len(pending) == len(self.seats)
            words = t("everyone" if everyone else "waiting_n", self.locale, n=len(pending))
            c.fit_text(
                (x1, (y0 + y1) / 2),
                words if names else t("nobody", self.locale),
                x1 - x0,
                21 if names else 19,
                Palette.text if names else Palette.muted,
                bold=True,
                anchor="rm",
            )
            return
        colour = seat_colour(pending[0]) if len(pending) == 1 else Palette.text
        c.fit_name_text(
            (x1, (y0 + y1) / 2),
            template(key, self.locale),
            names,
            x1 - x0,
            21,
            colour,
            bold=True,
            min_size=14,
            anchor="rm",
        )

    # -- the seats
    def draw_seats(self, box: Box) -> None:
        """One card per seat; in solo 2 Spider Jack's card last, beside the player's (T1)."""
        x0, y0, x1, y1 = box
        n = max(1, len(self.seats) + (1 if self.jack is not None else 0))
        w = (x1 - x0 - GAP * (n - 1)) / n
        for seat, info in enumerate(self.seats):
            sx = x0 + seat * (w + GAP)
            self.draw_seat(seat, info, (sx, y0, sx + w, y1))
        if self.jack is not None:
            draw_jack_card(self.c, (x1 - w, y0, x1, y1), self.jack, self.locale)

    def draw_seat(self, seat: int, info: dict[str, Any], box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = seat_colour(seat)
        acting = seat in ints(self.view.get("pending"))
        c.panel(
            box,
            fill=mix(Palette.panel, accent, 0.06),
            outline=Palette.gold if acting else dim(accent),
            width=3 if acting else 2,
        )
        c.rect((x0 + 8, y0 + 10, x0 + 14, y1 - 10), fill=accent, radius=3)
        with c.region((x0 + 20, y0 + 4, x1 - 8, y1 - 4), f"seat {seat + 1}"):
            right = x1 - 10
            if self.view.get("first") == seat and not self.family:
                right -= (
                    pill(
                        c,
                        right - pill_width(c, t("first_short", self.locale)),
                        y0 + 22,
                        t("first_short", self.locale),
                        Palette.gold,
                    )
                    + 6
                )
            c.fit_text(
                (x0 + 22, y0 + 22),
                self.names[seat] if seat < len(self.names) else "",
                right - x0 - 26,
                21,
                accent,
                bold=True,
                min_size=16,
                anchor="lm",
            )
            status = seat_status(self.view, seat, info, self.locale)
            self.draw_counts(info, (x0 + 22, y0 + 42, x1 - 10, y1 - 8), status)

    def draw_counts(self, info: dict[str, Any], box: Box, status: str) -> None:
        """Juice and Evil as large numbers (family mode: Juice and the servants in reserve,
        FM1, FM14), and the seat's status under them."""
        c = self.c
        x0, y0, x1, y1 = box
        juice, evil = int(info.get("juice") or 0), int(info.get("evil") or 0)
        counts = [(juice, "juice", JUICE), (evil, "evil", EVIL)]
        if self.family:
            counts = [
                (juice, "juice", JUICE),
                (int(info.get("reserve") or 0), "in_reserve", SERVANT),
            ]
        x = x0
        for value, label, colour in counts:
            word = t(label, self.locale)
            c.text((x, y0 + 14), str(value), 26, colour, bold=True, anchor="lm")
            x += c.text_width(str(value), 26, True) + 5
            c.fit_text(
                (x, y0 + 16), word, 90, 13, Palette.muted, bold=True, min_size=11, anchor="lm"
            )
            x += min(90, c.text_width(word, 13, True)) + 14
        if status:
            c.fit_text(
                (x0, y1 - 10),
                status,
                x1 - x0,
                15,
                Palette.text,
                bold=True,
                min_size=12,
                anchor="lm",
            )

    # -- the market
    def draw_market(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("market", self.locale), accent=mix(Palette.line, EVIL, 0.3))
        x0, y0, x1, y1 = inner
        counts = self.market_counts()
        with c.region((x0 + 300, box[1] + 4, x1, box[1] + 32), "supplies"):
            c.fit_text(
                (x1 - 4, box[1] + 20),
                counts,
                x1 - x0 - 304,
                15,
                Palette.text,
                min_size=12,
                anchor="rm",
            )
        ghosts = list(self.market.get("ghosts") or [None] * 5)
        arch = list(self.market.get("arch") or [None] * 5)
        prices = ints(self.market.get("prices")) or [5, 4, 3, 2, 1]
        slots = max(len(ghosts), len(arch), len(prices))
        w = (x1 - x0 - GAP * (slots - 1)) / slots
        for k in range(slots):
            sx = x0 + k * (w + GAP)
            ghost = ghosts[k] if k < len(ghosts) else None
            self.draw_market_ghost((sx, y0 + 4, sx + w, y0 + 100), ghost)
            price = prices[k] if k < len(prices) else 0
            self.draw_price((sx, y0 + 104, sx + w, y0 + 134), price)
            card = arch[k] if k < len(arch) else None
            draw_arch_card(c, (sx + 4, y0 + 140, sx + w - 4, y1 - 2), card, self.locale)

    def market_counts(self) -> str:
        m, loc = self.market, self.locale
        discards = len(m.get("ghost_discard") or []) + len(m.get("arch_discard") or [])
        words = [
            t("ghost_supply", loc, n=int(m.get("ghost_supply") or 0)),
            t("arch_deck", loc, n=int(m.get("arch_deck") or 0)),
        ]
        if discards:
            words.append(t("discarded", loc, n=discards))
        return " · ".join(words)

    def draw_market_ghost(self, box: Box, ghost_id: Any) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.rect(box, fill=mix(Palette.panel, Palette.bg, 0.4), radius=10)
        found = cat.ghost(str(ghost_id)) if ghost_id else None
        if found is None:
            with c.region(box, "ghost slot"):
                c.text(
                    ((x0 + x1) / 2, (y0 + y1) / 2),
                    t("empty", self.locale),
                    14,
                    Palette.faint,
                    anchor="mm",
                )
            return
        draw_ghost(c, (x0 + 8, y0 + 10, x0 + 62, y0 + 86), str(ghost_id))
        with c.region((x0 + 70, y0 + 4, x1 - 6, y1 - 4), "ghost words"):
            lines, size = c.wrap(
                name_of(found, self.locale), x1 - x0 - 78, 2, 15, bold=True, min_size=12
            )
            for k, line in enumerate(lines):
                c.text((x0 + 72, y0 + 10 + k * 19), line, size, Palette.text, bold=True)
            colour = colour_rgb(found.colour)
            where = mark(found.colour) if found.colour != cat.MULTI else t("multi", self.locale)
            c.fit_text(
                (x0 + 72, y1 - 30),
                where,
                x1 - x0 - 80,
                14,
                legible(colour, Palette.panel)
                if found.colour not in ("black", cat.MULTI)
                else Palette.text,
                bold=True,
                min_size=11,
                anchor="lm",
            )
            c.fit_text(
                (x0 + 72, y1 - 12),
                icon_short(found.icon, self.locale),
                x1 - x0 - 80,
                13,
                Palette.muted,
                min_size=10,
                anchor="lm",
            )

    def draw_price(self, box: Box, price: int) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.rect(box, fill=mix(EVIL, Palette.panel, 0.55), radius=8)
        with c.region(box, "price"):
            c.text(
                ((x0 + x1) / 2, (y0 + y1) / 2),
                f"{price} {t('price', self.locale)}",
                17,
                Palette.text,
                bold=True,
                anchor="mm",
            )

    # -- the cars
    def draw_cars(self, box: Box) -> None:
        c = self.c
        inner = panel(c, box, t("cars_right" if self.family else "cars", self.locale))
        x0, y0, x1, y1 = inner
        cars = [car if isinstance(car, list) else [] for car in self.view.get("cars") or []]
        car_of = ints(self.view.get("car_of"))
        front = {car: seat for seat, car in enumerate(car_of)}
        n = max(1, len(cars))
        w = (x1 - x0 - GAP * (n - 1)) / n
        for k, car in enumerate(cars):
            cx = x0 + k * (w + GAP)
            self.draw_car((cx, y0 + 2, cx + w, y1), car, front.get(k))

    def draw_car(self, box: Box, car: list[Any], seat: int | None) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        accent = seat_colour(seat) if seat is not None else Palette.muted
        c.rect(box, fill=mix(Palette.panel, accent, 0.08), outline=dim(accent), width=2, radius=12)
        info = self.seats[seat] if seat is not None and seat < len(self.seats) else {}
        pick = info.get("pick")
        with c.region((x0 + 8, y0 + 4, x1 - 8, y0 + 30), "car label"):
            right = x1 - 10
            if info.get("picked"):
                label = t("picked", self.locale)
                right -= pill(c, right - pill_width(c, label, 13), y0 + 17, label, accent, 13) + 6
            if seat is None:
                c.fit_text(
                    (x0 + 10, y0 + 17),
                    t("jack_car" if self.jack is not None else "ai_car", self.locale),
                    right - x0 - 14,
                    15,
                    accent,
                    bold=True,
                    min_size=11,
                    anchor="lm",
                )
            else:
                c.fit_name_text(
                    (x0 + 10, y0 + 17),
                    template("car_of", self.locale),
                    self.names[seat],
                    right - x0 - 14,
                    15,
                    accent,
                    bold=True,
                    min_size=11,
                    anchor="lm",
                )
        slots = 4
        size = min(54.0, (x1 - x0 - 20 - 10 * (slots - 1)) / slots)
        step = min(size + 22, (x1 - x0 - 20 - size) / (slots - 1))
        for k in range(slots):
            dx = x0 + 10 + k * step
            die = car[k] if k < len(car) else None
            if not die:
                c.dashed_rect((dx, y0 + 38, dx + size, y0 + 38 + size), Palette.faint, 1.5, 5, 8)
                continue
            ring = Palette.gold if pick and pick == die[0] else None
            draw_die(c, dx, y0 + 38, size, str(die[0]), int(die[1]), ring=ring)
            icons = "".join(glyph(i) for i in cat.die_icons(str(die[0]), int(die[1])))
            with c.region((dx - 4, y0 + 40 + size, dx + size + 4, y1 - 2), "die icons"):
                c.fit_text(
                    (dx + size / 2, y0 + 52 + size),
                    icons,
                    size + 8,
                    15,
                    Palette.text,
                    bold=True,
                    min_size=10,
                    anchor="mm",
                )

    # -- solo 1
    def draw_solo(self, box: Box) -> None:
        c = self.c
        solo = self.view.get("solo") or {}
        inner = panel(c, box, t("solo_card", self.locale))
        x0, y0, x1, y1 = inner
        card = cat.solo_card(str(solo.get("revealed"))) if solo.get("revealed") else None
        half = x0 + (x1 - x0) * 0.52
        with c.region((x0, y0, half - 8, y1), "solo card"):
            deck = t("solo_deck", self.locale, n=int(solo.get("deck") or 0))
            c.text((half - 12, y0 + 14), deck, 14, Palette.muted, anchor="rm")
            name = name_of(card, self.locale) if card else t("none_yet", self.locale)
            c.fit_text(
                (x0 + 4, y0 + 14),
                name,
                half - x0 - 30 - c.text_width(deck, 14),
                17,
                Palette.text,
                bold=True,
                min_size=12,
                anchor="lm",
            )
            x = x0 + 4
            for symbol in solo_symbols(card, t("any", self.locale)) if card else []:
                x += pill(c, x, y0 + 50, symbol, Palette.panel_hi, 17) + 10
        with c.region((half, y0, x1, y1), "ai picks"):
            c.text(
                (half + 4, y0 + 14),
                t("ai_picks", self.locale),
                15,
                Palette.muted,
                bold=True,
                anchor="lm",
            )
            x = half + 4
            for die in solo.get("ai_picks") or []:
                draw_die(c, x, y0 + 28, 44, str(die[0]), int(die[1]))
                x += 52

    # -- the bag
    def draw_bag(self, box: Box) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.panel(box, radius=12)
        found = self.view.get("bag")
        bag: dict[str, Any] = found if isinstance(found, dict) else {}
        cy = (y0 + y1) / 2
        with c.region(box, "bag"):
            label = f"{t('bag', self.locale)}: {sum(int(v) for v in bag.values())}"
            c.text((x0 + 16, cy), label, 17, Palette.muted, bold=True, anchor="lm")
            x = x0 + 40 + c.text_width(label, 17, True)
            step = (x1 - 16 - x) / len(cat.COLOURS)
            for colour_id in cat.COLOURS:
                draw_creature(c, x + 15, cy, 15, colour_id)
                count = str(int(bag.get(colour_id) or 0))
                c.text((x + 38, cy), count, 18, ink_on(Palette.panel), bold=True, anchor="lm")
                x += step
