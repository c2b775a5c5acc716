"""`wizard-prince campaign show` at a real terminal of 80 columns: no heading cut, no name broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from magecraft.cli.app import main


def test_show_fits_80_columns_and_names_each_capital(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # the old nobles table cut "provinces" and "appointment" to "provin…" and "appoint…" and broke
    # "NPC Noble 1 (NPC)" over three lines
    monkeypatch.setenv("COLUMNS", "80")
    db = tmp_path / "c.db"
    assert main(["wizard-prince", "campaign", "new", "vel", "--nobles", "Ann,Bob", "--npc", "3", "--seed", "1",
                 "--db", str(db)]) == 0
    assert main(["wizard-prince", "campaign", "year", "vel", "--auto", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["wizard-prince", "campaign", "show", "vel", "--json", "--db", str(db)]) == 0
    nobles = json.loads(capsys.readouterr().out)["nobles"]
    capitals = {sheet["capital"]: name for name, sheet in nobles.items() if sheet["capital"]}
    assert main(["wizard-prince", "campaign", "show", "vel", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    tables = out.split("Map")[0]
    assert "…" not in tables and "appointment" in tables and "provinces" in tables
    for n in range(1, 4):
        assert any(line.startswith(f"NPC Noble {n} ") for line in tables.splitlines())
    assert capitals  # this seed's year gives provinces to rulers
    for province, ruler in capitals.items():
        assert any(line.startswith(province) and f"{ruler} (capital)" in line for line in tables.splitlines())
