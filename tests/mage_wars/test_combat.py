"""The compact arena's attacks, conditions, upkeep and spell effects."""

from magecraft.mage_wars.arena import Wall
from magecraft.mage_wars.cards import card_book
from magecraft.mage_wars.combat import apply_condition, cast_spell, push, resolve_attack
from magecraft.mage_wars.settings import Settings
from magecraft.mage_wars.units import DUMMY, YOU


def _attack(unit, name):
    attack = unit.attack_named(name)
    assert attack is not None
    return attack


def test_armour_soaks_normal_damage_only(build):
    # Dice 3,4,5,6: normal 1+2, critical 1+2; the Tegu's armour 3 soaks the 3 normal.
    game = build([3, 4, 5, 6], creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Emerald Tegu", "B2", 0)])
    wolf, tegu = game.units["y1"], game.units["d2"]
    resolve_attack(game, wolf, _attack(wolf, "Bite"), tegu)
    assert tegu.damage == 3
    # Dice 3,5,5,6: normal 1, critical 1+1+2: the armour soaks the 1 normal and none of the 4 critical
    game = build([3, 5, 5, 6], creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Emerald Tegu", "B2", 0)])
    wolf, tegu = game.units["y1"], game.units["d2"]
    resolve_attack(game, wolf, _attack(wolf, "Bite"), tegu)
    assert tegu.damage == 4


def test_piercing_lowers_armour(build):
    game = build([4, 4, 1, 1], creatures=[(YOU, "Brogan Bloodstone", "B2", 0), (DUMMY, "Emerald Tegu", "B2", 0)])
    brogan, tegu = game.units["y1"], game.units["d2"]
    resolve_attack(game, brogan, _attack(brogan, "Vorpal Blade"), tegu)
    assert tegu.damage == 4


def test_corrode_lowers_armour(build):
    game = build([4, 1, 1, 1], creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Emerald Tegu", "B2", 0)])
    wolf, tegu = game.units["y1"], game.units["d2"]
    tegu.add_condition("Corrode", 2)
    resolve_attack(game, wolf, _attack(wolf, "Bite"), tegu)
    assert tegu.damage == 1


def test_weak_and_agony_remove_dice_bear_strength_and_melee_add_them(build):
    game = build([1] * 8, creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Emerald Tegu", "B2", 0)])
    wolf, tegu = game.units["y1"], game.units["d2"]
    wolf.add_condition("Weak")
    wolf.enchantments.append("Bear Strength")
    resolve_attack(game, wolf, _attack(wolf, "Bite"), tegu)
    dice = [e.data["dice"] for e in game.log if e.data.get("attacker") == "y1"]
    assert dice == [5]
    wolf.enchantments.append("Agony")
    resolve_attack(game, wolf, _attack(wolf, "Bite"), tegu)
    dice = [e.data["dice"] for e in game.log if e.data.get("attacker") == "y1"]
    assert dice == [5, 3]


def test_a_lightning_weakness_adds_dice(build):
    thunderbolt = card_book().get("Thunderbolt").attacks[0]
    game = build([1] * 8 + [1], creatures=[(DUMMY, "Brogan Bloodstone", "C3", 0)])
    resolve_attack(game, game.you, thunderbolt, game.units["d1"])
    assert [e.data["dice"] for e in game.log if e.data.get("attacker") == YOU] == [8]


def test_flame_immunity_takes_no_damage(build):
    fireball = card_book().get("Fireball").attacks[0]
    game = build([], creatures=[(DUMMY, "Firebrand Imp", "D2", 0)])
    resolve_attack(game, game.you, fireball, game.units["d1"])
    assert game.units["d1"].damage == 0 and game.units["d1"].conditions == {}


def test_burnproof_refuses_burn(build):
    game = build([], creatures=[(DUMMY, "Iron Golem", "D2", 0), (DUMMY, "Timber Wolf", "D2", 0)])
    apply_condition(game, game.units["d1"], "Burn")
    apply_condition(game, game.units["d2"], "Burn")
    assert game.units["d1"].conditions == {} and game.units["d2"].conditions == {"Burn": 1}


def test_a_dazed_attacker_misses_on_1_to_6(build):
    game = build([6, 7, 4, 4, 3, 3], creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Bitterwood Fox", "B2", 0)])
    wolf, fox = game.units["y1"], game.units["d2"]
    wolf.add_condition("Daze")
    resolve_attack(game, wolf, _attack(wolf, "Bite"), fox)
    assert fox.damage == 0
    resolve_attack(game, wolf, _attack(wolf, "Bite"), fox)
    assert fox.id not in game.units
    assert game.kills == {"by_you": 5, "by_dummy": 0}


def test_counterstrike_answers_a_melee_attack(build):
    game = build([1, 1, 1, 1, 3, 3, 3, 3],
                 creatures=[(YOU, "Timber Wolf", "B2", 0), (DUMMY, "Darkfenne Hydra", "B2", 0)])
    wolf, hydra = game.units["y1"], game.units["d2"]
    resolve_attack(game, wolf, _attack(wolf, "Bite"), hydra)
    assert wolf.damage == 2


def test_battle_fury_gives_one_more_quick_melee_attack(build):
    game = build([3, 3, 3, 3, 3, 3], you="B2", creatures=[(DUMMY, "Bitterwood Fox", "B2", 0)])
    fox = game.units["d1"]
    fox.battle_fury = True
    resolve_attack(game, fox, _attack(fox, "Bite"), game.you)
    assert game.you.damage == 6 and not fox.battle_fury


def test_charge_adds_dice_after_a_move(build):
    game = build([1] * 5, creatures=[(YOU, "Highland Unicorn", "B2", 0), (DUMMY, "Timber Wolf", "B2", 0)])
    unicorn = game.units["y1"]
    resolve_attack(game, unicorn, _attack(unicorn, "Horn"), game.units["d2"], moved=True)
    assert [e.data["dice"] for e in game.log if e.data.get("attacker") == "y1"] == [5]


def test_mana_drain_takes_your_mana(build):
    game = build([3, 3], you="B2", mana=10, creatures=[(DUMMY, "Mana Leech", "B2", 0)])
    leech = game.units["d1"]
    resolve_attack(game, leech, _attack(leech, "Leeching Bite"), game.you)
    assert game.mana == 9 and game.you.damage == 2


def test_a_mage_reaching_its_life_ends_the_game(build):
    game = build([6, 6, 6, 6], you="B2", creatures=[(DUMMY, "Timber Wolf", "B2", 0)])
    game.you.damage = 24             # two criticals of 2 twice: 8 damage, exactly the Wizard's 32 life
    resolve_attack(game, game.units["d1"], _attack(game.units["d1"], "Bite"), game.you)
    assert game.you.damage == game.you.life and game.winner == DUMMY and game.is_terminal()
    other = build([])
    other.dummy.damage = other.dummy.life - 5
    other.deal_damage(other.dummy, 5, by=YOU)           # reaching its life exactly ends the game too
    assert other.winner == YOU and other.is_terminal()


def test_no_effect_die_after_the_killing_blow_on_a_mage(build):
    # The Bat's two criticals (4 damage) end the game; its Rot effect die is not rolled (the script has none).
    game = build([6, 6], you="B2", creatures=[(DUMMY, "Darkfenne Bat", "B2", 0)])
    game.you.damage = 30
    resolve_attack(game, game.units["d1"], _attack(game.units["d1"], "Diseased Bite"), game.you)
    assert game.winner == DUMMY and game.you.conditions == {}


def test_upkeep_burn_rot_and_regenerate(build):
    # Burn: one attack die each of direct damage (6 = 2 critical, armour ignored); it burns on.
    game = build([6], creatures=[(DUMMY, "Timber Wolf", "B2", 0), (DUMMY, "Darkfenne Hydra", "C2", 5),
                                 (YOU, "Emerald Tegu", "D2", 0)])
    game.units["d1"].add_condition("Burn")
    game.units["y3"].add_condition("Rot", 2)
    game.upkeep()
    assert game.units["d1"].damage == 2 and game.units["d1"].conditions == {"Burn": 1}
    assert game.units["d2"].damage == 3
    assert game.units["y3"].damage == 2


def test_a_blank_puts_a_burn_out(build):
    # Two Burns: the first die is blank (that Burn goes out, no damage), the second a normal 2 (armour ignored).
    game = build([2, 4], creatures=[(DUMMY, "Timber Wolf", "B2", 0)])
    game.units["d1"].add_condition("Burn", 2)
    game.upkeep()
    assert game.units["d1"].damage == 2 and game.units["d1"].conditions == {"Burn": 1}


def test_the_unicorn_lets_friends_in_its_zone_regenerate(build):
    game = build([], creatures=[(YOU, "Highland Unicorn", "B2", 0), (YOU, "Timber Wolf", "B2", 3),
                                (YOU, "Skeletal Sentry", "B2", 3)])
    game.upkeep()
    assert game.units["y2"].damage == 2
    assert game.units["y3"].damage == 3


def test_banish_returns_after_3_upkeeps(build):
    game = build([], creatures=[(YOU, "Timber Wolf", "B2", 0)])
    cast_spell(game, card_book().get("Banish"), game.units["y1"], DUMMY)
    assert not game.units["y1"].in_arena
    assert [u.id for u in game.ready_units(YOU)] == [YOU]
    game.upkeep()
    game.upkeep()
    assert not game.units["y1"].in_arena
    game.upkeep()
    assert game.units["y1"].in_arena and game.units["y1"].zone == "B2"


def test_heal_rolls_8_attack_dice(build):
    game = build([3, 3, 5, 1, 1, 1, 1, 1], creatures=[(DUMMY, "Timber Wolf", "B2", 6)])
    cast_spell(game, card_book().get("Heal"), game.units["d1"], DUMMY)
    assert game.units["d1"].damage == 3


def test_purge_magic_destroys_enchantments_and_charge_lasts_the_round(build):
    game = build([], creatures=[(YOU, "Timber Wolf", "B2", 0)])
    wolf = game.units["y1"]
    wolf.enchantments.extend(["Bear Strength", "Bull Endurance"])
    cast_spell(game, card_book().get("Purge Magic"), wolf, DUMMY)
    assert wolf.enchantments == [] and wolf.life == 10
    cast_spell(game, card_book().get("Charge"), wolf, YOU)
    assert wolf.has("Fast") and wolf.trait("Charge") == 1 and wolf.quick_moves == 2
    game.ready_stage()
    assert not wolf.has("Fast")


def test_eagle_wings_gives_flying_and_knockdown_misses_the_unmovable(build):
    game = build([], creatures=[(DUMMY, "Timber Wolf", "B2", 0), (YOU, "Iron Golem", "B2", 0)])
    cast_spell(game, card_book().get("Eagle Wings"), game.units["d1"], DUMMY)
    assert game.units["d1"].flying
    cast_spell(game, card_book().get("Knockdown"), game.units["y2"], DUMMY)
    assert game.units["y2"].conditions == {}


def test_a_push_stops_at_the_arena_edge_and_at_a_wall(build):
    game = build([1, 5, 8], settings=Settings(walls=(Wall("w1", ("A1", "B1"), 10),)),
                 creatures=[(YOU, "Timber Wolf", "A1", 0)])
    wolf = game.units["y1"]
    push(game, wolf)  # 1: north, off the arena
    push(game, wolf)  # 5: east, through the wall
    assert wolf.zone == "A1"
    push(game, wolf)  # 8: south
    assert wolf.zone == "A2"


def test_the_unmovable_are_not_pushed(build):
    game = build([], creatures=[(DUMMY, "Iron Golem", "B2", 0)])
    push(game, game.units["d1"])
    assert game.units["d1"].zone == "B2"


def test_every_target_requirement_a_card_may_name_is_judged():
    # cards.py refuses a spell whose requirement is unknown; combat.py judges each one it knows
    from magecraft.mage_wars import cards, combat

    assert set(combat.REQUIREMENTS) == cards.REQUIREMENTS
