"""Spells and land outside a duel (seed 000, MAGIC: Spells Outside a Duel, Land Use, Spell Card Use;
CHARACTER CREATION: Wisdom)."""

from dataclasses import replace

import pytest

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.randomness import Randomness
from magecraft.mtg_rpg.actions import SpellDeck
from magecraft.mtg_rpg.cards import Card, builtin_pool
from magecraft.mtg_rpg.character import Character, TakenFeat, example_character
from magecraft.mtg_rpg.renewal import recover_at_renewal
from magecraft.mtg_rpg.scene import Scene, cast_outside_duel, close_scene

POOL = builtin_pool()
SARIN = example_character()  # red, ST 3, DX 0, WS 1: one reserve mana


def hand(*names: str) -> SpellDeck:
    return SpellDeck(Deck([POOL.get("Forest")] * 3, name="library"), [POOL.get(n) for n in names], hand_size=4)


def test_land_pays_its_colour_and_the_reserve_covers_what_is_missing() -> None:
    scene = Scene.begin(SARIN)
    assert scene.reserve == 1
    with_land = scene.add_land(POOL.get("Mountain"))
    assert with_land.pay(SARIN, POOL.get("Shock")).land_mana == ()
    from_reserve = scene.pay(SARIN, POOL.get("Shock"))  # no land: the reserve pays the red pip
    assert (from_reserve.reserve, from_reserve.land_mana) == (0, ())
    # Lava Axe {4}{R}: one Mountain and one reserve mana are two of the five needed
    with pytest.raises(RuleError, match="needs 4 more mana") as info:
        with_land.pay(SARIN, POOL.get("Lava Axe"))
    assert info.value.rule == "the mana must be available"
    # Blaze {X}{R} with X = 2 and three Mountains: all three tapped, the reserve kept
    three = with_land.add_land(POOL.get("Mountain")).add_land(POOL.get("Mountain"))
    blazed = three.pay(SARIN, POOL.get("Blaze"), x=2)
    assert (blazed.land_mana, blazed.reserve) == ((), 1)
    # each X is paid X times: {X}{X}{R} with X = 2 needs 5 mana, one more than 3 Mountains and the reserve
    double_x = Card("Twin Blaze", "{X}{X}{R}", 1, ("R",), "Sorcery", ("Sorcery",))
    with pytest.raises(RuleError, match="Twin Blaze needs 4 more mana; 2 from land and 1 reserve are left"):
        three.pay(SARIN, double_x, x=2)
    assert three.pay(SARIN, double_x, x=1).land_mana == ()
    # a cost without X has nothing to pay for X
    with pytest.raises(InputError, match=r"Shock has no X in its cost \(\{R\}\)"):
        three.pay(SARIN, POOL.get("Shock"), x=1)
    with pytest.raises(InputError, match="not a land"):
        scene.add_land(POOL.get("Shock"))


def test_reserve_pays_a_colour_only_with_a_dot_in_its_attribute() -> None:
    # "any mana color ... as long as they have at least one dot in the appropriate attribute"
    no_green = replace(SARIN, attributes={**SARIN.attributes, "DX": 0})
    with pytest.raises(RuleError, match="no Green mana left"):
        Scene.begin(no_green).pay(no_green, POOL.get("Giant Growth"))
    green = replace(SARIN, attributes={**SARIN.attributes, "DX": 1})
    assert Scene.begin(green).pay(green, POOL.get("Giant Growth")).reserve == 0


def test_casting_outside_a_duel_spends_the_cards_for_the_scene() -> None:
    deck = hand("Mountain", "Shock", "Lava Axe", "Mountain")
    rng = Randomness.scripted([])
    cast = cast_outside_duel(SARIN, deck, Scene.begin(SARIN), "shock", lands=["Mountain"], rng=rng)
    wizard, scene = cast.wizard, cast.scene
    assert [c.name for c in deck.hand] == ["Lava Axe", "Mountain"]
    assert (scene.in_play, scene.land_mana) == (("Mountain", "Shock"), ())
    assert (scene.reserve, wizard.reserve_used) == (1, 0)
    # Lava Axe cannot be paid: refused with nothing moved
    before = deck.to_dict()
    with pytest.raises(RuleError, match="needs 4 more mana"):
        cast_outside_duel(wizard, deck, scene, "Lava Axe", lands=["Mountain"], rng=rng)
    assert deck.to_dict() == before
    with pytest.raises(RuleError, match="not \\(or no longer\\) in the hand"):
        cast_outside_duel(wizard, deck, scene, "Shock", rng=rng)
    with pytest.raises(RuleError, match="Spell Casting Limits"):
        cast_outside_duel(wizard, hand("Giant Growth"), scene, "Giant Growth", rng=rng)
    # the cards are spent at once, until renewal; the end of the scene ends them and keeps the reserve
    assert [c.name for c in deck.graveyard] == ["Mountain", "Shock"]
    closed = close_scene(replace(scene, land_mana=("R",)), rng)
    assert (closed.in_play, closed.land_mana, closed.reserve) == ((), (), 1)


