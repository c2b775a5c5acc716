"""Revealing your face-down enchantment at a trigger in the middle of the Dummy Mage's turn (ruling A17)."""


from magecraft.cli import mage_wars as cli
from magecraft.cli import options
from magecraft.cli.playloop import Ending, PlayLoop
from magecraft.cli.sessions import open_session
from magecraft.mage_wars import dummy
from magecraft.mage_wars.actions import DoNothing, Pass, Strike
from magecraft.mage_wars.bot import answer_trigger
from magecraft.mage_wars.combat import resolve_attack
from magecraft.mage_wars.game import MageWarsGame
from magecraft.mage_wars.matches import dummy_turns
from magecraft.mage_wars.units import DUMMY, YOU


def _answering(game, answer):
    """Answer every offer with ``answer``; returns the offers made, in words."""
    offers = []

    def respond(game, action, moment):
        offers.append(f"{moment}: {game.action_text(action)}")
        return answer

    game.answer_trigger = respond
    return offers


def _wolf_at_your_fox(build, dice, mana=5):
    game = build(dice, you="D3", dummy="A1", stage="creatures", mana=mana,
                 creatures=[(DUMMY, "Timber Wolf", "B2", 0), (YOU, "Bitterwood Fox", "B2", 2)])
    game.units["y2"].hidden.append("Bull Endurance")
    return game


def test_bull_endurance_revealed_as_the_wolf_bites_saves_the_fox(build):
    # Bite: 6, 6, 1, 1 = two critical 2s, 4 damage: the 5-life Fox with 2 damage would fall; with its
    # life 4 higher it lives.
    game = _wolf_at_your_fox(build, [6, 6, 1, 1])
    offers = _answering(game, True)
    dummy.act(game, game.units["d1"])
    assert offers == ["Timber Wolf (d1) attacks Bitterwood Fox (y2) with Bite: reveal Bull Endurance on "
                      "Bitterwood Fox (y2)"]
    fox = game.units["y2"]
    assert (fox.damage, fox.life, fox.enchantments, fox.hidden, game.mana) == (6, 9, ["Bull Endurance"], [], 2)
    assert MageWarsGame.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_declining_the_reveal_leaves_it_face_down(build):
    game = _wolf_at_your_fox(build, [6, 6, 1, 1])
    offers = _answering(game, False)
    dummy.act(game, game.units["d1"])
    assert len(offers) == 1 and "y2" not in game.units and game.mana == 5
    assert ("you keep Bull Endurance on Bitterwood Fox (y2) face down as Timber Wolf (d1) attacks "
            "Bitterwood Fox (y2) with Bite") in [e.label for e in game.log]


def test_agony_revealed_on_the_attacker_takes_two_dice_off_its_bite(build):
    # Agony turned up: the Bite rolls 4 - 2 = 2 dice (6, 6: 4 damage); the fresh Fox survives.
    game = build([6, 6], you="D3", dummy="A1", stage="creatures", mana=3,
                 creatures=[(DUMMY, "Timber Wolf", "B2", 0), (YOU, "Bitterwood Fox", "B2", 0)])
    game.units["d1"].hidden.append("Agony")
    offers = _answering(game, True)
    dummy.act(game, game.units["d1"])
    assert offers == ["Timber Wolf (d1) attacks Bitterwood Fox (y2) with Bite: reveal Agony on Timber Wolf (d1)"]
    assert (game.units["y2"].damage, game.units["d1"].enchantments, game.mana) == (4, ["Agony"], 0)


def test_bear_strength_revealed_as_your_hydra_counterstrikes(build):
    # The Wolf bites your Hydra (four blanks); the Hydra's Snapping Bite counterstrikes with 4 + 2 dice, all
    # 1s: 6 damage, 2 soaked by the Wolf's armour.
    game = build([1, 1, 1, 1, 3, 3, 3, 3, 3, 3], mana=5,
                 creatures=[(DUMMY, "Timber Wolf", "B2", 0), (YOU, "Darkfenne Hydra", "B2", 0)])
    wolf, hydra = game.units["d1"], game.units["y2"]
    hydra.hidden.append("Bear Strength")
    offers = _answering(game, True)
    resolve_attack(game, wolf, wolf.attack_named("Bite"), hydra)
    assert offers == ["Darkfenne Hydra (y2) attacks Timber Wolf (d1) with Snapping Bite: reveal Bear Strength on "
                      "Darkfenne Hydra (y2)"]
    assert (wolf.damage, hydra.enchantments, game.mana) == (4, ["Bear Strength"], 2)


