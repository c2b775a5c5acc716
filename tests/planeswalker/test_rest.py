"""Out-of-combat rests and the day between battles (seed 001, "Character Stats"; rulings PW30-PW31)."""

from __future__ import annotations

import pytest

from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.planeswalker.character import Character
from magecraft.planeswalker.rest import extended_rest, forget, short_rest, use, with_life
from tests.planeswalker.conftest import make_battle, make_hero


def test_short_rest_returns_life_to_base_from_below_and_from_above() -> None:
    hero = make_hero()  # base Life 5
    assert short_rest(with_life(hero, 2)).life is None
    assert short_rest(with_life(hero, 9)).life is None  # "returns to its base value", above base too
    assert with_life(hero, 9).life == 9 and with_life(hero, 5).life is None


def test_short_rest_prepares_used_and_forgotten_spells_again_but_keeps_the_memorised_list() -> None:
    hero = forget(use(make_hero(), "Shock"), "volcanic hammer")
    assert hero.used == ("Shock",) and hero.forgotten == ("Volcanic Hammer",)
    assert hero.prepared() == ("Grizzly Bears",)
    rested = short_rest(hero)
    assert rested.prepared() == ("Shock", "Grizzly Bears", "Volcanic Hammer")
    assert rested.memorized == hero.memorized


def test_a_spell_is_changed_only_by_an_extended_rest() -> None:
    hero = use(with_life(make_hero(), 1), "Shock")
    changed = extended_rest(hero, ["Giant Growth", "craw wurm"])
    assert changed.memorized == ("Giant Growth", "Craw Wurm") and changed.prepared() == changed.memorized
    assert changed.life is None and changed.used == ()
    assert extended_rest(hero).memorized == hero.memorized and extended_rest(hero).used == ()


def test_an_extended_rest_refuses_spells_outside_the_library_or_over_half_memory() -> None:
    hero = make_hero()  # Memory 6: three memorised at most
    with pytest.raises(RuleError, match="not in Hero's Library"):
        extended_rest(hero, ["Llanowar Elves"])
    with pytest.raises(RuleError, match="at most 3"):
        extended_rest(hero, ["Shock", "Giant Growth", "Craw Wurm", "Kird Ape"])
    with pytest.raises(InputError, match="once"):
        extended_rest(hero, ["Shock", "shock"])


def test_only_a_prepared_spell_is_used_or_forgotten() -> None:
    hero = use(make_hero(), "Shock")
    with pytest.raises(RuleError, match="not among Hero's prepared spells"):
        use(hero, "Shock")  # already used today
    with pytest.raises(RuleError, match="not among"):
        forget(hero, "Giant Growth")  # in the Library, not memorised
    with pytest.raises(InputError, match="Life"):
        with_life(hero, -1)


def test_the_day_is_saved_with_the_sheet_and_old_sheets_load_at_base() -> None:
    hero = forget(use(with_life(make_hero(), 3), "Shock"), "Grizzly Bears")
    assert Character.from_dict(hero.to_dict()) == hero
    old = {k: v for k, v in make_hero().to_dict().items() if k not in ("life", "used", "forgotten")}
    loaded = Character.from_dict(old)
    assert loaded.life is None and loaded.used == () and loaded.forgotten == ()
    with pytest.raises(DataError, match="Kird Ape is not memorised"):
        Character.from_dict({**hero.to_dict(), "forgotten": ["Kird Ape"]})
    with pytest.raises(DataError, match="Lava Axe is not in the Library"):
        Character.from_dict({**hero.to_dict(), "used": ["Lava Axe"]})
    # a Library spell drawn and cast in a battle is used for the day (ruling PW33)
    assert Character.from_dict({**hero.to_dict(), "used": ["Shock", "Kird Ape"]}).used == ("Shock", "Kird Ape")


def test_a_used_or_forgotten_spell_is_not_in_memory_in_battle_and_life_is_the_life_now() -> None:
    hero = forget(use(with_life(make_hero(), 2), "Shock"), "Grizzly Bears")
    you = make_battle(hero=hero).fighters["you"]
    assert you.memory == ["Volcanic Hammer"] and you.life == 2 and you.base_life == 5
    assert "Shock" not in you.library and "Grizzly Bears" not in you.library
    fresh = make_battle(hero=short_rest(hero)).fighters["you"]
    assert fresh.memory == ["Shock", "Grizzly Bears", "Volcanic Hammer"] and fresh.life == 5