def test_reserve_used_stays_used_until_renewal() -> None:
    deck = hand("Shock", "Shock")
    rng = Randomness.scripted([])
    cast = cast_outside_duel(SARIN, deck, Scene.begin(SARIN), "Shock", rng=rng)
    wizard, scene = cast.wizard, cast.scene
    assert (wizard.reserve_used, scene.reserve, Scene.begin(wizard).reserve) == (1, 0, 0)
    assert Character.from_dict(wizard.to_dict()) == wizard
    renewed = recover_at_renewal(wizard, 14)
    assert Scene.begin(renewed).reserve == 1
    bare = replace(SARIN, has_talisman=False)
    with pytest.raises(RuleError, match="only cantrips"):
        cast_outside_duel(bare, hand("Shock"), Scene.begin(bare), "Shock", rng=rng)


def test_widen_spell_pays_the_whole_cost_again_for_each_extra_target() -> None:
    rng = Randomness.scripted([])
    with pytest.raises(RuleError, match="one Widen Spell feat for each extra target"):
        cast_outside_duel(SARIN, hand("Shock", "Mountain"), Scene.begin(SARIN), "Shock", lands=["Mountain"],
                          targets=2, rng=rng)
    widener = replace(SARIN, feats=(TakenFeat("Widen Spell"),))
    # two targets: one red from the Mountain, the second from the reserve
    cast = cast_outside_duel(widener, hand("Shock", "Mountain"), Scene.begin(widener), "Shock",
                             lands=["Mountain"], targets=2, rng=rng)
    wizard, scene = cast.wizard, cast.scene
    assert (scene.in_play, scene.reserve, wizard.reserve_used) == (("Mountain", "Shock"), 0, 1)
    with pytest.raises(RuleError, match="no Red mana left"):
        cast_outside_duel(widener, hand("Shock"), Scene.begin(wizard), "Shock", targets=2, rng=rng)


def test_spell_cooperation_adds_another_wizards_mana() -> None:
    # Lava Axe {4}{R}: Sarin's Mountain and reserve pay 2, Mord's three Swamps the generic rest
    coop = (TakenFeat("Spell Cooperation"),)
    sarin = replace(SARIN, feats=coop, library=("Lava Axe", "Mountain"))
    mord = replace(SARIN, name="Mord", feats=coop, library=("Lava Axe",))
    swamps = Scene.begin(mord).add_land(POOL.get("Swamp")).add_land(POOL.get("Swamp")).add_land(POOL.get("Swamp"))
    rng = Randomness.scripted([])
    cast = cast_outside_duel(sarin, hand("Lava Axe", "Mountain"), Scene.begin(sarin), "Lava Axe",
                             lands=["Mountain"], helpers=[(mord, swamps)], rng=rng)
    (helper, helper_scene), = cast.helpers
    assert (cast.scene.reserve, cast.wizard.reserve_used) == (0, 1)
    assert (helper_scene.land_mana, helper_scene.reserve, helper.reserve_used) == ((), 1, 0)
    with pytest.raises(RuleError, match="Mord does not have the Spell Cooperation feat"):
        cast_outside_duel(sarin, hand("Lava Axe"), Scene.begin(sarin), "Lava Axe",
                          helpers=[(replace(mord, feats=()), swamps)], rng=rng)
    with pytest.raises(RuleError, match="does not have Lava Axe in the spell deck"):
        cast_outside_duel(sarin, hand("Lava Axe"), Scene.begin(sarin), "Lava Axe",
                          helpers=[(replace(mord, library=("Shock",)), swamps)], rng=rng)
