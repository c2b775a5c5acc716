"""What a command loads at start-up (issue 23 item 5): only its own module and what it needs."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from typing import Any

import pytest
import typer
from typer.models import TyperInfo

from magecraft.cli.app import main
from magecraft.cli.systems import SYSTEMS
from magecraft.cli.tree import SHARED, Build, Later, LaterGroup, command

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


@pytest.mark.parametrize("group", GROUPS)
def test_a_groups_help_loads_no_rule_system_and_makes_no_command_it_does_not_show(group):
    """``magecraft GROUP --help`` in a fresh interpreter: no rule system's package, no other group's
    command-line module, no markdown parser, and the commands it lists are stand-ins -- none of their
    signatures read (typer's ``get_params_from_function``)."""
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
    assert not [m for m in loaded if m.startswith(tuple(f"{p}." for p in SYSTEM_PACKAGES))]
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


#: The commands whose signature needs rules, and the rule modules their own ``--help`` may load for it (the
#: option help lists the rules' choices, or a default is the rules' ``Settings``); every other command's
#: ``--help`` loads none.  The group's help loads none of them (:class:`magecraft.cli.tree.Later`).
SIGNATURE_RULES = {
    "wizard-prince banquet": ("magecraft.wizard_prince.settings",),  # --saves and --max-turns default
    # --kind, --victory, --stakes list the duel ritual's named terms (and nothing of the duel itself)
    "mtg-rpg duel": ("magecraft.mtg_rpg.duel_ritual",),
    # --pace, --means, --purpose list the tactics' choices (initiative shares the module)
    **{f"mtg-rpg {name}": ("magecraft.mtg_rpg.tactics", "magecraft.mtg_rpg.settings")
       for name in ("initiative", "tactics move", "tactics flee", "tactics reach", "tactics ranged",
                    "tactics pack", "tactics cooperate")},
}

#: One interpreter walks the command tree (in a forked child, so the walk's imports stay out of the
#: parent), then forks once for each command's ``--help`` and reports the rule modules it loaded.
EVERY_HELP = """
import contextlib, io, json, os, sys
from magecraft.cli.app import main
from magecraft.cli.systems import SYSTEMS
from magecraft.cli.tree import command
for entry in SYSTEMS:
    entry.module  # the groups' modules are light (the test above): loaded once here, not in every child
RULES = {rules!r}


def paths():
    found = []

    def walk(made, path):
        if hasattr(made, "list_commands"):
            context = made.context_class(made)
            for name in made.list_commands(context):
                walk(made.get_command(context, name), [*path, name])
        else:
            found.append(" ".join(path))

    walk(command(), [])
    return found


def in_child(work):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        with os.fdopen(write, "w") as out:
            json.dump(work(), out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as answer:
        told = json.load(answer)
    os.waitpid(pid, 0)
    return told


def help_of(path):
    def work():
        with contextlib.redirect_stdout(io.StringIO()):
            code = main([*path.split(), "--help"])
        return [code, sorted(m for m in sys.modules if m.startswith(RULES))]
    return work


print(json.dumps({{path: in_child(help_of(path)) for path in in_child(paths)}}))
"""


@pytest.mark.skipif(not hasattr(__import__("os"), "fork"), reason="forks a child for each command")
def test_every_commands_own_help_loads_only_the_rules_its_signature_needs():
    """``magecraft ... COMMAND --help`` for every command of the tree: no rule system's module, but for the
    few commands whose options are the rules' own (:data:`SIGNATURE_RULES`) what those need."""
    code = EVERY_HELP.format(rules=tuple(f"{p}." for p in SYSTEM_PACKAGES))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    found = json.loads(out.splitlines()[-1])
    assert len(found) > 100 and "mtg-rpg monster" in found and "mage-wars odds" in found
    assert {path: status for path, (status, _) in found.items() if status != 0} == {}
    extra = {path: [m for m in loaded if not m.startswith(SIGNATURE_RULES.get(path, ()))]
             for path, (_, loaded) in found.items()}
    assert {path: loaded for path, loaded in extra.items() if loaded} == {}


def laters() -> list[tuple[str, Any, Any]]:
    """Every command and sub-group registered by where it lives: (its path, its ``CommandInfo`` or
    ``TyperInfo``, the group's :class:`~magecraft.cli.tree.Build`)."""
    found = []

    def walk(app: typer.Typer, path: str) -> None:
        for info in app.registered_commands:
            if isinstance(info.callback, Later):
                found.append((f"{path} {info.name}", info))
        for group in app.registered_groups:
            if isinstance(group.typer_instance, LaterGroup):
                found.append((f"{path} {group.name}", group))
            elif group.typer_instance is not None:
                walk(group.typer_instance, f"{path} {group.name}")

    for entry in SYSTEMS:
        walk(entry.module.app, entry.command)
    return found


def test_a_command_registered_by_where_it_lives_is_listed_as_it_says_itself():
    """A :class:`~magecraft.cli.tree.Later` command's summary (and a ``LaterGroup``'s help) is what its group's
    list shows without importing it: it must be what the command made in full says."""
    build = Build(pretty_exceptions_short=True, suggest_commands=True, join=True)
    registered = laters()
    assert {"wizard-prince banquet", "mtg-rpg duel", "mtg-rpg tactics"} <= {path for path, _ in registered}
    for path, info in registered:
        name = path.rpartition(" ")[2]
        listed = build.listed(name, info)
        made = build.group(info) if isinstance(info, TyperInfo) else build.command(info)
        assert listed.get_short_help_str(200) == made.get_short_help_str(200), path
        assert listed.hidden == made.hidden and listed.deprecated == made.deprecated, path
        if isinstance(info, TyperInfo):
            assert info.typer_instance.info.no_args_is_help == info.typer_instance.load().info.no_args_is_help
