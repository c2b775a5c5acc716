"""What a command loads at start-up (issue 23 item 5): only its own module and what it needs."""

from __future__ import annotations

import subprocess
import sys

SYSTEM_PACKAGES = ("magecraft.wizard_prince", "magecraft.mtg_rpg", "magecraft.planeswalker",
                   "magecraft.magic_realm", "magecraft.mage_wars")


def loaded_after(*commands: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after running ``commands`` (rich.markdown only if really loaded)."""
    code = ("import sys, contextlib, io\nfrom magecraft.cli.app import main\n"
            f"for args in {list(commands)!r}:\n"
            "    with contextlib.redirect_stdout(io.StringIO()):\n"
            "        main(args)\n"
            "print(' '.join(m for m, v in sys.modules.items() if getattr(v, '__file__', None)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_magecraft_alone_lists_the_systems_without_importing_them():
    loaded = loaded_after([])
    assert not [m for m in loaded if m.startswith(SYSTEM_PACKAGES)]
    assert not [m for m in loaded if m.startswith("magecraft.cli.") and m.rpartition(".")[2].startswith(
        ("wizard_prince", "mtg_rpg", "planeswalker", "magic_realm", "mage_wars"))]


def test_a_groups_help_loads_neither_its_rules_nor_a_markdown_parser():
    loaded = loaded_after(["mage-wars", "--help"])
    assert "magecraft.cli.mage_wars" in loaded
    assert not [m for m in loaded if m.startswith(SYSTEM_PACKAGES)]
    assert "rich.markdown" not in loaded and "markdown_it" not in loaded


def test_the_markdown_stand_in_gives_the_real_one_when_asked():
    code = ("import magecraft.cli.app\nfrom rich.markdown import Markdown, MarkdownElement\n"
            "print(type(Markdown('# x')).__module__, MarkdownElement.__module__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["rich.markdown", "rich.markdown"]
