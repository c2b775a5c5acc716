"""The Mana Pool: restoring, paying, artifact-only mana and X (seed 001, "Mana Pool", "Channeling Phase")."""

from __future__ import annotations

from magecraft.planeswalker.mana import largest_x, pay, restore, spell_cost


def test_restore_fills_in_identity_order_up_to_the_budget() -> None:
    pool: dict[str, int] = {"B": 1}
    assert restore(pool, {"W": 1, "B": 2, "G": 1}, ("B", "W", "B", "G"), 2) == 2
    assert pool == {"B": 2, "W": 1}
    assert restore(pool, {"W": 1, "B": 2, "G": 1}, ("B", "W", "B", "G"), 9) == 1  # only G was missing


def test_coloured_symbols_need_their_colour_and_a_failed_payment_changes_nothing() -> None:
    pool = {"G": 1, "C": 3}
    assert not pay(pool, spell_cost("Shock"), artifact=False)
    assert pool == {"G": 1, "C": 3}
    assert pay(pool, spell_cost("Grizzly Bears"), artifact=False)
    assert pool == {"G": 0, "C": 2}  # generic paid from colorless first


def test_artifact_only_mana_pays_only_artifact_spells() -> None:
    pool = {"A": 2}
    assert not pay(pool, spell_cost("Grizzly Bears"), artifact=False)
    assert pay(pool, spell_cost("Ornithopter"), artifact=True)
    assert pay(pool, spell_cost("Fellwar Stone"), artifact=True) and pool == {"A": 0}


def test_x_is_the_most_the_pool_and_mastery_allow() -> None:
    blaze = spell_cost("Blaze")  # {X}{R}
    assert largest_x({"R": 3, "C": 2}, blaze, mastery=3, artifact=False) == 2  # Mastery 3: X 2
    assert largest_x({"R": 2}, blaze, mastery=9, artifact=False) == 1
