"""The campaign year's typed answers (issue 22): each question kind's answers are typed values, saved as the
words they always were, read back whole or refused."""

from __future__ import annotations

import pytest

from magecraft.core.errors import DataError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign.answers import (
    Arm,
    BattleResult,
    Challenge,
    DuelTo,
    OfficeGain,
    ProvinceChoice,
    Question,
    Reply,
    Side,
    Stake,
    StakeKind,
    Target,
    Train,
    TreasuryBoost,
    Upgrade,
    read_answer,
)
from magecraft.wizard_prince.campaign.tasks import Decision
from magecraft.wizard_prince.campaign.year import Campaign

SAVED = [
    (Question.COURTIER, ("upgrade", "salon", "Tarsis", ""), Upgrade("salon", "Tarsis")),
    (Question.SPEND, ("boost", "status"), TreasuryBoost("status")),
    (Question.SPEND, ("sell",), Reply.SELL),
    (Question.DUEL_CHALLENGE, ("Bob", "first blood"), Challenge("Bob", DuelTo.FIRST_BLOOD)),
    (Question.WAGER_STAKE, ("province", "Orlu"), Stake(StakeKind.PROVINCE, "Orlu")),
    (Question.WAGER_STAKE, ("wealth",), Stake(StakeKind.WEALTH)),
    (Question.BATTLE_RESULT, ("result", "b", 30, 10), BattleResult(Side.B, 30, 10)),
    (Question.OFFICE, ("fleets",), OfficeGain.FLEETS),
    (Question.OFFICE, ("Bob",), Target("Bob")),
    (Question.CASTELLAN, ("legions", "elite"), Train("legions", "elite")),
    (Question.ARM, ("fleets",), Arm.FLEETS),
    (Question.GIVE_UP, ("Great Velkar",), ProvinceChoice("Great Velkar")),
]


@pytest.mark.parametrize(("kind", "option", "typed"), SAVED)
def test_a_saved_answer_reads_back_as_its_typed_value_and_writes_the_same_words(kind, option, typed):
    assert read_answer(kind, option) == typed
    assert typed.option == option
    assert eval(repr(typed)) == typed      # the repr is the call that rebuilds it


@pytest.mark.parametrize(("kind", "option"), [
    (Question.DUEL_CHALLENGE, ("Bob", "to the pain")),
    (Question.BATTLE_RESULT, ("result", "c", 30, 10)),
    (Question.BATTLE_RESULT, ("result", "a", "30", 10)),
    (Question.WAGER_STAKE, ("wealth", "Orlu")),
    (Question.ARM, ("cavalry",)),
    (Question.TRADER, ()),
])
def test_a_malformed_saved_answer_is_refused(kind, option):
    with pytest.raises(DataError, match="is not an answer"):
        read_answer(kind, option)


def test_the_words_of_every_answer_stay_as_saves_and_playthroughs_wrote_them():
    c = Campaign.new(["Ann"], Randomness.seeded(1))
    assert c.action_text(Upgrade("salon", "Tarsis")) == "upgrade salon Tarsis "    # the empty detail kept
    assert c.action_text(Challenge("Bob", DuelTo.DEATH)) == "Bob death"
    assert c.action_text(BattleResult(Side.A, 35, 20)) == "result a 35 20"
    assert c.action_text(Stake(StakeKind.ITEM, "Ring")) == "item Ring"


def test_a_decision_saved_with_typed_answers_loads_them_typed():
    d = Decision(Question.WAGER_PAY, "Bob", (Reply.PAY, Reply.WELSH), "Pay?", "Duels")
    raw = d.to_dict()
    assert raw["options"] == [["pay"], ["welsh"]]
    assert Decision.from_dict(raw) == d
    with pytest.raises(DataError):
        Decision.from_dict({**raw, "options": [["pay", 3]]})
