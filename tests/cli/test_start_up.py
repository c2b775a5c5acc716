"""What a command loads at start-up (issue 23 item 5): only its own module and what it needs."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from magecraft.cli.app import main
from magecraft.cli.systems import SYSTEMS
from magecraft.cli.tree import SHARED, command

SYSTEM_PACKAGES = ("magecraft.wizard_prince", "magecraft.mtg_rpg", "magecraft.planeswalker",
                   "magecraft.magic_realm", "magecraft.mage_wars")


def loaded_after(*commands: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after running ``commands`` ."""
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


GROUPS = ("wizard-prince", "mtg-rpg", "planeswalker", "magic-realm", "mage-wars",
          "saves", "table", "lab", "scenario")
#: The system groups whose command-line module still imports rules at its top (issue 23 item 5: not done;
#: ``benchmarks/README.md``, "Start-up", says why): their help may load their own system's rules, no other's.
OWN_RULES_AT_TOP = {"mtg-rpg": "magecraft.mtg_rpg", "wizard-prince": "magecraft.wizard_prince"}


@pytest.mark.parametrize("group", GROUPS)
def test_a_groups_help_loads_no_rule_system_and_makes_no_command_it_does_not_show(group):
    """``magecraft GROUP --help`` in a fresh interpreter: no rule system's package (``mtg-rpg`` and
    ``wizard-prince`` only their own), no other group's command-line module, no markdown parser, and the
    commands it lists are stand-ins -- none of their signatures read (typer's ``get_params_from_function``)."""
    code = ("import sys, contextlib, io\nimport typer.utils\ncalls = []\n"
            "real = typer.utils.get_params_from_function\n"
            "def counted(func):\n    calls.append(func.__module__)\n    return real(func)\n"
            "typer.utils.get_params_from_function = counted\nimport typer.main\n"
            "typer.main.get_params_from_function = counted\nfrom magecraft.cli.app import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    main([{group!r}, '--help'])\n"
            "print(' '.join(m for m, v in sys.modules.items() if getattr(v, '__file__', None)))\nprint(calls)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    modules, calls = out.splitlines()[-2:]
    loaded = set(modules.split())
    allowed = OWN_RULES_AT_TOP.get(group, "-")
    assert not [m for m in loaded if m.startswith(SYSTEM_PACKAGES) and not m.startswith(allowed)]
    others = {e.module_name for e in SYSTEMS if e.command != group}
    assert not [m for m in loaded if m.startswith(tuple(others))]
    assert "rich.markdown" not in loaded and "rich.traceback" not in loaded and "pygments" not in loaded
    # the root's own options alone: no command of the group was made
    assert set(ast.literal_eval(calls)) <= {"magecraft.cli.tree"}


def test_the_roots_list_of_shared_commands_is_each_commands_own_short_help():
    """:data:`magecraft.cli.app.SHARED` keeps ``magecraft --help``'s lines so as not to import the commands:
    each must be what the command itself says."""
    root = command()
    for shared in SHARED:
        assert root.commands[shared.name].get_short_help_str(80) == shared.summary
    assert list(root.commands)[:len(SHARED)] == [shared.name for shared in SHARED]


def test_a_command_made_after_its_groups_help_is_the_real_one(capsys):
    """The stand-ins of a group's help list are never run: the command looked up afterwards is made in full."""
    assert main(["magic-realm", "--help"]) == 0
    assert main(["magic-realm", "roll", "steal", "--seed", "1"]) == 0
    assert "steal" in capsys.readouterr().out.lower()


def test_a_one_shot_that_prints_plain_lines_loads_neither_rich_nor_the_save_store():
    loaded = loaded_after(["mage-wars", "odds", "--dice", "3", "--armour", "1", "--life", "4"])
    assert "icepool" in loaded  # it computes odds
    assert not [m for m in loaded if m.split(".")[0] in ("rich", "sqlite3", "platformdirs", "pygments")]
