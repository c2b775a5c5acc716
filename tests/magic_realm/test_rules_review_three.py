"""Issue 24 (rules review, third round), items 21-30: Magic Realm Expansion One against its seed (002)."""

from __future__ import annotations

import json
from fractions import Fraction

from realm_helpers import quiet_realm, script

from magecraft.cli.app import main
from magecraft.core.randomness import Randomness
from magecraft.core.tables import get_table
from magecraft.magic_realm.actions import CastSpell, MoveCharacter, PlayMiracle, TravelOffroad
from magecraft.magic_realm.days import RealmDays
from magecraft.magic_realm.table_dice import RealmSettings, table
from magecraft.magic_realm.trade import dice_odds, expected_gold, roll_bounty, steal_odds

ONE_DIE = RealmSettings(one_die=True)

# -- 21. how many dice a table rolls (ruling MR49) -------------------------------------------------------


def test_the_tables_roll_the_base_games_high_die_of_two_and_one_die_is_a_setting():
    # "a first steal attempt succeeds 67% of the time on one die and 44% on two"
    success = ("Success - Take desired item", "Success - Roll for item (subtract 1)", "Success - Roll for item")
    assert sum(p for r, p in steal_odds(1).items() if r in success) == Fraction(16, 36)
    assert sum(p for r, p in steal_odds(1, settings=ONE_DIE).items() if r in success) == Fraction(2, 3)
    # "dice gambling's expected winnings at 5 gold are 14.33 on one die and 5.67 on two"
    dice = get_table("mr_playing_dice")
    assert expected_gold(dice_odds(), dice) == Fraction(204, 36)
    assert expected_gold(dice_odds(settings=ONE_DIE), dice) == Fraction(86, 6)


def test_the_tables_whose_dice_the_seed_names_keep_them_under_either_setting():
    for settings in (RealmSettings(), ONE_DIE):
        assert table("mr_traveller_movement", settings).dice == "1d6"  # 7.3 "use only one die"
        assert table("mr_wood_sprite_escape", settings).dice == "1d6"  # "roll a single die"
        assert table("mr_shejoh_ring", settings).dice == "2d6h1"  # 10.2 "high die of 2d6"
        # the Bounty Hunter: "Use 1d6 and subtract 2" -- one die, 5 becomes 3
        assert roll_bounty(Randomness.scripted([5]), "anywhere", bounty_hunter=True,
                           settings=settings).target == "Tremendous Dragon"
    for name in ("mr_steal_attempt", "mr_steal_reward", "mr_offroad_other", "mr_cheating", "mr_playing_dice",
                 "mr_bounty", "mr_fountain", "mr_pod_generation", "mr_slime_division"):
        assert table(name).dice == "2d6h1" and table(name, ONE_DIE).dice == "1d6"


def test_the_realm_keeps_its_setting_and_rolls_its_tables_with_it():
    days = quiet_realm()
    days.settings = ONE_DIE
    days.apply(MoveCharacter("Amazon", days.board.clearing_of("Borderland 4").id))  # a cave clearing
    script(days, 4)  # one die: CAVES 4, Lost (1 wound)
    days.apply(TravelOffroad("Amazon"))
    assert days.characters[0].offroad and days.characters[0].wounds == 1
    again = RealmDays.from_dict(json.loads(json.dumps(days.to_dict())))
    assert again.settings == ONE_DIE
    old = days.to_dict()
    del old["settings"]  # a save of before MR49 rolls the base game's two dice (and predates MR55, MR56)
    assert RealmDays.from_dict(old).settings == RealmSettings(spells_known=False, last_day=0)


def test_a_miracle_on_a_high_die_roll_compares_the_higher_dice_not_their_sums():
    days = quiet_realm()
    days.apply(CastSpell("Amazon", "Miracle", chit="MOVE M4*"))
    days.apply(MoveCharacter("Amazon", days.board.clearing_of("Borderland 4").id))
    script(days, 4, 4, 5, 1)  # CAVES: high die 4 (Lost); re-rolled 5 and 1, high die 5 (Lost), the 4 kept
    days.apply(TravelOffroad("Amazon"))
    days.apply(PlayMiracle("Amazon"))
    assert days.miracle_roll is not None and days.miracle_roll["kept"] == 4
    assert "4 re-rolled 5, 4 kept (the lower)" in days.report[-1]["text"]


