"""Travellers' abilities of 7.6/7.10 on the board: the Merchant's trading, the Mercenary moving alone, the
Strongman's strength and the Horse Trainer's horses (ruling MR43)."""

from __future__ import annotations

import pytest
from realm_helpers import put, quiet_realm

from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.actions import (
    CharacterKilled,
    GiveItem,
    Hire,
    MoveHireling,
    NextDay,
    TradeWithMerchant,
)
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.hirelings import Retinue


def realm() -> RealmDays:
    return quiet_realm(set_aside=True)


def test_the_merchant_buys_at_face_value_and_sells_at_four_times_it_in_his_clearing():
    days = realm()
    amazon = days.characters[0]
    days.apply(GiveItem("Amazon", "Garb", "item"))
    put(days, "Merchant", days.board.clearing_of("Borderland 2").id)
    with pytest.raises(RuleError, match="not in Amazon's clearing"):
        days.apply(TradeWithMerchant("Amazon", "Garb", 7))
    put(days, "Merchant", amazon.clearing)
    days.apply(TradeWithMerchant("Amazon", "Garb", 7))
    assert days.retinues["Amazon"].gold == 57 and amazon.belongings == []
    before = days.to_dict()
    with pytest.raises(RuleError, match="60 gold; Amazon has 57"):
        days.apply(TradeWithMerchant("Amazon", "Cloak", 15, buying=True))
    assert days.to_dict() == before
    with pytest.raises(RuleError, match="has no Garb"):
        days.apply(TradeWithMerchant("Amazon", "Garb", 7))
    days.apply(TradeWithMerchant("Amazon", "Cloak", 14, buying=True, item_kind="small treasure"))
    assert days.retinues["Amazon"].gold == 1 and [i.name for i in amazon.belongings] == ["Cloak"]


def test_the_mercenary_moves_on_his_own_and_other_hirelings_never_leave_their_employer():
    days = realm()
    amazon = days.characters[0]
    far = days.board.clearing_of("Borderland 5").id
    put(days, "Mercenary", amazon.clearing)
    put(days, "Cook", amazon.clearing)
    days.apply(Hire("Amazon", "Cook"))
    days.apply(Hire("Amazon", "Mercenary"))
    with pytest.raises(RuleError, match="never ventures away"):
        days.apply(MoveHireling("Amazon", "Cook", far))
    days.apply(MoveHireling("Amazon", "Mercenary", far))
    merc = days.traveller("Mercenary")
    assert merc.state == "hired" and merc.clearing == far and amazon.clearing != far
    assert RealmDays.from_dict(days.to_dict()).traveller("Mercenary").clearing == far
    days.apply(NextDay())
    assert merc.clearing == far  # he stays where he was sent
    days.apply(CharacterKilled("Amazon"))
    assert merc.state == "gone" and merc.clearing is None  # 7.8


def test_the_strongman_lifts_tremendous_weights_and_the_horse_trainer_speeds_the_partys_horses():
    retinue = Retinue("Amazon", gold=30)
    assert retinue.carry_strength("M") == "M" and not retinue.can_carry("M", "H")
    retinue.hire("Strongman", day=1)
    assert retinue.carry_strength("M") == "T" and retinue.can_carry("M", "T")
    assert retinue.horse_maneuver(4) == 4
    retinue.hire("Horse Trainer", day=1)
    assert retinue.horse_maneuver(4) == 3 and retinue.horse_maneuver(4, native_owned=True) == 4
    with pytest.raises(InputError):
        retinue.horse_maneuver(-1)


def test_roll_steal_takes_the_thief_assassins_minus_1_from_the_character(capsys):
    from magecraft.cli.app import main

    assert main(["magic-realm", "roll", "steal", "--attempt", "3", "--dice", "4,1",
                 "--character", "Thief/Assassin", "--json"]) == 0
    assert '"modifier": 1' in capsys.readouterr().out  # +2 for the two earlier attempts, -1 the Thief/Assassin
    assert main(["magic-realm", "roll", "steal", "--attempt", "3", "--dice", "4,1", "--character", "Amazon",
                 "--json"]) == 0
    assert '"modifier": 2' in capsys.readouterr().out
    assert main(["magic-realm", "roll", "steal", "--dice", "4", "--character", "Druid"]) == 2
    assert "replaced by the Thief/Assassin" in capsys.readouterr().err


def test_bees_slimes_and_travellers_never_change_tactics(capsys):
    from magecraft.cli.app import main
    from magecraft.magic_realm.combat import change_tactics

    for one_sided in ("Bee", "Slime"):
        with pytest.raises(RuleError, match=r"14\.3"):
            change_tactics(one_sided)
    with pytest.raises(RuleError, match=r"7\.7"):
        change_tactics("Mercenary")
    change_tactics("Minotaur")  # the base game's rule decides when
    assert main(["magic-realm", "monster", "Slime"]) == 0
    assert "never changes tactics (14.3)" in capsys.readouterr().out