def test_no_offer_without_the_mana_a_listener_or_a_use(build):
    # Reveal cost 3 with 2 mana: no offer, the Fox falls to the full Bite.
    game = _wolf_at_your_fox(build, [6, 6, 1, 1], mana=2)
    offers = _answering(game, True)
    dummy.act(game, game.units["d1"])
    assert offers == [] and "y2" not in game.units
    # Nobody answering (a game driven only through actions): no offer either.
    game = _wolf_at_your_fox(build, [6, 6, 1, 1])
    dummy.act(game, game.units["d1"])
    assert "y2" not in game.units and game.mana == 5
    # Agony changes no spell: the Dummy Mage's Jet Stream (dice 3 and 4, effect 1) is not an occasion to reveal it.
    game = build([11, 3, 4, 1], you="B1", dummy="A1", decks={"attack": ["Jet Stream"]})
    game.dummy.hidden.append("Agony")
    offers = _answering(game, True)
    dummy.quick_cast(game)
    assert offers == [] and game.you.damage == 3


def test_your_own_attack_is_not_a_trigger(build):
    # Your Fox bites the Wolf bearing your face-down Agony (three blanks): you chose the attack, no offer
    # comes.  Then the Dummy Mage's final quick cast: 1 (move), 1 (north: stays).
    game = build([1, 1, 1, 1, 1], you="D3", dummy="A1", stage="creatures", mana=5,
                 creatures=[(DUMMY, "Timber Wolf", "B2", 0), (YOU, "Bitterwood Fox", "B2", 0)])
    game.units["d1"].hidden.append("Agony")
    game.pending, game.turn = "activate", YOU
    game.you.ready = False
    offers = _answering(game, True)
    game.units["d1"].ready = False
    game.apply(Strike("y2", "B2", "Bite", "d1"))
    dummy_turns(game)  # the Dummy Mage's final quick cast
    assert offers == [] and game.units["d1"].hidden == ["Agony"]


def test_the_bot_reveals_when_offered(build):
    game = _wolf_at_your_fox(build, [6, 6, 1, 1])
    game.answer_trigger = answer_trigger
    dummy.act(game, game.units["d1"])
    assert game.units["y2"].enchantments == ["Bull Endurance"]


def test_the_terminal_offers_the_reveal_and_explains_a_wrong_answer(build, capsys, monkeypatch, tmp_path):
    # Your mage does nothing; the Wolf bites (6, 6, 1, 1); you answer "maybe", then "y".  The final quick
    # cast: 1 (move), 1 (north: stays).  Then the next round's plan is asked and the terminal closes.
    game = _wolf_at_your_fox(build, [6, 6, 1, 1, 1, 1])
    game.pending, game.turn = "activate", YOU
    game.units["y2"].ready = False
    choice = game.legal_actions().index(DoNothing(YOU, "D3")) + 1
    answers = iter([str(choice), "maybe", "y"])
    prompts = []

    def ask(prompt):
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(options, "ask_at_terminal", ask)
    table = cli.SoloTable(game)
    session = open_session(tmp_path / "s.sqlite3", "mage_wars", "game")
    assert cli.play(table, session) is Ending.QUIT                      # the terminal closes at the next plan
    game = table.game
    assert prompts[1] == ("Timber Wolf (d1) attacks Bitterwood Fox (y2) with Bite. Mana 5: reveal Bull "
                          "Endurance on Bitterwood Fox (y2) for 3 mana now? (y/n)")
    assert "'maybe' is not an answer: type y or n" in capsys.readouterr().out
    assert game.units["y2"].remaining_life == 3 and game.round == 2 and game.pending == "plan"


def test_the_terminal_lists_the_quick_cast_after_your_mages_action(build, capsys, monkeypatch):
    game = build([], you="B1", dummy="A1", stage="creatures", mana=10)
    game.pending, game.turn, game.planned = "after_action", YOU, ["Jet Stream"]
    game.you.ready = False
    monkeypatch.setattr(options, "ask_at_terminal", lambda prompt: "1")
    assert PlayLoop(cli.SoloTable(game), open_session(None, "mage_wars", "game")).choose(
        cli.SoloTable(game).menu(YOU)) == Pass()
    out = capsys.readouterr().out
    assert "1. pass: no quick cast after your mage's action" in out
    assert "quick cast Jet Stream on Warlock (dummy)" in out
