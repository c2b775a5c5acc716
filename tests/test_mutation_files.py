"""The mutation files (scripts/mutations/*.toml) still fit the code: every row they name is in its coverage
file once and every ``original`` they break stands in its file exactly once. Code that moved under a row
shows here, in the suite, not only when someone runs the (long) mutation check."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "mutation_check.py"


def test_every_mutation_still_fits_the_code(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    spec = importlib.util.spec_from_file_location("mutation_check", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "mutation_check", module)  # its dataclasses look their module up
    spec.loader.exec_module(module)
    status = module.main(["--list"])
    problems = capsys.readouterr().err
    assert status == 0, problems
