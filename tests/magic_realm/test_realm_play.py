"""The living realm in play: saves (MR7), the decisions left to characters, travellers (7), guilds (9),
offroad travel over days (2.4) and a dead character's belongings (2.5), at the library and the prompt."""

from __future__ import annotations

import copy
import io
import json

import pytest
from realm_helpers import put, quiet_realm, script

from magecraft.cli.app import main
from magecraft.core.errors import DataError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.core.saves import SaveStore
from magecraft.magic_realm.actions import (
    BuyService,
    Capture,
    CastSpell,
    CharacterKilled,
    ChooseClearing,
    ChoosePod,
    CompleteQuest,
    DiscoverGuild,
    DrawQuest,
    Fire,
    GateTravel,
    GiveItem,
    GrantGuildChit,
    Hire,
    JoinGuild,
    LocateGate,
    MoveCharacter,
    MoveHireling,
    NextDay,
    PickpocketScore,
    PutOnRing,
    RaiseDead,
    ReadRunes,
    RecordDay,
    RecordDeed,
    RidOfJester,
    RunFromBattle,
    TradeWithMerchant,
    TravelOffroad,
)
from magecraft.magic_realm.bots import unattended
from magecraft.magic_realm.days import Pod, RealmDays
from magecraft.magic_realm.hirelings import Retinue
from magecraft.magic_realm.setup import Chit

BORDERLAND_1 = 0


realm = quiet_realm


# -- saving (MR7) -------------------------------------------------------------------------------------


def test_a_saved_realm_round_trips_and_continues_exactly_like_one_never_saved():
    def run(days):
        r = RealmDays.new(Randomness.seeded(9), ["Amazon@Borderland 1", "Dwarf@Borderland 4"],
                          colour_magic=["Amazon"], generator_revealed=True)
        while r.day < days or r.pending is not None:
            r.apply(unattended(r))
        return r

    straight = run(60)
    half = run(30)
    saved = json.loads(json.dumps(half.to_dict()))
    again = RealmDays.from_dict(saved)
    assert again.to_dict() == half.to_dict()
    while again.day < 60 or again.pending is not None:
        again.apply(unattended(again))
    assert again.to_dict() == straight.to_dict()


def damaged_saves(state):
    def edit(change):
        broken = copy.deepcopy(state)
        change(broken)
        return broken

    yield edit(lambda s: s.update(format="something else"))
    yield edit(lambda s: s["characters"][0].update(clearing=10_000))
    yield edit(lambda s: s["retinues"][0].update(gold=-4))
    yield edit(lambda s: s["travellers"][0].update(state="flying"))
    yield edit(lambda s: s.update(pending={"kind": "clearing", "chooser": "Amazon", "options": [], "guild": None}))
    yield edit(lambda s: s["tiles"].pop())
    yield edit(lambda s: s["guilds"].update(chit_holders={"Fight Guild": "Nobody"}))
    yield edit(lambda s: s.pop("retinues"))
    yield edit(lambda s: s["pods"].append({"id": 1, "kind": "bees", "monsters": 0, "tile": 0, "clearing": None,
                                           "moved": False}))


def test_a_damaged_save_is_refused_whole():
    state = realm("Amazon@Borderland 1").to_dict()
    for broken in damaged_saves(state):
        with pytest.raises(DataError, match="a saved realm is malformed"):
            RealmDays.from_dict(broken)


