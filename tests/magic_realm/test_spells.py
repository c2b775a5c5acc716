"""Magic Realm Expansion One: spells resolved on a character (List of Spells), on scripted dice."""

from __future__ import annotations

import json

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.board import Board
from magecraft.magic_realm.setup import Setup
from magecraft.magic_realm.spells import (
    Character,
    drain_life,
    heal,
    hop,
    make_miracle,
    play_miracle,
    raise_dead,
    summon_elemental,
)


def states(character):
    return [c.state for c in character.chits]


def test_heal_heals_four_asterisks_of_wounds_and_no_more():
    hurt = Character.parse("Amazon", wounded=["FIGHT H5**", "MOVE M4*", "FIGHT L3*", "MOVE M5"])
    healing = heal(hurt)
    assert healing.asterisks == 4
    assert states(healing.character) == ["active", "active", "active", "wounded"]
    assert states(hurt) == ["wounded"] * 4


def test_heal_does_not_split_asterisks_and_refuses_without_wounds():
    hurt = Character.parse("Amazon", wounded=["FIGHT H5**", "FIGHT T4***"], fatigued=["MOVE M4*"])
    healing = heal(hurt)
    assert healing.asterisks == 2
    assert states(healing.character) == ["fatigued", "active", "wounded"]
    with pytest.raises(RuleError, match="no wounded chit"):
        heal(Character.parse("Amazon", fatigued=["MOVE M4*"]))


@pytest.mark.parametrize(("monster", "rested"), [("Minotaur", 4), ("Swamp Thing", 3), ("Zombie", 2), ("h", 3)])
def test_drain_life_kills_and_rests_by_size(monster, rested):
    tired = Character.parse("Witch", fatigued=["MAGIC V2*"] * 5)
    drain = drain_life(tired, monster)
    assert drain.rested == rested
    assert states(drain.character).count("active") == rested


def test_drain_life_rests_wounds_to_fatigue_first():
    hurt = Character.parse("Witch", fatigued=["MOVE M4*"], wounded=["FIGHT H5**", "MAGIC V2*"])
    drain = drain_life(hurt, "Zombie")
    assert states(drain.character) == ["fatigued", "fatigued", "wounded"]
    assert drain.spent == 2
    drain = drain_life(hurt, "Minotaur")
    assert states(drain.character) == ["active", "fatigued", "fatigued"]
    assert drain.spent == 4
    with pytest.raises(InputError, match="no monster"):
        drain_life(hurt, "Dragon")


def test_raise_dead_and_elemental_roll_their_tables():
    result = raise_dead(Randomness.scripted([1, 1]))
    assert (result.data["undead"], result.data.get("hostile")) == (18, True)
    assert raise_dead(Randomness.scripted([3, 2])).data["undead"] == 12
    assert summon_elemental(Randomness.scripted([1, 4])).result == "Water"


def test_hop_lands_in_a_random_clearing_of_the_same_tile():
    rng = Randomness.seeded(2)
    board = Board.build(Setup.deal(rng).tiles, rng)
    start = board.clearing_of("Borderland 4")
    here = list(board.tile_clearings(start.tile))
    landed = hop(board, start, Randomness.scripted([1]))
    assert landed.tile == start.tile and landed.id == here[0]
    assert hop(board, start, Randomness.scripted([4])).id == start.id
    moved = hop(board, start, Randomness.scripted([4]), may_stay=False)
    assert moved.id == here[4] != start.id


def test_a_miracle_chit_rerolls_once_and_the_owner_keeps_the_better():
    amazon = Character.parse("Amazon", active=["MOVE M4*", "MAGIC II3*"])
    with pytest.raises(RuleError, match="cast the spell"):
        make_miracle(amazon, "MAGIC II3*", cast_with=["MAGIC II3*"])
    holding = make_miracle(amazon, "MOVE M4*", cast_with=["MAGIC II3*"])
    assert states(holding) == ["miracle", "active"]
    rng = Randomness.scripted([5, 6])
    played = play_miracle(holding, 9, lambda: rng.dice("2d6", "steal").total)
    assert (played.second, played.kept) == (11, 9)
    assert states(played.character) == ["wounded", "active"]
    assert play_miracle(holding, 3, lambda: 8, keep="high").kept == 8
    with pytest.raises(RuleError, match="no Miracle chit"):
        play_miracle(played.character, 9, lambda: 2)


