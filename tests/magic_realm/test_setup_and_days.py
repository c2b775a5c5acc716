"""Setup (15), the board, travellers (7), generators (12) and the day-by-day realm."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from magecraft.cli.app import main
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.magic_realm.board import Board
from magecraft.magic_realm.data import search_spells, spell, tiles, traveller, travellers
from magecraft.magic_realm.days import NextDay, Pod, RealmDays, StrikeHive, TravellerPiece, UseBookOfTheDead
from magecraft.magic_realm.setup import Setup


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_setup_deals_every_count_of_section_15(seed):
    s = Setup.deal(Randomness.seeded(seed))
    info = tiles()
    categories = Counter(info[t].category for t in s.tiles)
    assert categories == {"woods": 5, "valley": 5, "caves": 5, "mountains": 5, "swamp": 5, "special": 5}
    assert len(s.removed_specials) == 6
    # Four piles of five for the four groups.
    assert list(s.group_piles) == ["Lost City", "Lost Castle", "Necromancer's Tower", "Gate of Chaos"]
    assert all(len(pile) == 5 for pile in s.group_piles.values())
    # Two chits on every cave, mountain and special tile; one on every valley, woods and swamp tile.
    for tile in s.tiles:
        expected = 2 if info[tile].category in ("caves", "mountains", "special") else 1
        assert len(s.tile_chits[tile]) == expected, tile
    every = [c for cs in s.tile_chits.values() for c in cs] + [c for p in s.group_piles.values() for c in p]
    kinds = Counter(c.kind for c in every)
    assert kinds["sound"] == 10 and kinds["gate"] == 4 and kinds["traveller"] == 6 and kinds["guild"] == 3
    assert kinds["treasure location"] == 12 and kinds["generator"] == 1 and kinds["group"] == 4
    assert kinds["minor treasure location"] == 5 and kinds["event"] == 5 and kinds["gold"] == 5
    assert kinds["blank"] == 10
    # Each group chit goes to its kind of tile (15.3/3-5); Gate of Chaos joins the minor mix (ruling MR1).
    for group, category in (
        ("Lost City", "caves"),
        ("Lost Castle", "mountains"),
        ("Necromancer's Tower", "special"),
    ):
        holder = next(t for t in s.tiles if any(c.name == group for c in s.tile_chits[t]))
        assert info[holder].category == category
    holder = next(t for t in s.tiles if any(c.name == "Gate of Chaos" for c in s.tile_chits[t]))
    assert info[holder].category in ("caves", "mountains", "special")
    assert s.generator in ("Hive", "Graveyard", "Pond")


def test_the_same_seed_deals_the_same_setup_and_nine_specials_is_a_setting():
    assert Setup.deal(Randomness.seeded(7)).to_dict() == Setup.deal(Randomness.seeded(7)).to_dict()
    assert Setup.deal(Randomness.seeded(7)).to_dict() != Setup.deal(Randomness.seeded(8)).to_dict()


def test_the_board_joins_clearings_by_roads_and_the_chasm_only_by_its_bridge():
    board = Board(["Borderland", "Chasm", "Oak Woods"])
    chasm = board.tile_index("Chasm")
    first = board.first[chasm]
    inner = {
        (board.clearings[a].number, board.clearings[b].number)
        for a in board.tile_clearings(chasm)
        for b in board.roads[a]
        if board.clearings[b].tile == chasm
    }
    assert (5, 6) in inner and (3, 4) not in inner and (4, 6) in inner
    assert board.tile_distance(0, 1) == 1 and board.clearings[first].kind == "normal"
    with pytest.raises(InputError, match="clearings 1 to 6"):
        board.clearing_of("Oak Woods 9")


def test_travellers_spells_and_lists_as_data():
    assert len(travellers()) == 27
    assert traveller("children").per_day and traveller("Children").hire == 3
    assert traveller("Blacksmith").prices["Suit of Armor"] == 20
    assert spell("drain life").type == "V"
    assert {s.name for s in search_spells("undead")} >= {"Raise Dead", "Turn Undead"}
    with pytest.raises(InputError, match="did you mean"):
        traveller("Jestr")


def _realm(script=None, characters=("Amazon@Borderland 1",)):
    days = RealmDays.new(Randomness.seeded(3), list(characters))
    if script is not None:
        days.rng = Randomness.scripted(script, log=days.rng.log)
    return days


def _put(days, name, clearing):
    piece = next((t for t in days.travellers if t.name == name), None)
    if piece is None:
        piece = TravellerPiece(name, 6, clearing)
        days.travellers.append(piece)
    piece.roll, piece.clearing, piece.state = 6, clearing, "wandering"
    for other in days.travellers:
        if other is not piece:
            other.roll = 99
    return piece


def test_a_traveller_moves_to_the_next_higher_clearing_of_its_tile_on_a_2():
    days = _realm()
    borderland = days.board.tile_clearings(0)
    piece = _put(days, "Cook", borderland[1])  # Borderland 2
    days.rng = Randomness.scripted([6, 2], log=days.rng.log)  # monster roll 6 = the Cook's; movement 2
    days.apply(NextDay())
    assert days.board.label(piece.clearing) == "Borderland 3"


def test_a_traveller_never_enters_a_clearing_with_monsters():
    days = _realm()
    borderland = days.board.tile_clearings(0)
    piece = _put(days, "Cook", borderland[1])
    days.pods.append(Pod(1, "bees", 3, 0, clearing=borderland[2]))  # monsters in Borderland 3
    days.rng = Randomness.scripted([6, 2], log=days.rng.log)
    days._move_traveller(piece)
    assert piece.clearing != borderland[2]


def test_a_traveller_stuck_among_monsters_is_eaten():
    days = _realm()
    here = days.board.tile_clearings(0)[1]
    piece = _put(days, "Cook", here)
    for n, c in enumerate([here, *days.board.roads[here]], start=1):
        days.pods.append(Pod(n, "bees", 1, days.board.clearings[c].tile, clearing=c))
    days.rng = Randomness.scripted([4], log=days.rng.log)
    days._move_traveller(piece)
    assert piece.state == "eaten"


def test_a_roll_of_1_rerolls_twice_ignoring_1s():
    days = _realm()
    start = days.board.tile_clearings(0)[1]
    piece = _put(days, "Cook", start)
    days.rng = Randomness.scripted([1, 1, 2], log=days.rng.log)  # the first re-roll is a 1: ignored
    days._move_traveller(piece)
    assert days.board.label(piece.clearing) == "Borderland 3"


def test_the_wood_sprite_never_enters_a_cave():
    days = _realm()
    start = days.board.tile_clearings(0)[2]  # Borderland 3; 4 is a cave
    piece = _put(days, "Wood Sprite", start)
    days.rng = Randomness.scripted([2], log=days.rng.log)
    days._move_traveller(piece)
    assert piece.clearing is None or not days.board.clearings[piece.clearing].is_cave


def test_the_jester_joins_the_character_with_the_most_letters():
    days = _realm(characters=("Amazon@Borderland 1", "White Knight@Borderland 1"))
    _put(days, "Jester", days.characters[0].clearing)
    days.rng = Randomness.scripted([1, 1, 1], log=days.rng.log)  # monster roll 1: nobody moves
    days.apply(NextDay())
    jester = next(t for t in days.travellers if t.name == "Jester")
    assert (jester.state, jester.joined) == ("joined", "White Knight")


def test_the_young_knight_attacks_more_than_three_magic_chits_and_joins_otherwise():
    days = _realm(characters=("Magician@Borderland 1",))
    days.characters[0].magic_chits = 4
    _put(days, "Young Knight", days.characters[0].clearing)
    days.rng = Randomness.scripted([1, 1, 1], log=days.rng.log)
    days.apply(NextDay())
    assert any("attacks Magician" in line["text"] for line in days.report)
    days.characters[0].magic_chits = 3
    days.rng.extend_script([1, 1, 1])
    days.apply(NextDay())
    assert "Young Knight" in days.characters[0].followers


def _with_generator(kind):
    days = _realm(characters=("Amazon@Borderland 1",))
    days.generator, days.generator_tile = kind, 3
    days.generator_clearing = days.board.tile_clearings(3)[-1]
    days.generator_active = True
    days.queen_alive = kind == "Hive"
    for piece in days.travellers:
        piece.roll = 99  # no traveller moves in these tests
    return days


def test_a_prowling_generator_with_colour_magic_breeds_a_pod_that_moves_toward_the_character():
    days = _with_generator("Graveyard")
    days.characters[0].colour_magic = True
    days.rng = Randomness.scripted([5, 2, 1], log=days.rng.log)  # prowling; a pod of 6 (high die 2)
    days.apply(NextDay())
    assert len(days.pods) == 1 and days.pods[0].monsters == 6 and days.pods[0].kind == "undead"
    assert days.board.tile_distance(days.pods[0].tile, 0) == days.board.tile_distance(3, 0) - 1


def test_no_pod_without_colour_magic_except_on_every_seventh_day():
    days = _with_generator("Graveyard")
    for _ in range(6):
        days.rng = Randomness.scripted([5], log=days.rng.log)
        days.apply(NextDay())
    assert days.pods == []
    days.rng = Randomness.scripted([5, 6, 6], log=days.rng.log)  # day 7: colour magic day
    days.apply(NextDay())
    assert len(days.pods) == 1


def test_a_pod_in_the_characters_tile_moves_into_the_clearing_then_back_to_the_woods_at_midnight():
    days = _with_generator("Graveyard")
    days.pods.append(Pod(1, "undead", 2, 0))
    days.rng = Randomness.scripted([5], log=days.rng.log)  # prowling; no colour magic: no new pod
    days.apply(NextDay())
    assert any("swarms into Borderland 1" in line["text"] for line in days.report)
    assert days.pods[0].clearing is None


def test_pods_in_one_tile_merge_at_midnight_and_slimes_divide_when_they_move():
    days = _with_generator("Pond")
    days.pods = [Pod(1, "slimes", 2, 5), Pod(2, "slimes", 3, 5)]
    days.rng = Randomness.scripted([3], log=days.rng.log)  # not prowling: no moves
    days.apply(NextDay())
    assert len(days.pods) == 1 and days.pods[0].monsters == 5
    days.rng = Randomness.scripted([5, 2, 1], log=days.rng.log)  # prowling, no colour: the pod moves
    days.apply(NextDay())
    assert days.pods[0].monsters == 5 + 3  # "3 slimes divide"


def test_three_tremendous_hits_destroy_the_hive_and_its_pods_hunt_the_destroyer():
    days = _with_generator("Hive")
    days.characters[0].clearing = days.generator_clearing
    days.rng = Randomness.scripted([4, 4, 4], log=days.rng.log)
    for _ in range(3):
        days.apply(StrikeHive("Amazon"))
    assert days.hive_destroyer == "Amazon"
    with pytest.raises(RuleError, match="no standing Hive"):
        days.apply(StrikeHive("Amazon"))


def test_the_book_of_the_dead_closes_the_graveyard():
    days = _with_generator("Graveyard")
    days.characters[0].clearing = days.generator_clearing
    days.characters[0].colour_magic = True
    days.apply(UseBookOfTheDead("Amazon"))
    days.rng = Randomness.scripted([5], log=days.rng.log)
    days.apply(NextDay())
    assert days.pods == []


def test_a_seeded_336_day_realm_gives_the_same_report_twice():
    def run(seed):
        days = RealmDays.new(
            Randomness.seeded(seed),
            ["Amazon@Borderland 1", "Dwarf@Borderland 4"],
            colour_magic=["Amazon"],
            generator_revealed=True,
        )
        while days.day < 336 or days.pending is not None:
            days.apply(days.bot_action())  # ties decided by the unattended rule (MR31)
        return json.dumps(days.report)

    assert run(11) == run(11) and run(11) != run(12)


def test_the_command_line(capsys):
    assert main(["magic-realm", "setup", "--seed", "3", "--json"]) == 0
    dealt = json.loads(capsys.readouterr().out)
    assert len(dealt["tiles"]) == 30
    assert main(["magic-realm", "roll", "steal", "--attempt", "3", "--dice", "4,1"]) == 0
    assert "caught" in capsys.readouterr().out
    assert main(["magic-realm", "roll", "steal", "--attempt", "2", "--odds", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["odds"]["Caught/Block - Natives become Enemy"] == "5/9"
    assert main(["magic-realm", "gamble", "lottery", "--tickets", "10", "--odds"]) == 0
    assert "5/648" in capsys.readouterr().out
    assert main(["magic-realm", "traveller", "Jester"]) == 0
    assert "most letters" in capsys.readouterr().out
    assert main(["magic-realm", "spell", "Fire Trap"]) == 0
    assert "FIRE TRAP" in capsys.readouterr().out
    assert (
        main(
            [
                "magic-realm",
                "simulate",
                "--days",
                "28",
                "--characters",
                "Amazon@Oak Woods 2,Dwarf@Cavern 4",
                "--seed",
                "4",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["day"] == 28
    assert main(["magic-realm", "simulate", "--characters", "Amazon@Nowhere 2"]) == 2
    assert "Nowhere" in capsys.readouterr().err
    assert main(["magic-realm", "gamble", "dice", "--at", "CHAPEL"]) == 1