def test_simulate_saves_by_the_one_save_path_and_load_continues(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    args = ["magic-realm", "simulate", "--characters", "Amazon@Borderland 1,Dwarf@Borderland 4", "--seed", "5"]
    assert main([*args, "--days", "3", "--save", "r", "--db", db]) == 0
    assert "Saved 'r' (revision 1)" in capsys.readouterr().out
    # a taken name is refused before anything runs, unless --overwrite
    assert main([*args, "--days", "3", "--save", "r", "--db", db]) == 2
    assert "already a magic_realm game saved as 'r'" in capsys.readouterr().err
    assert main(["magic-realm", "simulate", "--days", "4", "--load", "r", "--db", db, "--json"]) == 0
    continued = json.loads(capsys.readouterr().out)
    assert continued["day"] == 7 and "revision 2" in continued["saved"]
    assert main([*args, "--days", "7", "--json"]) == 0
    straight = json.loads(capsys.readouterr().out)
    assert continued["characters"] == straight["characters"] and continued["travellers"] == straight["travellers"]
    assert main(["magic-realm", "simulate", "--load", "r", "--seed", "2", "--db", db]) == 2
    assert "drop --seed" in capsys.readouterr().err
    assert main([*args, "--days", "1", "--save", "r", "--overwrite", "--db", db]) == 0
    assert SaveStore(tmp_path / "s.db").load("r", "magic_realm").state["day"] == 1


def test_a_damaged_save_in_the_store_is_refused_and_left_as_it_was(tmp_path, capsys):
    db = tmp_path / "s.db"
    broken = realm("Amazon@Borderland 1").to_dict()
    broken["characters"][0]["clearing"] = -3
    SaveStore(db).create("bad", "magic_realm", "game", broken)
    before = SaveStore(db).load("bad", "magic_realm")
    assert main(["magic-realm", "simulate", "--load", "bad", "--db", str(db)]) == 2
    assert "malformed" in capsys.readouterr().err
    after = SaveStore(db).load("bad", "magic_realm")
    assert (after.revision, after.state) == (before.revision, before.state)


# -- the decisions the rules leave to a character ---------------------------------------------------


def two_pods_tied(days: RealmDays) -> None:
    days.generator, days.generator_tile, days.generator_active = "Graveyard", 7, True
    days.generator_clearing = days.board.tile_clearings(7)[-1]
    days.pods = [Pod(1, "undead", 2, 3), Pod(2, "undead", 5, 4)]  # both one tile from the Borderland
    days.next_pod = 3


def test_the_character_chooses_which_of_two_equally_close_pods_moves():
    days = realm()
    two_pods_tied(days)
    script(days, 5)  # prowling; no colour magic (day 1): no new pod
    days.apply(NextDay())
    assert days.pending is not None and days.pending.kind == "pod" and days.current_player() == "Amazon"
    assert set(days.pending.options) == {1, 2}
    before = days.to_dict()
    with pytest.raises(RuleError, match="must first decide"):
        days.apply(NextDay())
    assert days.to_dict() == before
    days.apply(ChoosePod(2))
    assert days.pending is None and days.turn is None  # the day went on to midnight
    moved = {p.id: p.tile for p in days.pods}
    assert moved == {1: 3, 2: 0}
    assert days.current_player() == "referee"


def test_left_unattended_the_oldest_of_tied_pods_moves():
    days = realm()
    two_pods_tied(days)
    script(days, 5)
    days.apply(NextDay())
    days.apply(unattended(days))
    assert {p.id: p.tile for p in days.pods} == {1: 0, 2: 4}


def test_offroad_lost_keeps_rolling_the_column_of_the_clearing_left_and_a_choice_is_the_characters():
    days = realm()
    cave = days.board.clearing_of("Borderland 4").id  # a cave clearing
    days.apply(MoveCharacter("Amazon", cave))
    script(days, 4, 2)  # CAVES 4: Lost (1 wound)
    days.apply(TravelOffroad("Amazon"))
    amazon = days.characters[0]
    assert amazon.offroad and amazon.wounds == 1 and amazon.clearing == cave
    for refused in (Hire("Amazon", "Cook"), MoveCharacter("Amazon", BORDERLAND_1)):
        with pytest.raises(RuleError, match="lost off the clearings"):
            days.apply(refused)
    with pytest.raises(RuleError, match="2 phase"):  # two phases in a cave: one offroad roll a day (MR42)
        days.apply(TravelOffroad("Amazon"))
    script(days, 3, 1, 1)  # the next day (monster roll 3), then its roll on the CAVES column again: Choice
    days.apply(NextDay())
    days.apply(TravelOffroad("Amazon"))
    assert days.pending is not None and days.pending.kind == "clearing"
    target = days.board.clearing_of("Borderland 2").id
    assert target in days.pending.options and cave not in days.pending.options
    days.apply(ChooseClearing(target))
    assert not amazon.offroad and amazon.clearing == target


def test_offroad_is_never_taken_in_the_volcano():
    days = realm()
    volcano = next(c.id for c in days.board.clearings if days.board.tile_names[c.tile] == "Volcano") \
        if "Volcano" in days.board.tile_names else None
    if volcano is None:
        days = RealmDays.new(Randomness.seeded(3), ["Amazon@Borderland 1"])
        days.board.tile_names = (*days.board.tile_names[:-1], "Volcano")
        volcano = days.board.tile_clearings(len(days.board.tile_names) - 1)[0]
    days.characters[0].clearing = volcano
    with pytest.raises(RuleError, match="NEVER travel offroad in the Volcano"):
        days.apply(TravelOffroad("Amazon"))


# -- travellers (7) -------------------------------------------------------------------------------


def test_hiring_needs_the_traveller_in_the_clearing_and_it_leaves_when_the_time_is_up():
    days = realm()
    cook = put(days, "Cook", days.board.clearing_of("Borderland 2").id)
    with pytest.raises(RuleError, match="not in Amazon's clearing"):
        days.apply(Hire("Amazon", "Cook"))
    cook.clearing = BORDERLAND_1
    script(days, *[6] * 40)
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Cook"))
    assert days.retinues["Amazon"].gold == 50 - 8 and cook.state == "hired" and cook.joined == "Amazon"
    for _ in range(14):
        days.apply(NextDay())
    # hired after day 1, for the coming day (MR42): days 2 to 15, fourteen days played (issue 24 item 28)
    assert days.day == 15 and cook.state == "hired"
    days.apply(NextDay())
    assert cook.state == "wandering" and cook.clearing == BORDERLAND_1  # left on day 16, free to hire again
    days.apply(Hire("Amazon", "Cook"))
    assert days.retinues["Amazon"].serving["Cook"].last_day == 30


def test_the_necromancer_turns_on_his_employer_when_his_time_is_up_and_vanishes():
    days = realm()
    put(days, "Necromancer", BORDERLAND_1)
    script(days, 6, 3, 1)  # day 1; the evening's raising: 3 = raise 12 undead
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Necromancer"))
    days.apply(RaiseDead("Amazon"))
    assert "Raise 12 undead" in days.report[-1]["text"]
    with pytest.raises(RuleError, match="once each evening"):
        days.apply(RaiseDead("Amazon"))
    # hired after day 1: he serves days 2-15 (item 28); on day 16 the betrayal rolls 2: 18 undead
    days.rng.extend_script([6] * 14 + [2, 1, 6])
    for _ in range(15):
        days.apply(NextDay())
    necro = days.traveller("Necromancer")
    assert necro.state == "gone" and "Necromancer" not in days.retinues["Amazon"].serving
    assert any("turns on Amazon, raising 18 undead" in line["text"] for line in days.report)


def test_the_doppleganger_vanishes_when_its_time_is_up_giving_back_the_chit():
    days = realm()
    put(days, "Doppleganger", BORDERLAND_1)
    script(days, *[6] * 16)
    days.apply(NextDay())
    with pytest.raises(RuleError, match="one of Amazon's chits"):
        days.apply(Hire("Amazon", "Doppleganger"))
    days.apply(Hire("Amazon", "Doppleganger", "FIGHT L4"))
    assert "FIGHT L4" not in days.retinues["Amazon"].chits
    with pytest.raises(RuleError, match="cannot be fired"):
        days.apply(Fire("Amazon", "Doppleganger"))
    assert days.retinues["Amazon"].native_column("Enemy") == "Friendly"
    for _ in range(14):
        days.apply(NextDay())
    assert days.traveller("Doppleganger").state == "hired"  # hired after day 1: days 2-15 (item 28)
    days.apply(NextDay())
    assert days.traveller("Doppleganger").state == "gone" and "FIGHT L4" in days.retinues["Amazon"].chits


def test_the_magic_candy_cane_keeps_the_children_and_without_it_they_go_each_day():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    put(days, "Children", BORDERLAND_1)
    script(days, *[6] * 10)
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Children"))
    days.apply(NextDay())
    assert days.traveller("Children").state == "hired"  # paid after day 1 for the coming day 2 (item 28)
    days.apply(NextDay())
    assert days.traveller("Children").state == "wandering"  # paid for day 2 only
    days.apply(Hire("Dwarf", "Children"))
    days.apply(GiveItem("Dwarf", "Magic Candy Cane", "small treasure"))
    for _ in range(3):
        days.apply(NextDay())
    assert days.traveller("Children").state == "hired" and days.retinues["Dwarf"].gold == 50 - 3


def test_hired_and_joined_travellers_leave_when_the_character_dies_and_the_belongings_stay():
    days = realm("White Knight@Borderland 1", "Amazon@Borderland 2")
    put(days, "Cook", BORDERLAND_1)
    put(days, "Jester", BORDERLAND_1)
    script(days, 6)  # the monster roll; the Jester joins the White Knight at the end of his turn
    days.apply(NextDay())
    days.apply(Hire("White Knight", "Cook"))
    days.apply(GiveItem("White Knight", "Flowers of Rest", "small treasure"))
    days.apply(CharacterKilled("White Knight", by="Amazon"))
    assert days.traveller("Cook").state == "gone" and days.traveller("Jester").state == "gone"
    assert [i.name for i in days.piles[BORDERLAND_1]] == ["Flowers of Rest"]
    with pytest.raises(RuleError, match="is dead"):
        days.apply(Hire("White Knight", "Cook"))


def test_a_character_dying_offroad_scatters_his_belongings_among_the_tiles_clearings():
    days = realm()
    cave = days.board.clearing_of("Borderland 4").id
    days.apply(GiveItem("Amazon", "Sword"))
    days.apply(GiveItem("Amazon", "Shield"))
    days.characters[0].clearing, days.characters[0].offroad = cave, True
    script(days, 6, 2)  # the Sword to clearing 6, the Shield to clearing 2 of the Borderland
    days.apply(CharacterKilled("Amazon"))
    labels = {days.board.label(c): [i.name for i in items] for c, items in days.piles.items()}
    assert labels == {"Borderland 6": ["Sword"], "Borderland 2": ["Shield"]}


def test_the_jester_delivered_to_the_guard_pays_20_gold_and_only_his_character_can():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 2")
    put(days, "Jester", BORDERLAND_1)
    script(days, 6)
    days.apply(NextDay())
    with pytest.raises(RuleError, match="has not joined Dwarf"):
        days.apply(RidOfJester("Dwarf", "guard"))
    days.apply(RidOfJester("Amazon", "guard"))
    assert days.retinues["Amazon"].gold == 70 and days.traveller("Jester").state == "gone"
    assert days.characters[0].followers == []


def test_the_siren_takes_only_men_and_her_box_becomes_a_cache_when_she_is_captured():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    put(days, "Siren", BORDERLAND_1)
    days.apply(GiveItem("Amazon", "Amulet", "small treasure"))
    days.apply(GiveItem("Dwarf", "Crown", "large treasure"))
    days.apply(GiveItem("Dwarf", "Axe"))
    # monster roll 6; the Amazon is not trapped; the Dwarf rolls 2: all treasures; she vanishes next door
    script(days, 6, 2, 1, 1, 1)
    days.apply(NextDay())
    assert [i.name for i in days.siren_box] == ["Crown"]
    assert [i.name for i in days.characters[1].belongings] == ["Axe"]
    assert [i.name for i in days.characters[0].belongings] == ["Amulet"]
    siren = days.traveller("Siren")
    assert days.board.clearings[siren.clearing].tile != 0
    where = siren.clearing
    days.apply(MoveCharacter("Dwarf", where))
    days.apply(Capture("Dwarf", "Siren", True))
    assert siren.state == "dead" and [i.name for i in days.piles[where]] == ["Crown"] and days.siren_box == []


def test_a_woman_placed_as_such_is_never_trapped_by_the_siren():
    days = RealmDays.new(Randomness.seeded(3), ["Elf@Borderland 1"], female=["Elf"])
    for piece in days.travellers:
        piece.roll = 99
    put(days, "Siren", BORDERLAND_1)
    script(days, 6)  # only the monster roll: no trap is rolled
    days.apply(NextDay())
    assert not any("Siren's trap" in line["text"] for line in days.report)


def test_the_wood_sprite_escapes_to_another_woods_hex():
    days = realm()
    oak = days.board.tile_index("Oak Woods")
    sprite = put(days, "Wood Sprite", days.board.tile_clearings(oak)[0])
    days.apply(MoveCharacter("Amazon", sprite.clearing))
    script(days, 5, 6, 1)  # Oak Woods again: rolled again; Pine Woods, its clearing 1
    days.apply(Capture("Amazon", "Wood Sprite", False))
    assert days.board.label(sprite.clearing) == "Pine Woods 1"


def test_the_dragonslayer_lures_every_dragon_largest_first_and_dies_if_the_character_runs():
    retinue = Retinue("Amazon", gold=30)
    retinue.hire("Dragonslayer", day=1)
    order = retinue.lured_dragons(["Heavy Flying Dragon", "Tremendous Land Dragon", "Heavy Land Dragon",
                                   "Tremendous Flying Dragon"])
    assert order == ["Tremendous Flying Dragon", "Tremendous Land Dragon", "Heavy Land Dragon",
                     "Heavy Flying Dragon"]
    assert retinue.run_from_battle(dragons=True) == ["Dragonslayer"] and not retinue.serves("Dragonslayer")
    hunter = Retinue("Dwarf", gold=30)
    hunter.hire("Bounty Hunter", day=1)
    with pytest.raises(RuleError, match="blocks until the bounty is dead"):
        hunter.run_from_battle(bounty=True)
    assert hunter.run_from_battle() == []


def test_the_nobleman_rolls_one_level_friendlier():
    retinue = Retinue("Amazon", gold=30)
    assert retinue.native_column("Unfriendly") == "Unfriendly"
    retinue.hire("Nobleman", day=1)
    assert retinue.native_column("Unfriendly") == "Neutral" and retinue.native_column("Ally") == "Ally"


# -- guilds (9) -------------------------------------------------------------------------------------


def with_guild(days: RealmDays, tile_name: str = "Bog") -> int:
    days.setup.tile_chits[tile_name] = (Chit("Thief Guild", "guild"),)  # type: ignore[index]
    tile = days.board.tile_index(tile_name)
    days.apply(MoveCharacter(days.characters[0].name, days.board.tile_clearings(tile)[0]))
    return tile


def test_a_discovered_guild_is_placed_in_the_highest_clearing_leading_back_to_the_borderland():
    days = realm()
    tile = with_guild(days)
    days.apply(MoveCharacter("Amazon", BORDERLAND_1))
    with pytest.raises(RuleError, match="not on Borderland"):
        days.apply(DiscoverGuild("Amazon", "Thief Guild"))
    days.apply(MoveCharacter("Amazon", days.board.tile_clearings(tile)[0]))
    days.apply(DiscoverGuild("Amazon", "Thief Guild"))
    place = days.guild_clearings["Thief Guild"]
    assert place == days.board.tile_clearings(tile)[-1]  # every Bog clearing reaches the Borderland here
    with pytest.raises(RuleError, match="already on the board"):
        days.apply(DiscoverGuild("Amazon", "Thief Guild"))


def test_the_guild_goes_to_the_highest_clearing_with_a_road_back_to_the_borderland():
    from magecraft.magic_realm.board import Board

    board = Board(["Borderland", "Oak Woods"])
    tile = board.tile_index("Oak Woods")
    top = board.tile_clearings(tile)[-1]
    # cut the top clearing off: the guild goes to the next one down
    board.roads[top] = ()
    for c in range(len(board.roads)):
        board.roads[c] = tuple(n for n in board.roads[c] if n != top)
    assert board.guild_clearing(tile) == top - 1


def test_joining_at_the_guild_needs_the_deed_and_the_chit_waits_for_a_decision_among_the_eligible():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    tile = with_guild(days)
    days.apply(DiscoverGuild("Amazon", "Thief Guild"))
    place = days.guild_clearings["Thief Guild"]
    with pytest.raises(RuleError, match="not at the Thief Guild"):
        days.apply(JoinGuild("Amazon", "Thief Guild"))
    for name in ("Amazon", "Dwarf"):
        days.apply(MoveCharacter(name, place))
        with pytest.raises(RuleError, match="requirement"):
            days.apply(JoinGuild(name, "Thief Guild"))
        days.apply(RecordDeed(name, "stole a treasure"))
        days.apply(JoinGuild(name, "Thief Guild"))
        for quest in ("one", "two", "three"):
            days.apply(DrawQuest(name, quest))
            days.apply(CompleteQuest(name))
    # the Amazon completed her third quest at the guild with its chit free: she took it (MR12)
    assert days.guilds.chit_holders == {"Thief Guild": "Amazon"}
    days.apply(CharacterKilled("Amazon"))
    assert days.guilds.chit_holders == {}
    days.characters[0].alive = True  # a second eligible member, for the decision (9.3/3b)
    days.guilds.join("Amazon", "Thief Guild", deeds={"stole a treasure"})
    days.guilds.members["Amazon"] = days.guilds.members["Amazon"].__class__("Thief Guild", 3)
    script(days, 6)
    days.apply(NextDay())
    assert days.pending is not None and days.pending.kind == "guild chit"
    assert set(days.pending.options) == {"Amazon", "Dwarf"}
    days.apply(GrantGuildChit("Dwarf"))
    assert days.guilds.chit_holders == {"Thief Guild": "Dwarf"} and days.turn is None
    assert days.board.clearings[place].tile == tile


def test_the_guild_and_hire_commands_change_a_saved_realm(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    assert main(["magic-realm", "simulate", "--days", "1", "--seed", "3", "--characters",
                 "Amazon@Borderland 1=40", "--save", "g", "--db", db]) == 0
    capsys.readouterr()
    assert main(["magic-realm", "guild", "show", "Thief Guild"]) == 0
    out = capsys.readouterr().out
    assert "THIEF GUILD" in out and "benefit 2: -1 to all loot and cheat rolls" in out
    assert main(["magic-realm", "guild", "join", "g", "Amazon", "Thief Guild", "--db", db]) == 1
    assert "has not been discovered" in capsys.readouterr().err
    assert main(["magic-realm", "hire", "g", "Amazon", "Cook", "--db", db]) == 1
    assert "not in Amazon's clearing" in capsys.readouterr().err
    assert SaveStore(tmp_path / "s.db").load("g", "magic_realm").revision == 1  # refused: unchanged
    assert main(["magic-realm", "guild", "deed", "g", "Amazon", "stole a treasure", "--db", db]) == 0
    assert "revision 2" in capsys.readouterr().out
    assert main(["magic-realm", "guild", "show", "--game", "g", "--db", db, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["clearing"] for r in rows] == [None, None, None]


# -- at the terminal -------------------------------------------------------------------------------

PLAY = ["magic-realm", "play", "--characters", "Amazon@Borderland 1", "--seed", "3"]


def at_prompt(monkeypatch, answers: str, *args: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    return main(list(args))


def test_the_referee_plays_days_at_the_prompt_saves_quits_and_resumes(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "s.db")
    assert at_prompt(monkeypatch, "help\n1\n1\nquit\n", *PLAY, "--save", "t", "--db", db) == 0
    out = capsys.readouterr().out
    assert "You may type:" in out and "Play day 1" in out and "Play day 2" in out
    assert "saved as 't'" in out and "magic-realm play --load t" in out
    assert SaveStore(tmp_path / "s.db").load("t", "magic_realm").state["day"] == 2
    assert at_prompt(monkeypatch, "1\n", "magic-realm", "play", "--load", "t", "--db", db) == 0  # Ctrl-D
    out = capsys.readouterr().out
    assert "Resumed the realm saved as 't': day 2" in out and "Play day 3" in out
    assert SaveStore(tmp_path / "s.db").load("t", "magic_realm").state["day"] == 3


def test_undo_takes_back_a_move_but_not_a_day_rolled(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "s.db")
    # 2, then 11: the Amazon stands elsewhere (the clearing asked next), then undo it; 1: play day 1,
    # then undo is refused
    answers = "2\n11\nBorderland 4\nundo\n1\nundo\nquit\n"
    assert at_prompt(monkeypatch, answers, *PLAY, "--save", "u", "--db", db) == 0
    out = capsys.readouterr().out
    assert "Undone: back to before your last action." in out and "cannot undo:" in out
    state = SaveStore(tmp_path / "s.db").load("u", "magic_realm").state
    assert state["day"] == 1 and state["characters"][0]["clearing"] == BORDERLAND_1


def test_a_taken_name_is_refused_before_the_board_is_drawn(monkeypatch, capsys, tmp_path):
    db = str(tmp_path / "s.db")
    assert at_prompt(monkeypatch, "quit\n", *PLAY, "--save", "x", "--db", db) == 0
    capsys.readouterr()
    assert at_prompt(monkeypatch, "quit\n", *PLAY, "--save", "x", "--db", db) == 2
    captured = capsys.readouterr()
    assert "already a magic_realm game saved as 'x'" in captured.err and "Play day" not in captured.out


# -- random legal and illegal actions ----------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_and_illegal_actions_keep_the_realm_whole(seed):
    """Every legal action applies; every refused one changes nothing; the state always round-trips."""
    days = RealmDays.new(Randomness.seeded(seed), ["Amazon@Borderland 1", "White Knight@Borderland 4=30"],
                         colour_magic=["Amazon"], generator_revealed=True)
    chooser = Randomness.seeded(100 + seed)
    names = ["Amazon", "White Knight", "Nobody"]
    wild = [
        lambda n: Hire(n, chooser.choice(["Cook", "Jester", "Siren", "Children"], "t")),
        lambda n: MoveCharacter(n, chooser.roll(400, "c") - 1),
        lambda n: JoinGuild(n, "Wiz Guild"),
        lambda n: CompleteQuest(n),
        lambda n: RidOfJester(n, "guard"),
        lambda n: Capture(n, "Pickpocket", True),
        lambda n: TravelOffroad(n),
        lambda n: RaiseDead(n),
        lambda n: ChoosePod(chooser.roll(5, "p")),
        lambda n: GrantGuildChit(n),
        lambda n: ChooseClearing(chooser.roll(400, "c") - 1),
        lambda n: RecordDay(n, tuple(chooser.choice(
            ["MOVE@Borderland 2", "MOVE@Borderland 9", "HIDE", "SEARCH=Discover Chits", "SEARCH=Paths", "REST",
             "FLY@Borderland 5", "MAGIC SIGHT", "JUMP", "HIDE=x"], "a") for _ in range(chooser.roll(5, "n")))),
        lambda n: PutOnRing(n, chooser.roll(2, "w") == 1),
        lambda n: ReadRunes(n, True),
        lambda n: CastSpell(n, chooser.choice(["Rocks Glow", "Prayer", "Vision", "Fire Trap"], "s")),
        lambda n: TradeWithMerchant(n, "Garb", chooser.roll(20, "v") - 5, chooser.roll(2, "b") == 1),
        lambda n: MoveHireling(n, "Mercenary", chooser.roll(400, "c") - 1),
    ]
    for _ in range(120):
        if days.is_terminal():
            break
        before = days.to_dict()
        if chooser.roll(3, "legal?") == 1:
            action = wild[chooser.roll(len(wild), "which") - 1](chooser.choice(names, "who"))
            try:
                days.apply(action)
            except RuleError:
                assert days.to_dict() == before
        else:
            legal = days.legal_actions()
            # mostly days, sometimes something else the referee may record
            action = legal[0] if chooser.roll(2, "day?") == 1 else chooser.choice(legal, "action")
            days.apply(action)
        assert RealmDays.from_dict(json.loads(json.dumps(days.to_dict()))).to_dict() == days.to_dict()


def test_a_character_sees_neither_the_face_down_chits_nor_the_hidden_generator():
    days = realm()
    seen = json.dumps(days.observation("Amazon"))
    assert days.generator not in seen and "rng" not in days.observation("Amazon")
    assert days.generator in json.dumps(days.observation("referee"))


def test_the_characters_decision_is_asked_at_the_prompt(monkeypatch, capsys, tmp_path):
    days = realm()
    two_pods_tied(days)
    script(days, 5)
    db = tmp_path / "s.db"
    SaveStore(db).create("tie", "magic_realm", "game", days.to_dict())
    # day 1 stops at the Amazon's choice; "2" is the second pod listed; then quit
    assert at_prompt(monkeypatch, "1\n2\nquit\n", "magic-realm", "play", "--load", "tie", "--db", str(db)) == 0
    out = capsys.readouterr().out
    assert "Amazon decides which pod moves (1, 2):" in out and "Amazon chooses pod 2" in out
    state = SaveStore(db).load("tie", "magic_realm").state
    assert {p["id"]: p["tile"] for p in state["pods"]} == {1: 3, 2: 0} and state["pending"] is None


def test_the_woodsman_subtracts_1_from_offroad_rolls_in_the_realm():
    days = realm()
    put(days, "Woodsman", BORDERLAND_1)
    cave = days.board.clearing_of("Borderland 4").id
    script(days, 6, 5, 5)  # day 1; then the CAVES column: 5 - 1 = 4, Lost (1 wound), not 5
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Woodsman"))
    days.apply(MoveCharacter("Amazon", cave))
    days.apply(TravelOffroad("Amazon"))
    assert "Lost (1 wound)" in days.report[-2]["text"] and days.characters[0].wounds == 1


def test_the_bounty_hunter_rolls_his_bounty_at_1d6_minus_2_when_hired():
    days = realm()
    put(days, "Bounty Hunter", BORDERLAND_1)
    script(days, 6, 2)  # day 1; his roll: 2 - 2 = 0, counted as 1
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Bounty Hunter"))
    from magecraft.core.tables import get_table

    assert days.report[-1]["text"] == f"the Bounty Hunter seeks: {get_table('mr_bounty').lookup(1).result}"


def test_a_captured_pickpocket_scores_and_a_failed_capture_costs_2d6():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    put(days, "Pickpocket", BORDERLAND_1)
    script(days, 6, 6, 5, 2, 1)  # day 1; the Dwarf misses: 2d6 = 11 gold; the Amazon hits; she scores 2 = 4 gold
    days.apply(NextDay())
    days.apply(Capture("Dwarf", "Pickpocket", False))
    assert days.retinues["Dwarf"].gold == 50 - 11
    days.apply(Capture("Amazon", "Pickpocket", True))
    with pytest.raises(RuleError, match="scores only when captured"):
        days.apply(PickpocketScore("Dwarf"))
    days.apply(PickpocketScore("Amazon"))
    assert days.retinues["Amazon"].gold == 54


# -- gates (3) and the Gate Master (7.10) -----------------------------------------------------------


def with_gates(days: RealmDays) -> tuple[int, int]:
    days.setup.tile_chits["Cliff"] = (Chit("Gate 1", "gate"),)  # type: ignore[index]
    days.setup.tile_chits["Mire"] = (Chit("Gate 2", "gate"),)  # type: ignore[index]
    for tile in days.setup.tile_chits:
        if tile not in ("Cliff", "Mire"):
            days.setup.tile_chits[tile] = tuple(  # type: ignore[index]
                c for c in days.setup.tile_chits[tile] if c.kind != "gate")
    bog = days.board.tile_clearings(days.board.tile_index("Cliff"))[-1]  # a mountain clearing
    mire = days.board.tile_clearings(days.board.tile_index("Mire"))[-1]
    return bog, mire


def test_gates_are_located_in_the_highest_clearing_and_travel_needs_two_known_gates():
    days = realm()
    bog, mire = with_gates(days)
    days.apply(MoveCharacter("Amazon", bog - 1))
    with pytest.raises(RuleError, match="highest numbered clearing"):
        days.apply(LocateGate("Amazon", "Gate 1"))
    days.apply(MoveCharacter("Amazon", bog))
    days.apply(LocateGate("Amazon", "Gate 1"))
    with pytest.raises(RuleError, match="at least one other gate"):
        days.apply(GateTravel("Amazon", "Gate 2"))  # Gate 2 is not known: one gate only
    days.apply(MoveCharacter("Amazon", mire))
    days.apply(LocateGate("Amazon", "Gate 2"))
    with pytest.raises(RuleError, match="needs 2 MOVE phases"):
        days.apply(GateTravel("Amazon", "Gate 1", 1))  # 3.3/1: into a mountain clearing
    days.apply(GateTravel("Amazon", "Gate 1", 2))
    assert days.characters[0].clearing == bog
    # 3.3: one GATE and two MOVE phases of the day's four (ruling MR42)
    assert days.today["Amazon"].activities == ["GATE", "MOVE", "MOVE"]
    with pytest.raises(RuleError, match="4 phase"):
        days.apply(RecordDay("Amazon", ("HIDE", "REST")))
    days.apply(RecordDay("Amazon", ("HIDE",)))


def test_the_gate_master_tells_his_employer_of_gates_others_locate():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1", "Elf@Borderland 1")
    bog, _ = with_gates(days)
    put(days, "Gate Master", BORDERLAND_1)
    script(days, 6)
    days.apply(NextDay())
    days.apply(Hire("Dwarf", "Gate Master"))
    days.apply(MoveCharacter("Amazon", bog))
    days.apply(LocateGate("Amazon", "Gate 1"))
    assert days.characters[1].known_gates == ["Gate 1"]
    assert days.characters[2].known_gates == []  # no Gate Master: the Elf knows nothing
    assert RealmDays.from_dict(days.to_dict()).characters[1].known_gates == ["Gate 1"]


def test_guild_show_of_a_saved_realm_lists_members_and_their_benefits_at_work(tmp_path, capsys):
    days = realm()
    with_guild(days)
    days.apply(DiscoverGuild("Amazon", "Thief Guild"))
    days.apply(MoveCharacter("Amazon", days.guild_clearings["Thief Guild"]))
    days.apply(RecordDeed("Amazon", "stole a treasure"))
    days.apply(JoinGuild("Amazon", "Thief Guild"))
    days.apply(DrawQuest("Amazon", "Steal the crown"))
    days.apply(CompleteQuest("Amazon"))
    db = tmp_path / "s.db"
    SaveStore(db).create("gs", "magic_realm", "game", days.to_dict())
    assert main(["magic-realm", "guild", "show", "Thief Guild", "--game", "gs", "--db", str(db), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)[0]
    assert row["members"]["Amazon"]["effects"]["extra_phases"] == ["HIDE"]
    assert row["clearing"] == days.board.label(days.guild_clearings["Thief Guild"])


def test_ending_a_turn_with_the_queen_bee_moves_two_pods():
    days = realm()
    days.generator, days.generator_tile, days.generator_active, days.queen_alive = "Hive", 3, True, True
    days.generator_clearing = days.board.tile_clearings(3)[-1]
    days.characters[0].clearing = days.generator_clearing
    far = next(t for t in range(len(days.board.tile_names)) if days.board.tile_distance(t, 3) == 2)
    days.pods = [Pod(1, "bees", 2, 3), Pod(2, "bees", 3, far)]
    days.next_pod = 3
    script(days, 5)  # prowling; colour magic only on day 7: no new pod
    days.apply(NextDay())
    assert days.pending is None
    assert any("pod 1 (2 bees) swarms into" in line["text"] for line in days.report)
    second = next(p for p in days.pods if p.id == 2)
    assert days.board.tile_distance(second.tile, 3) == 1  # the second pod moved too


def test_the_cleric_heals_for_10_gold_in_his_clearing_only():
    days = realm(gold=12)
    days.characters[0].wounds, days.characters[0].fatigue = 3, 2
    cleric = put(days, "Cleric", days.board.clearing_of("Borderland 2").id)
    with pytest.raises(RuleError, match="not in Amazon's clearing"):
        days.apply(BuyService("Amazon", "Cleric", "Full Heal"))
    cleric.clearing = BORDERLAND_1
    with pytest.raises(RuleError, match="offers Remove Curse, Full Heal"):
        days.apply(BuyService("Amazon", "Cleric", "Repair"))
    days.apply(BuyService("Amazon", "Cleric", "full heal"))
    assert (days.characters[0].wounds, days.characters[0].fatigue, days.retinues["Amazon"].gold) == (0, 0, 2)
    with pytest.raises(RuleError, match="costs 5 gold; Amazon has 2"):
        days.apply(BuyService("Amazon", "Cleric", "Remove Curse"))


def test_hop_and_open_gate_on_the_board():
    days = realm()
    script(days, 3)  # Hop: the third clearing of the Borderland
    days.apply(CastSpell("Amazon", "Hop"))
    assert days.board.label(days.characters[0].clearing) == "Borderland 3"
    _, mire = with_gates(days)
    with pytest.raises(RuleError, match="has not been discovered"):
        days.apply(CastSpell("Amazon", "Open Gate", "Gate 2"))
    days.characters[0].known_gates.append("Gate 2")  # located by anyone will do
    days.apply(CastSpell("Amazon", "open gate", "Gate 2"))
    assert days.characters[0].clearing == mire
    with pytest.raises(RuleError, match="not resolved on the board"):
        days.apply(CastSpell("Amazon", "Fire Trap"))


def test_running_from_battle_kills_the_dragonslayer_and_is_refused_lost_or_with_the_bounty():
    days = realm("Amazon@Borderland 1", "Dwarf@Borderland 1")
    put(days, "Dragonslayer", BORDERLAND_1)
    put(days, "Bounty Hunter", BORDERLAND_1)
    script(days, 6, 4)  # day 1; the Bounty Hunter's roll
    days.apply(NextDay())
    days.apply(Hire("Amazon", "Dragonslayer"))
    days.apply(Hire("Dwarf", "Bounty Hunter"))
    days.apply(RunFromBattle("Amazon"))
    assert days.traveller("Dragonslayer").state == "hired"  # no dragons: he stays
    days.apply(RunFromBattle("Amazon", dragons=True))
    assert days.traveller("Dragonslayer").state == "dead" and not days.retinues["Amazon"].serves("Dragonslayer")
    with pytest.raises(RuleError, match="blocks until the bounty is dead"):
        days.apply(RunFromBattle("Dwarf", bounty=True))
    days.characters[1].offroad = True
    with pytest.raises(RuleError, match="no running from battle"):
        days.apply(RunFromBattle("Dwarf"))


def test_commands_changing_one_saved_realm_at_once_queue_and_none_is_lost(tmp_path):
    """Real processes: four deeds recorded at the same moment all land, one revision each."""
    import subprocess
    import sys

    db = tmp_path / "s.db"
    SaveStore(db).create("q", "magic_realm", "game", realm().to_dict())
    code = ("import sys; from magecraft.cli.app import main; "
            "sys.exit(main(['magic-realm', 'guild', 'deed', 'q', 'Amazon', sys.argv[1], '--db', sys.argv[2]]))")
    procs = [subprocess.Popen([sys.executable, "-c", code, f"deed {n}", str(db)], stdout=subprocess.DEVNULL)
             for n in range(4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    saved = SaveStore(db).load("q", "magic_realm")
    assert saved.revision == 5
    assert sorted(saved.state["characters"][0]["deeds"]) == [f"deed {n}" for n in range(4)]


def test_the_play_screen_shows_a_text_map_of_who_is_where_and_the_roads(tmp_path, capsys, monkeypatch):
    """Issue 25 item 10: "there is no map". The tile a character stands on, its clearings, who is in each and
    the roads out (hidden paths stay secret)."""
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main([*PLAY, "--db", str(tmp_path / "s.db")]) == 0
    out = capsys.readouterr().out
    assert "Map (clearing: kind, who is there, roads out)" in out
    assert "Borderland (next to " in out and "1: normal [Amazon] -> Borderland 2" in out
    assert "4: cave -> Borderland 3, Borderland 5" in out