def test_a_hired_mercenary_ending_the_turn_in_the_traps_clearing_is_trapped():
    days = RealmDays.new(Randomness.seeded(8), ["Dwarf@Cavern 5"])  # seed 8: the Trap in Cavern 6
    for piece in days.travellers:
        piece.state, piece.clearing = "set aside", None
    days.retinues["Dwarf"].gold = 50
    put(days, "Mercenary", days.characters[0].clearing)
    days.apply(Hire("Dwarf", "Mercenary"))
    trap = days.board.clearing_of("Cavern 6").id
    days.apply(MoveHireling("Dwarf", "Mercenary", trap))
    assert "Mercenary" not in days.sites.trap.trapped
    days.rng = Randomness.scripted([3], log=days.rng.log)
    days.apply(NextDay())
    assert "Mercenary" in days.sites.trap.trapped
    with pytest.raises(RuleError, match="trapped"):
        days.apply(MoveHireling("Dwarf", "Mercenary", days.board.clearing_of("Cavern 5").id))
    days.sites.trap.give_blueprint("Mercenary")  # 14.2/4: the Trap Blueprint frees him
    days.apply(MoveHireling("Dwarf", "Mercenary", days.board.clearing_of("Cavern 5").id))


def test_the_captured_wood_sprite_gives_colour_magic_and_freed_reveals_a_hidden_path():
    from magecraft.magic_realm.actions import Capture, Fire

    days = RealmDays.new(Randomness.seeded(2), ["Amazon@Dark Forest 1"])  # seed 2: the Dark Forest's hidden paths
    for piece in days.travellers:
        piece.state, piece.clearing = "set aside", None
    here = days.characters[0].clearing
    oak = days.board.clearing_of("Oak Woods 4").id
    sprite = put(days, "Wood Sprite", here)
    days.day = 1
    assert not days._colour_present()
    days.apply(Capture("Amazon", "Wood Sprite", True))
    assert days._colour_present()  # 12.2/1: her endless GOLD magic
    with pytest.raises(RuleError, match="hidden path"):
        days.apply(Fire("Amazon", "Wood Sprite", (here, days.board.roads[here][0])))  # a road, not a hidden path
    days.rng = Randomness.scripted([5, 1], log=days.rng.log)  # Wood Sprite Escape: 5 Oak Woods; its clearing 1
    days.apply(Fire("Amazon", "Wood Sprite", (here, oak)))
    assert days.characters[0].known_paths == [(min(here, oak), max(here, oak))]
    assert sprite.state == "wandering" and sprite.clearing == days.board.clearing_of("Oak Woods 1").id
    assert not days._colour_present()
    with pytest.raises(RuleError, match="captured, not hired"):
        put(days, "Pickpocket", here)
        days.apply(Capture("Amazon", "Pickpocket", True))
        days.apply(Fire("Amazon", "Pickpocket"))


def test_the_prompt_asks_which_hidden_path_the_freed_wood_sprite_reveals():
    from magecraft.cli.magic_realm_play import RealmTable
    from magecraft.magic_realm.actions import Fire

    class Answers:
        def __init__(self, *said: str) -> None:
            self.said = list(said)

        def ask(self, prompt: str, **_: object) -> str:
            return self.said.pop(0)

    table = RealmTable(RealmDays.new(Randomness.seeded(2), ["Amazon@Dark Forest 1"]))
    board = table.realm.board
    asked = table.complete(Answers("Nowhere 9 / x", "Dark Forest 1 / Oak Woods 4"),  # type: ignore[arg-type]
                           "referee", Fire("Amazon", "Wood Sprite"))
    assert asked == Fire("Amazon", "Wood Sprite", (board.clearing_of("Dark Forest 1").id,
                                                   board.clearing_of("Oak Woods 4").id))
    assert table.complete(Answers(""), "referee", Fire("Amazon", "Wood Sprite")) == Fire(  # type: ignore[arg-type]
        "Amazon", "Wood Sprite")


def test_the_bat_hunter_fights_only_the_bats_on_his_employers_sheet():
    retinue = Retinue("Amazon", gold=30)
    assert retinue.bat_hunter_targets(["Giant Bat", "Ogre"]) == []
    retinue.hire("Bat Hunter", day=1)
    assert retinue.bat_hunter_targets(["Ogre", "Giant Bat", "Goblin", "giant bat"]) == ["Giant Bat", "giant bat"]
    assert retinue.bat_hunter_targets(["Ogre", "Troll"]) == []  # no bats: he avoids all combat


def test_the_enchantress_rolls_her_aid_each_round_only_while_she_serves():
    from magecraft.magic_realm.actions import EnchantressAid

    days = realm()
    with pytest.raises(RuleError, match="does not serve"):
        days.apply(EnchantressAid("Amazon"))
    put(days, "Enchantress", days.characters[0].clearing)
    days.apply(Hire("Amazon", "Enchantress"))
    days.rng = Randomness.scripted([3, 1, 5, 5], log=days.rng.log)
    days.apply(EnchantressAid("Amazon"))
    days.apply(EnchantressAid("Amazon"))  # every round
    said = [r["text"] for r in days.report]
    assert said[-2:] == ["the Enchantress aids Amazon this round: Fiery Blast Time 4",
                         "the Enchantress aids Amazon this round: Stones Fly Time 4"]
