"""The configuration story: ``.env.example`` copied to ``.env`` as shipped (blank optional
lines included) loads, and every setting an operator may set is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.config import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"


@pytest.fixture
def in_a_folder_with_the_example(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder whose ``.env`` is the shipped example with only the token filled in,
    and no Monster Table variable in the environment."""
    text = EXAMPLE.read_text(encoding="utf-8").replace("DISCORD_TOKEN=", "DISCORD_TOKEN=abc", 1)
    (tmp_path / ".env").write_text(text, encoding="utf-8")
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_example_env_file_loads_as_shipped(in_a_folder_with_the_example: Path) -> None:
    """A blank optional line (``DEV_GUILD_ID=``) means "not set", not an invalid number."""
    settings = Settings()
    assert settings.discord_token is not None
    assert settings.discord_token.get_secret_value() == "abc"
    assert settings.dev_guild_id is None
    assert settings.default_locale == "en"


def test_every_setting_is_in_the_example_and_the_readme() -> None:
    """An operator reads .env.example and the README's table: neither may miss a setting."""
    example = set(re.findall(r"^#?\s*([A-Z][A-Z0-9_]+)=", EXAMPLE.read_text(), re.MULTILINE))
    readme = (EXAMPLE.parent / "README.md").read_text(encoding="utf-8")
    wanted = {name.upper() for name in Settings.model_fields} - {"EXTENSIONS"}
    assert wanted - example == set()
    assert {name for name in wanted if f"`{name}`" not in readme} == set()
