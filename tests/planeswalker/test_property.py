"""Random legal and illegal actions: every legal action applies, every illegal one is refused and changes
nothing (seeded, so a failure replays)."""

from __future__ import annotations

import json

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.planeswalker.actions import (
    KINDS,
    Action,
    Activate,
    Cast,
    Channel,
    End,
    Forget,
    OrderEngage,
    Respond,
    make,
)
from magecraft.planeswalker.bot import ready_mage
from magecraft.planeswalker.combat import Battle

CARDS = ("Shock", "Grizzly Bears", "Volcanic Hammer", "Craw Wurm", "Remove Soul", "Giant Growth", "Threaten",
         "Nekrataal", "Unholy Strength", "Nobody")


def _aimed(kind: str, target: str) -> Action:
    """A decision of ``kind`` at ``target``, or without one for a kind that takes none."""
    try:
        return make(kind, target=target)
    except TypeError:
        return make(kind)


def _candidates(battle: Battle) -> list[Action]:
    ids = [*battle.fighters, "nobody"]
    found = [_aimed(kind, t) for kind in KINDS for t in ids]
    found += [Cast(card=c, target=t) for c in CARDS for t in ("", *ids)]
    found += [Respond(card=c, target=t) for c in CARDS for t in ("", "you", "p2", "mage")]
    found += [OrderEngage(target=t, creature=c) for t in ids for c in ids]
    found += [Channel(amount=n, draw=d) for n in range(6) for d in (False, True)]
    found += [Forget(card=c) for c in CARDS]
    found += [make(kind, card=n, target=t, creature=c) for kind in ("order_ability", "ability")
              for n in ("0", "1", "x") for t in ("", *ids) for c in ids]
    found += [Activate(card=c, target=t, amount=n) for t in ("", *ids) for n in (0, 1)
              for c in ("Rod of Ruin", "Vulshok Morningstar", "Nobody")]
    return found


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_and_illegal_actions(seed: int) -> None:
    enemy = ready_mage(("Goblin Pyromancer", "Counterspell Adept")[seed % 2]) if seed % 3 else None
    hero = ready_mage("Kiora the Wanderer")
    battle = Battle.start(hero, ["Grizzly Bears", "Goblin Piker"][: 1 + seed % 2], Randomness.seeded(seed),
                          enemy_mage=enemy)
    _play_randomly(battle, seed)


@pytest.mark.parametrize("seed", range(6))
def test_random_legal_and_illegal_actions_with_a_party(seed: int) -> None:
    party = [ready_mage("Counterspell Adept")] + ([ready_mage("Goblin Pyromancer")] if seed % 2 else [])
    enemy = ready_mage("Goblin Pyromancer") if seed % 3 == 0 and not seed % 2 else None
    battle = Battle.start(ready_mage("Kiora the Wanderer"), ["Grizzly Bears", "Goblin Piker"],
                          Randomness.seeded(seed), enemy_mage=enemy, party=party)
    _play_randomly(battle, seed)


@pytest.mark.parametrize("seed", range(8))
def test_random_legal_and_illegal_actions_with_spell_effects_and_abilities(seed: int) -> None:
    from magecraft.planeswalker.character import Character
    from magecraft.planeswalker.settings import Settings

    hero = Character.create("Vess", identity=("B", "R", "G"), increases={"mastery": 1, "focus": 2, "speed": 2},
                            library=("Llanowar Elves", "Orcish Artillery", "Drudge Skeletons", "Giant Growth",
                                     "Pyroclasm", "Seething Song", "Royal Assassin", "Vengeance", "Wrath of God",
                                     "Shivan Dragon", "Bottle Gnomes", "Sudden Impact"),
                            memorized=("Llanowar Elves", "Orcish Artillery", "Giant Growth"))
    foes = ["Orcish Artillery", "Royal Assassin", "Anaba Shaman", "Bog Wraith"][: 2 + seed % 3]
    enemy = ready_mage("Goblin Pyromancer") if seed % 2 else None
    battle = Battle.start(hero, foes, Randomness.seeded(seed), enemy_mage=enemy,
                          settings=Settings(locale_mana=bool(seed % 4 == 3)), ranges={"c1": "close"})
    _play_randomly(battle, seed)


def _play_randomly(battle: Battle, seed: int) -> None:
    chooser = Randomness.seeded(10_000 + seed)
    decisions = 0
    while not battle.is_terminal():
        legal = battle.legal_actions()
        assert legal, f"no legal action in phase {battle.phase}"
        for action in legal:
            battle.check(action)
        if chooser.roll(3, "try an illegal action") == 1:
            legal_set = set(legal)
            illegal = [a for a in _candidates(battle) if a not in legal_set]
            action = chooser.choice(illegal, "illegal action")
            before = json.dumps(battle.to_dict(), sort_keys=True)
            with pytest.raises(RuleError):
                battle.apply(action)
            assert json.dumps(battle.to_dict(), sort_keys=True) == before, action
        battle.apply(chooser.choice(legal, "legal action"))
        decisions += 1
        assert decisions < 5_000
    assert battle.legal_actions() == [] and battle.current_player() is None
    with pytest.raises(RuleError, match="over"):
        battle.apply(End())


@pytest.mark.parametrize("seed", range(8))
def test_random_legal_and_illegal_actions_with_steals_auras_and_lords(seed: int) -> None:
    """Control changes, Auras, lords and targeted "enters" triggers (PW39-PW41) under random play."""
    from magecraft.planeswalker.character import Character

    hero = Character.create("Vess", identity=("B", "R", "G"), increases={"mastery": 3, "focus": 2},
                            library=("Threaten", "Nekrataal", "Goblin King", "Enfeeblement", "Unholy Strength",
                                     "Highway Robber", "Whip Sergeant", "Kird Ape", "Karplusan Yeti", "Wildfire",
                                     "Hollow Dogs", "Pyroclasm"),
                            memorized=("Threaten", "Goblin King", "Unholy Strength"))
    foes = ["Goblin Piker", "Elvish Champion", "Llanowar Elves", "Phantom Warrior"][: 2 + seed % 3]
    enemy = ready_mage(("Warlord of Keld", "Necromancer of Urborg")[seed % 2]) if seed % 3 else None
    battle = Battle.start(hero, foes, Randomness.seeded(seed), enemy_mage=enemy, ranges={"c1": "close"})
    _play_randomly(battle, seed)


@pytest.mark.parametrize("seed", range(8))
def test_random_legal_and_illegal_actions_with_kept_permanents_and_more_cards(seed: int) -> None:
    """Kept artifacts' abilities and triggers, Equipment, */* creatures and the cards of PW43-PW54 under random
    play."""
    from magecraft.planeswalker.character import Character

    hero = Character.create("Vess", identity=("B", "R", "G"), increases={"mastery": 3, "focus": 2},
                            library=("Rod of Ruin", "Vulshok Morningstar", "Dragon's Claw", "Furnace of Rath",
                                     "Sengir Vampire", "Hypnotic Specter", "Megrim", "Underworld Dreams",
                                     "Flowstone Slide", "Mana Clash", "Force of Nature", "Grave Pact"),
                            memorized=("Rod of Ruin", "Vulshok Morningstar", "Dragon's Claw"))
    foes = ["Nightmare", "Deathgazer", "Elvish Bard", "Mogg Sentry"][: 2 + seed % 3]
    enemy = ready_mage("Artificer of Tolaria") if seed % 2 else None
    battle = Battle.start(hero, foes, Randomness.seeded(seed), enemy_mage=enemy, ranges={"c1": "close"})
    _play_randomly(battle, seed)
