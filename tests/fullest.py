"""The fullest tables and the longest names: what every message the bot builds must still fit
Discord's limits with (the alt text, the modern layout of the table message)."""

LONG_NAMES = [
    "Bartholomew Longname-Marshwalker",
    "🐉🔥 Dragon ☠ Slayer 🎲🎲 ★★★ *b*",
    "W" * 32,
    "@everyone **bold** <@123> __x__",
    "Zoë Ågård-Müller de la Fontaine",
    "שלום עליכם ירושלים הבירה",
]
FULLEST = {
    "monster_day": 2,
    "monsterpocalypse": 2,
    "monsters_on_board": 4,
    "munchkin_fu": 6,
    "notte_di_terrore": 5,
}