def test_the_cast_command(capsys):
    assert main(["magic-realm", "cast", "heal", "--wounded", "FIGHT H5**", "--wounded", "MOVE M4*", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["asterisks"] == 3 and [c["state"] for c in out["chits"]] == ["active", "active"]
    assert main(["magic-realm", "cast", "drain life", "--monster", "Minotaur", "--fatigued", "MOVE M4*"]) == 0
    assert "rests 4" in capsys.readouterr().out
    assert main(["magic-realm", "cast", "raise dead", "--dice", "2,2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["undead"] == 18
    assert main(["magic-realm", "cast", "elemental", "--dice", "3,1"]) == 0
    assert "Fire" in capsys.readouterr().out
    hop_args = ["--clearing", "Borderland 4", "--board-seed", "2", "--dice", "2"]
    assert main(["magic-realm", "cast", "hop", *hop_args]) == 0
    assert "Borderland 4 -> Borderland 2" in capsys.readouterr().out
    assert main(["magic-realm", "cast", "miracle", "--roll", "9", "--miracle", "MOVE M4*", "--dice", "1,2"]) == 0
    assert "keeps 3" in capsys.readouterr().out
    assert main(["magic-realm", "cast", "miracle", "--roll", "9", "--dice", "1,2"]) == 1
    assert "holds no Miracle chit" in capsys.readouterr().err
    assert main(["magic-realm", "cast", "heal"]) == 1
    assert "no wounded chit" in capsys.readouterr().err
    assert main(["magic-realm", "cast", "sparkle"]) == 2


def test_sparkle_unassigns_each_monster_rolling_5_or_6_and_needs_the_speed(capsys):
    from magecraft.magic_realm.spells import sparkle

    result = sparkle(["Giant", "Troll", "Wolf"], Randomness.scripted([5, 4, 6]), caster_speed=3,
                     fastest_monster=3)
    assert result.unassigned == ("Giant", "Wolf")
    with pytest.raises(RuleError, match="beat or tie"):
        sparkle(["Giant"], Randomness.scripted([5]), caster_speed=4, fastest_monster=3)
    assert main(["magic-realm", "cast", "Sparkle", "--monster", "Giant,Wolf", "--speed", "2", "--fastest", "4",
                 "--dice", "6,1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["unassigned"] == ["Giant"]


def test_slow_monster_fleet_foot_and_disguise():
    from magecraft.magic_realm.spells import disguise, fleet_foot_moves, slow_monster

    assert slow_monster(4, 3) == (6, 5)
    assert fleet_foot_moves("mountain", fleet_foot=False) == 2
    assert fleet_foot_moves("mountain", fleet_foot=True) == 1
    assert fleet_foot_moves("normal", fleet_foot=False) == 1
    assert disguise("Enemy") == "Friendly" and disguise("Ally") == "Ally"


def test_a_miracle_played_on_a_steal_or_offroad_roll_rerolls_it_and_keeps_the_lower(capsys):
    from magecraft.cli.app import main
    from magecraft.magic_realm.trade import StealingDay
    from magecraft.magic_realm.travel import offroad

    plain = StealingDay("Magician", "Order").attempt(Randomness.scripted([5, 1]))
    assert (plain.total, plain.outcome, plain.miracle) == (5, "suspect", ())
    saved = StealingDay("Magician", "Order").attempt(Randomness.scripted([5, 1, 2, 1, 3, 3]), miracles=1)
    assert (saved.raw, saved.miracle, saved.outcome) == (2, (5,), "reward")
    kept = StealingDay("Magician", "Order").attempt(Randomness.scripted([4, 4, 6, 1, 3, 3]), miracles=1)
    assert (kept.raw, kept.miracle) == (4, (6,))  # the re-roll is worse: the first stands
    lost = offroad(Randomness.scripted([5, 1, 2, 2]), "normal", tile="Oak Woods", miracles=1)
    assert (lost.raw, lost.outcome, lost.miracle) == (2, "choose", (5,))
    assert main(["magic-realm", "roll", "offroad", "--dice", "5,1,2,2", "--miracle", "1"]) == 0
    assert "high die of 2d6 = 2 (Miracle: 5 set aside, the lower kept)" in capsys.readouterr().out
    from magecraft.magic_realm.trade import play_dice

    won = play_dice(Randomness.scripted([6, 6, 1, 1]), at="INN", miracles=1)
    assert (won.raw, won.gold, won.miracle) == (1, 50, (6,))
    assert play_dice(Randomness.scripted([6, 1]), at="INN").gold == 0  # without the Miracle the 6 stands


def test_further_miracle_chits_only_modify_the_chosen_roll_on_every_rolling_command(capsys):
    """Miracle 3: "Additional Miracle chits played only modify the chosen roll" -- the second re-roll is
    compared with the roll kept, not with the first."""
    from magecraft.cli.app import main
    from magecraft.magic_realm.trade import StealingDay, lottery, roll_bounty

    # 5, re-rolled 2 (kept), re-rolled 4: the 2 stands (against the first 5 the 4 would have been kept)
    two = StealingDay("Magician", "Order").attempt(Randomness.scripted([5, 5, 2, 2, 4, 4, 3, 3]), miracles=2)
    assert (two.raw, two.miracle) == (2, (5, 4))
    assert main(["magic-realm", "roll", "steal", "--dice", "5,5,2,2,4,4,3,3", "--miracle", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["miracle_set_aside"] == [5, 4]
    assert main(["magic-realm", "gamble", "dice", "--dice", "6,6,3,3,1,1", "--miracle", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["raw"] == 1
    high = roll_bounty(Randomness.scripted([2, 2, 5, 5, 3, 3]), "INN", miracles=2, keep="high")
    low = roll_bounty(Randomness.scripted([2, 2, 5, 5, 3, 3]), "INN", miracles=2)
    assert (high.miracle, low.miracle) == ((2, 3), (5, 3))
    assert main(["magic-realm", "roll", "bounty", "--dice", "2,2,5,5", "--miracle", "1", "--keep", "high"]) == 0
    assert "(Miracle: 2 set aside, the higher kept)" in capsys.readouterr().out
    assert main(["magic-realm", "roll", "bounty", "--miracle", "1", "--keep", "middle"]) == 2
    # the lottery: the draw matching a ticket is the better one; a later chit cannot take it away
    drawn = lottery(Randomness.scripted([1, 1, 1, 2, 1, 2, 3, 4, 6, 6, 6, 6]), ["1234"], at="INN", miracles=2)
    assert (drawn.drawn, drawn.won, drawn.miracle) == ("1234", True, ("1112", "6666"))
    assert main(["magic-realm", "gamble", "lottery", "--numbers", "1234", "--dice", "1,1,1,2,1,2,3,4",
                 "--miracle", "1"]) == 0
    assert "the dice make 1234 (Miracle: 1112 set aside)" in capsys.readouterr().out
    assert main(["magic-realm", "roll", "offroad", "--miracle", "-1"]) == 2
    capsys.readouterr()


def test_attack_spells_strike_with_their_own_harm_and_stars(capsys):
    from magecraft.magic_realm.spells import spell_hit

    assert spell_hit("Ice Storm") == ("M", 1) and spell_hit("Magic Arrow") == ("M", 2)
    assert spell_hit("Fire Trap") == ("L", 3) and spell_hit("Lucky Blow") == ("T", 0)
    assert main(["magic-realm", "strike", "Minotaur", "--spell", "Ice Storm", "--json"]) == 0
    hit = json.loads(capsys.readouterr().out)
    assert (hit["harm"], hit["killed"]) == ("H", False)  # SMASH M4*: one star up, short of Tremendous
    assert main(["magic-realm", "strike", "Minotaur", "--spell", "Magic Arrow", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["killed"] is True
    assert main(["magic-realm", "strike", "Bee", "--spell", "Hop"]) == 2
    assert main(["magic-realm", "strike", "Bee", "--spell", "Fire Trap", "--harm", "L"]) == 2