def test_odds_follow_the_one_die_setting(capsys):
    assert main(["magic-realm", "roll", "steal", "--odds", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["Caught/Block - Natives become Enemy"] == "11/36"
    assert main(["magic-realm", "roll", "steal", "--odds", "--one-die", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["Caught/Block - Natives become Enemy"] == "1/6"
    assert main(["magic-realm", "gamble", "dice", "--odds", "--one-die", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["expected gold"] == str(Fraction(86, 6) - 5)
    assert main(["magic-realm", "roll", "offroad", "--odds", "--one-die", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["Lost"] == "1/3"
    assert main(["magic-realm", "roll", "bounty", "--odds", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["Random Character"] == "1/36"
    assert main(["magic-realm", "roll", "steal", "--one-die", "--dice", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "suspect"
    assert main(["magic-realm", "simulate", "--days", "2", "--one-die", "--seed", "3", "--json"]) == 0


# -- 27. the Jester counts letters -------------------------------------------------------------------------


def test_the_jester_counts_the_letters_of_a_name_not_its_space():
    from magecraft.magic_realm.days import NextDay
    from magecraft.magic_realm.pieces import TravellerPiece
    from magecraft.magic_realm.wandering import letters

    assert (letters("Woods Girl"), letters("Thief/Assassin")) == (9, 13)
    days = RealmDays.new(Randomness.seeded(3), ["Woods Girl@Borderland 1", "Swordsman@Borderland 1"])
    for piece in days.travellers:
        piece.roll = 99
    days.travellers.append(TravellerPiece("Jester", 6, days.characters[0].clearing))
    days.rng = Randomness.scripted([1, 1], log=days.rng.log)  # monster roll 1; the tie (9 letters each): 1st
    days.apply(NextDay())
    jester = next(t for t in days.travellers if t.name == "Jester")
    assert (jester.state, jester.joined) == ("joined", "Swordsman")
    assert any("the Jester's tie" in e.label for e in days.log)


# -- 22, 23. where offroad travel lands: the tile left, and the Chasm's side ------------------------------


def _offroad_choice(days: RealmDays, start: str) -> list[str]:
    target = days.board.clearing_of(start).id
    if next(c for c in days.characters if c.name == "Amazon").clearing != target:
        days.apply(MoveCharacter("Amazon", target))
    script(days, 2, 1)  # OTHER 2: Choose Clearing
    days.apply(TravelOffroad("Amazon"))
    assert days.pending is not None and days.pending.kind == "clearing"
    return [days.board.label(c) for c in days.pending.options]


def test_offroad_travel_stays_on_the_chasms_side_of_the_clearing_left():
    days = quiet_realm(seed=3)
    assert "Chasm" in days.board.tile_names
    assert _offroad_choice(days, "Chasm 1") == ["Chasm 2", "Chasm 3", "Chasm 5"]  # 1.2/2: not 4 or 6
    days = quiet_realm(seed=3)
    assert _offroad_choice(days, "Chasm 4") == ["Chasm 6"]


def test_offroad_travel_lands_on_the_tile_left_and_neighbouring_tiles_are_a_setting():
    days = quiet_realm()
    assert _offroad_choice(days, "Borderland 1") == [f"Borderland {n}" for n in range(2, 7)]
    wide = quiet_realm()
    wide.settings = RealmSettings(offroad_neighbours=True)
    reached = _offroad_choice(wide, "Borderland 1")
    assert len(reached) > 5 and {r.rsplit(" ", 1)[0] for r in reached} > {"Borderland"}


# -- 25. delivering a bounty (4.3) -------------------------------------------------------------------------


def test_a_bounty_is_delivered_where_it_was_requested_and_only_then_may_the_table_be_rolled_again():
    import pytest

    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.trade import deliver_bounty

    troll = roll_bounty(Randomness.scripted([2, 1]), "INN")
    assert (troll.target, troll.reward, troll.open) == ("Tremendous Troll", 100, True)
    with pytest.raises(RuleError, match="requested at the INN"):
        deliver_bounty(troll, "HOUSE", "Tremendous Troll")
    with pytest.raises(RuleError, match="not Tremendous Giant"):
        deliver_bounty(troll, "INN", "Tremendous Giant")
    done = deliver_bounty(troll, "inn", "Tremendous Troll")
    assert done.delivered and not done.open and done.reward == 100
    with pytest.raises(RuleError, match="no open bounty"):
        deliver_bounty(done, "INN", "Tremendous Troll")
    assert roll_bounty(Randomness.scripted([4, 4]), "HOUSE", open_bounty=done).target == "Tremendous Giant"
    # "Random Character": drawn among the characters given
    wanted = roll_bounty(Randomness.scripted([1, 1, 2]), "INN", characters=["Amazon", "Dwarf"])
    assert (wanted.target, wanted.reward) == ("Dwarf", 200)
    with pytest.raises(RuleError, match="not Amazon"):
        deliver_bounty(wanted, "INN", "Amazon")


# -- 26. stealing: attempts per day, what a group holds; the gambling place --------------------------------


def test_each_previous_steal_attempt_of_the_day_adds_1_whichever_group_it_was_against():
    from magecraft.magic_realm.trade import StealingDay

    day = StealingDay("Magician", "HOUSE natives", friendliness="Friendly")
    first = day.attempt(Randomness.scripted([5, 1]))  # 5: suspect, the HOUSE natives one level worse
    second = day.attempt(Randomness.scripted([5, 1]), natives="Order", friendliness="Neutral")
    assert (first.modifier, second.modifier) == (0, 1)
    assert (second.total, second.outcome, second.friendliness) == (6, "caught", "Enemy")
    assert day.groups == {"HOUSE natives": "Neutral", "Order": "Enemy"}  # 5.2/2: only the group robbed


def test_a_category_the_native_group_lacks_yields_nothing():
    import pytest

    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.trade import StealingDay

    day = StealingDay("Amazon", "Guard", holds=["mount", "gold"])
    armour = day.attempt(Randomness.scripted([3, 1, 3, 2]))  # success; reward 3: Armor -- the Guard has none
    assert (armour.outcome, armour.loot, armour.gold) == ("reward", "Nothing (the Guard have no armor)", 0)
    gold = StealingDay("Amazon", "Guard", holds=["gold"]).attempt(Randomness.scripted([3, 1, 5, 2]))
    assert (gold.loot, gold.gold) == ("10 gold", 10)
    empty = StealingDay("Amazon", "Guard", holds=[]).attempt(Randomness.scripted([1, 1]))
    assert empty.loot == "Nothing (the Guard have nothing)"
    with pytest.raises(RuleError, match=r"5\.2/4"):
        StealingDay("Amazon", "Guard", holds=["horses"])


def test_the_lottery_and_the_dice_are_played_only_at_the_inn_guard_or_s_campfire():
    import pytest

    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.trade import lottery, play_dice

    with pytest.raises(RuleError, match=r"6\.1"):
        lottery(Randomness.scripted([1, 2, 3, 4]), ["1234"], at="CHAPEL")
    with pytest.raises(RuleError, match=r"6\.1"):
        lottery(Randomness.scripted([1, 2, 3, 4]), ["1234"], at="Gambler")  # he dices; no lottery
    assert lottery(Randomness.scripted([1, 2, 3, 4]), ["1234"], at="S CAMPFIRE").won
    with pytest.raises(RuleError, match=r"6\.1"):
        play_dice(Randomness.scripted([3, 1]), at="HOUSE")
    assert play_dice(Randomness.scripted([3, 1]), at="Gambler").gold == 10
    assert main(["magic-realm", "gamble", "lottery", "--at", "CHAPEL", "--dice", "1,2,3,4"]) == 1


# -- 29. the Gate Master's knowledge -----------------------------------------------------------------------


def _gate_realm() -> tuple[RealmDays, int]:
    from realm_helpers import put

    from magecraft.magic_realm.setup import Chit

    days = quiet_realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    days.setup.tile_chits["Cliff"] = (Chit("Gate 1", "gate"),)  # type: ignore[index]
    put(days, "Gate Master", days.characters[0].clearing)
    return days, days.board.tile_clearings(days.board.tile_index("Cliff"))[-1]


def test_the_gate_master_hired_tells_his_employer_the_gates_already_discovered():
    from magecraft.magic_realm.actions import Hire, LocateGate, NextDay

    days, cliff = _gate_realm()
    days.apply(MoveCharacter("Amazon", cliff))
    days.apply(LocateGate("Amazon", "Gate 1"))  # before the Dwarf hires him
    script(days, 6)
    days.apply(NextDay())
    days.apply(Hire("Dwarf", "Gate Master"))
    assert days.characters[1].known_gates == ["Gate 1"]
    literal, cliff = _gate_realm()
    literal.settings = RealmSettings(gate_master_past=False)  # "as gates are discovered": later ones only
    literal.apply(MoveCharacter("Amazon", cliff))
    literal.apply(LocateGate("Amazon", "Gate 1"))
    script(literal, 6)
    literal.apply(NextDay())
    literal.apply(Hire("Dwarf", "Gate Master"))
    assert literal.characters[1].known_gates == []


# -- 24. the Ambush swapped for a discarded tile (1.2/3) ---------------------------------------------------


def test_the_ambush_may_be_swapped_for_a_discarded_special_tile_drawn_at_random():
    import pytest

    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.setup import Setup

    dealt = next(s for s in (Setup.deal(Randomness.seeded(n)) for n in range(1, 40)) if "Ambush" in s.tiles)
    ambush_chits = dealt.tile_chits["Ambush"]
    second = sorted(dealt.removed_specials)[1]
    swapped = dealt.swap_ambush(Randomness.scripted([2]))  # the second of the six set aside
    assert "Ambush" not in swapped.tiles and second in swapped.tiles and len(swapped.tiles) == 30
    assert "Ambush" in swapped.removed_specials and second not in swapped.removed_specials
    assert swapped.tile_chits[second] == ambush_chits
    assert Setup.from_dict(swapped.to_dict()) == swapped
    days = RealmDays.new(Randomness.seeded(4), ["Amazon@Borderland 1"], setup=swapped)
    assert second in days.board.tile_names and "Ambush" not in days.board.tile_names
    with pytest.raises(RuleError, match="not in play"):
        swapped.swap_ambush(Randomness.scripted([1]))


# -- 30. the base game's data (ruling MR54) ----------------------------------------------------------------


def test_the_base_games_cards_as_realmspeak_reads_them():
    import pytest

    from magecraft.core.errors import RuleError
    from magecraft.magic_realm.characters import character
    from magecraft.magic_realm.combat import Attack, play_round, weapon

    cards = {n: character(n).vulnerability for n in ("Magician", "Sorceror", "Witch King", "Thief/Assassin")}
    assert cards == {"Magician": "L", "Sorceror": "M", "Witch King": "L", "Thief/Assassin": "L"}
    assert (weapon("Broadsword").weight, weapon("Broadsword").length) == ("M", 7)
    staff = weapon("Staff")
    assert (staff.weight, staff.length, staff.two_handed) == ("L", 9, True)
    # 11.1: "Each weapon must be less than the vulnerability": a Light character pairs no weapon
    from magecraft.magic_realm.characters import ActionChit

    with pytest.raises(RuleError, match="not lighter"):
        play_round(character("Thief/Assassin"), [
            Attack(weapon("Dagger"), ActionChit.parse("FIGHT L2"), "Giant"),
            Attack(weapon("Short Sword"), ActionChit.parse("FIGHT L3"), "Giant")])
