"""In-game odds for the campaign year (issue 28): the exact chance of each answer a roll decides, worked out
by hand below from the rule book's dice, on positions built with ``CampaignPosition``."""

from __future__ import annotations

import json
from fractions import Fraction

from campaign_helpers import run_tasks

from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign.answers import Challenge, DuelTo, Reply, Target
from magecraft.wizard_prince.campaign.position import CampaignPosition
from magecraft.wizard_prince.campaign.year import Campaign

# 1d20 less 1d20 is k with chance (20 - |k|)/400: 0 with 20/400, above 0 with 190/400.


def court(settings: dict | None = None, **ann: object) -> Campaign:
    """Ann (level 9, Charisma 12, Lord Chancellor, a Syndicate in her capital) and Bob (level 7 fighter,
    Charisma 10, Death or Poison save 8; a Syndicate of his own in Enlyor)."""
    return CampaignPosition.from_mapping({
        "nobles": [{"name": "Ann", "status": 10, "level": 9, "appointment": "lord_chancellor",
                    "abilities": {"charisma": 12}, **ann},
                   {"name": "Bob", "abilities": {"charisma": 10}}],
        "realms": {"Ann": ["County of Rosethorn"], "Bob": ["Enlyor"]},
        "upgrades": {"County of Rosethorn": ["syndicate"]},
        "settings": settings or {}}).campaign(Randomness.seeded(1))


def test_the_lord_chancellors_charge_convicts_when_his_margin_is_larger():
    c = court()
    run_tasks(c, {"do": "office", "noble": "Ann"})
    # convicted when 12 - Ann's roll > 10 - Bob's roll, i.e. Bob's less Ann's >= -1: 19/400 + 210/400
    chance = c.chance_of(Target("Bob"))
    assert chance is not None and chance.probability == Fraction(229, 400)
    assert chance.section == "The Courtier Descriptions"
    assert c.chance_of(Reply.NONE) is None


def test_a_tied_trial_rolled_again_leaves_out_the_tie():
    c = court({"lord_chancellor_tie": "rerolls"})
    run_tasks(c, {"do": "office", "noble": "Ann"})
    # the tie (Bob's less Ann's = -2, 18/400) is rolled again: 229/400 of the other 382/400
    assert c.chance_of(Target("Bob")).probability == Fraction(229, 382)


def test_a_duel_the_abstract_resolver_fights_is_won_on_1d20_plus_level_ties_again():
    c = court()
    run_tasks(c, {"do": "duel_challenge", "noble": "Ann"})
    # Ann 1d20 + 9 beats Bob 1d20 + 7 when Bob's roll less hers <= 1: 1 - 171/400, the 18/400 tie again
    chance = c.chance_of(Challenge("Bob", DuelTo.DEATH))
    assert chance is not None and chance.probability == Fraction(229, 382) and chance.section == "Duels"
    assert c.chance_of(Challenge("Bob", DuelTo.FIRST_BLOOD)) == chance


def test_a_duel_the_gm_enters_has_no_chance_to_show():
    c = court({"duel_resolver": "entered"})
    run_tasks(c, {"do": "duel_challenge", "noble": "Ann"})
    assert c.chance_of(Challenge("Bob", DuelTo.DEATH)) is None


def test_a_syndicates_assassin_slays_on_a_failed_save_halved_by_the_targets_own_syndicate():
    c = court()
    run_tasks(c, {"do": "syndicate", "noble": "Ann", "province": "County of Rosethorn"})
    # Bob saves against Death or Poison on 8+: fails on 1-7
    assert c.chance_of(Target("Bob")).probability == Fraction(7, 20)
    c.provinces["Enlyor"].upgrades["syndicate"] = 0
    assert c.chance_of(Target("Bob")).probability == Fraction(7, 40)


def test_asking_the_odds_of_every_answer_changes_nothing():
    c = court()
    for task in ({"do": "office", "noble": "Ann"}, {"do": "duel_challenge", "noble": "Ann"},
                 {"do": "syndicate", "noble": "Ann", "province": "County of Rosethorn"}):
        run_tasks(c, task)
        before = json.dumps(c.to_dict(), sort_keys=True)
        shown = [c.chance_of(a) for a in c.legal_actions()]
        assert any(shown) and json.dumps(c.to_dict(), sort_keys=True) == before


def test_an_answer_not_offered_has_no_chance():
    c = court()
    run_tasks(c, {"do": "office", "noble": "Ann"})
    assert c.chance_of(Target("Cid")) is None
