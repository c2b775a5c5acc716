"""Issue 25 item 12: help pages as a person reads them -- brackets kept, no <bool> beside a flag, arguments in
the usage line as NAME / [NAME], not {name}."""

from __future__ import annotations

import pytest

from magecraft.cli.app import main


@pytest.mark.parametrize(("args", "shown"), [
    (["wizard-prince", "race"], "TOML [[noble]] sheets of the drivers"),
    (["wizard-prince", "campaign", "new"], "TOML file of [[noble]] sheets."),
    (["wizard-prince", "banquet"], "TOML file of [[noble]] sheets."),
])
def test_brackets_in_an_options_help_are_kept(capsys, monkeypatch, args, shown) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*args, "--help"]) == 0
    assert shown in capsys.readouterr().out


@pytest.mark.parametrize(("args", "usage"), [
    (["saves", "show"], "magecraft saves show [OPTIONS] REF"),
    (["planeswalker", "character", "new"], "magecraft planeswalker character new [OPTIONS] [NAME]"),
    (["mtg-rpg", "action"], "magecraft mtg-rpg action [OPTIONS] NAME"),
    (["wizard-prince", "race"], "magecraft wizard-prince race [OPTIONS]"),
])
def test_usage_lines_name_arguments_and_flags_show_no_type(capsys, monkeypatch, args, usage) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main([*args, "--help"]) == 0
    out = capsys.readouterr().out
    assert usage in out and "{" not in out.split("Usage:")[1].splitlines()[0]
    assert "<bool>" not in out
