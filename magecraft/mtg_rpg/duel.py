"""Quick duels: single-card, three-card, seven-card and limited-turns duels as a game state.

Seed 000 ("MAGIC The Gathering RPG"), "COMBAT: Quick Duels" (Single Card
Duel, Three Card Duel, Seven Card Duel, Limited Turns Dueling), "Card Draw",
"MTG Rule Changes" (life points unknown to the opponent, least life loses) and
"Magic Dueling Rules" (victory conditions; the negotiation itself is
:mod:`magecraft.mtg_rpg.duel_ritual`).  The cards' effects as data are
:mod:`magecraft.mtg_rpg.duel_effects`; a saved Wizard before and after a duel
is :mod:`magecraft.mtg_rpg.duel_sheet`; the Wizards in it (:class:`Duellist`, :class:`DuelSide`) are
:mod:`magecraft.mtg_rpg.duel_sides`; the simple player that chooses a Wizard's card
(``choose_action``, ``play_out``) is :mod:`magecraft.mtg_rpg.duel_player`.

Cards need effects here: a creature deals its power; the instants and
sorceries listed in ``data/quick_duel_effects.toml`` deal damage, gain life,
counter the card just played, destroy the creature just played or draw cards;
every other card has no effect.

Actions are typed values (:mod:`magecraft.mtg_rpg.duel_actions`), said as ``play first`` /
``play second`` (the initiative winner decides who plays first), ``play <card>`` (``play <card> at
<wizard>`` while two or more opponents stand), ``use <item>``, ``respond <card>`` (an interrupt, or a
blocker in a seven-card duel), ``pass`` and ``yield``; a position is arranged with
:class:`magecraft.mtg_rpg.duel_position.DuelPosition`.

>>> from magecraft.core.randomness import Randomness
>>> a = Duellist("Sarin", life=14, hand_size=1, dexterity=3, intelligence=1, library=("Lava Axe",))
>>> b = Duellist("Mord", life=12, hand_size=1, dexterity=1, intelligence=1, library=("Shock",))
>>> duel = QuickDuel.start(a, b, "single-card", Randomness.scripted([]))
>>> for words in ("play first", "play Lava Axe", "play Shock"):
...     _ = duel.push_text(words)
>>> duel.result()["winner"], duel.result()["life"]
('Sarin', {'Sarin': 12, 'Mord': 7})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter
from typing import Any, Self

from magecraft.core.deck import Deck
from magecraft.core.errors import InputError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.state import GameState
from magecraft.mtg_rpg.actions import SpellDeck, casting_cost
from magecraft.mtg_rpg.cards import Card, CardPool, builtin_pool
from magecraft.mtg_rpg.combat import ITEMS, InitiativeEntry, initiative_order, items_at_risk
from magecraft.mtg_rpg.duel_actions import (
    PASS,
    PLAY_FIRST,
    PLAY_SECOND,
    YIELD,
    DuelAction,
    DuelStep,
    GoFirst,
    Pass,
    Play,
    Respond,
    Use,
    Yield,
    action_words,
    legacy_words,
    play,
    read_words,
    respond,
    use,
)
from magecraft.mtg_rpg.duel_effects import EffectPart, creature_power, effect_of, is_wall
from magecraft.mtg_rpg.duel_ritual import KINDS, VICTORY_CONDITIONS
from magecraft.mtg_rpg.duel_sides import Duellist, DuelSide
from magecraft.mtg_rpg.settings import DEFAULT_SETTINGS, Settings

QUICK = "COMBAT: Quick Duels"
SINGLE = "COMBAT: Single Card Duel"
THREE = "COMBAT: Three Card Duel"
SEVEN = "COMBAT: Seven Card Duel"
LIMITED = "COMBAT: Limited Turns Dueling"
DUELING = "COMBAT: Magic Dueling Rules"
MULTI = "COMBAT: Multi-Player Combat"
ITEM_USE = "COMBAT: Magic Item Use"
PREPARATION = "FEATS: Spell Preparation"
SLEIGHT = "FEATS: Slight of Hand"
CLARIFICATIONS = "MAGIC: Spell Clarifications"

SECTIONS: Mapping[str, str] = {"single-card": SINGLE, "three-card": THREE, "seven-card": SEVEN,
                               "limited-turns": LIMITED}
#: "Limited Turns Dueling": standard limits (5, 10, 15) and the 7 of the ritual's step 2.
LIMITED_TURNS = (5, 7, 10, 15)
#: "Quick Duels": an opponent's truncated deck.
TRUNCATED_LANDS = 7
TRUNCATED_SPELLS = 14


def truncated_deck(cards: Sequence[Card], rng: Randomness) -> list[Card]:
    """An opponent's truncated deck: 7 land and 14 spells picked at random from a library ("Quick Duels").

    A library with fewer lands or spells gives all it has of that kind.
    """
    mixed = list(cards)
    rng.shuffle(mixed, "pick the truncated deck", section=QUICK)
    lands = [c for c in mixed if c.is_land][:TRUNCATED_LANDS]
    spells = [c for c in mixed if not c.is_land][:TRUNCATED_SPELLS]
    return lands + spells


ORDER, PLAYING, RESPONDING, OVER = DuelStep.ORDER, DuelStep.PLAY, DuelStep.RESPOND, DuelStep.OVER


class QuickDuel(GameState[DuelAction]):
    """A quick duel between two Wizards (or three or more, each for themselves), played card by card."""

    system = "mtg_rpg"

    def __init__(self, *, kind: str, turns: int, victory: str, sides: Sequence[DuelSide], rng: Randomness,
                 pool: CardPool, settings: Settings = DEFAULT_SETTINGS, phase: DuelStep = ORDER,
                 chooser: str = "", order: Sequence[str] = (), active: str = "", pending: str | None = None,
                 turns_started: Mapping[str, int] | None = None, tiebreaks: int = 0,
                 items_at_risk: Sequence[str] = (),
                 outcome: Mapping[str, Any] | None = None, out: Sequence[str] = (),
                 target: str | None = None) -> None:
        self.kind = kind
        self.turns = turns
        self.victory = victory
        self.sides = {side.name: side for side in sides}
        self.rng = rng
        self.pool = pool
        self.settings = settings
        self.phase = phase
        self.chooser = chooser
        self.order = list(order)
        self.active = active
        self.pending = pending
        self.turns_started = dict(turns_started or {name: 0 for name in self.sides})
        self.tiebreaks = tiebreaks
        #: Wizards whose items must be checked for destruction ("Item Destruction").
        self.items_at_risk = sorted(set(items_at_risk))
        self.outcome: dict[str, Any] | None = dict(outcome) if outcome is not None else None
        #: Wizards who fell, yielded or ran out of cards in a duel of three or more (ruling R19).
        self.out = list(out)
        #: The Wizard the card or item being played is aimed at ("targets chosen by the attacker").
        self.target = target

    # -- starting -------------------------------------------------------------------------------
    @classmethod
    def start(cls, first: Duellist, second: Duellist, kind: str, rng: Randomness, *, turns: int = 0,
              victory: str = "most life", ante: bool = False, referee: Sequence[Card] = (),
              pool: CardPool | None = None, settings: Settings = DEFAULT_SETTINGS,
              others: Sequence[Duellist] = ()) -> QuickDuel:
        """Shuffle, ante if at stake, draw hands up to size and determine initiative ("Single Card Duel" 1-2).

        Initiative is the modifier (DX and feats) with no card played; ties go by DX,
        IQ and then a random card drawn from ``referee`` (by default both
        libraries together).  ``others`` join a free-for-all of three or more Wizards (ruling R19): each
        card is aimed at a Wizard still standing, and a Wizard who falls, yields or runs out of cards
        leaves the duel.
        """
        chosen = pool or builtin_pool()
        duellists = (first, second, *others)
        _check_start(duellists, kind, turns, victory)
        sides = []
        # Both libraries together, as read: the referee's cards for an initiative tie (looked up once).
        library_cards: list[Card] = []
        for duellist in duellists:
            cards = chosen.get_many(duellist.library)
            library_cards.extend(cards)
            deck = SpellDeck(Deck(cards, name=f"{duellist.name}'s library"), hand_size=duellist.hand_size)
            if duellist.prepared is not None:
                prepared = next(c for c in deck.library.cards if c.name.casefold() == duellist.prepared.casefold())
                deck.library.cards.remove(prepared)
                deck.hand.append(prepared)
                rng.log.record("duel", f"{duellist.name} prepares {prepared.name}", section=PREPARATION,
                               data={"wizard": duellist.name, "card": prepared.name})
            deck.library.shuffle(rng, f"{duellist.name} shuffles the library")
            ante_card = _ante(deck, duellist, rng) if ante else None
            budget = KINDS[kind] if kind != "limited-turns" else turns
            sides.append(DuelSide(duellist.name, deck, duellist.life, duellist.life, duellist.dexterity,
                                  duellist.intelligence, plays_left=budget, ante=ante_card, items=duellist.items,
                                  charges={item: (spell, left) for item, spell, left in duellist.charged},
                                  resistance=duellist.resistance))
        duel = cls(kind=kind, turns=turns, victory=victory, sides=sides, rng=rng, pool=chosen, settings=settings)
        for side in sides:
            side.deck.refill(rng)
            if len(side.deck.hand) < side.deck.hand_size:
                duel._leave(side.name, f"{side.name} ran out of cards drawing the first hand",
                            "the opponent ran out of cards drawing the first hand")
                if duel.phase is OVER:
                    return duel
        entries = [InitiativeEntry(d.name, d.dexterity if d.initiative is None else d.initiative, None, 0,
                                   d.dexterity, d.intelligence) for d in duellists if d.name not in duel.out]
        tie_cards = list(referee) or library_cards
        order = initiative_order(entries, Deck(tie_cards, name="referee"), rng)
        duel.chooser = order[0].name
        if len(sides) > 2:
            duel.order = [e.name for e in order]
        rng.log.record("duel", f"{kind} duel: {duel.chooser} wins initiative and decides who plays first",
                       section=SECTIONS[kind], data={"victory": victory, "turns": turns, "ante": ante})
        return duel

    # -- GameState --------------------------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.phase is OVER:
            return None
        if self.phase is ORDER:
            return self.chooser
        return self._aimed_at() if self.phase is RESPONDING else self.active

    def seats(self) -> tuple[str, ...]:
        """The Wizards of the duel, in the order they joined it."""
        return tuple(self.sides)

    def decision_kind(self) -> DuelStep:
        return self.phase

    def chance_of(self, action: DuelAction) -> Chance | None:
        """None for every action: no roll or draw decides whether a quick duel's card works (ruling R28).

        A card deals its printed effect ("Single Card Duel" 3-5, "Attacks -- Always Hit"); the only draws are
        the hand refilled after a turn, which decides what comes next, not whether this card succeeds.
        """
        return None

    def legal_actions(self) -> list[DuelAction]:
        if self.phase is OVER:
            return []
        if self.phase is ORDER:
            return [PLAY_FIRST, PLAY_SECOND]
        player = self.current_player()
        assert player is not None
        hand = self.sides[player].deck.hand
        actions: list[DuelAction] = []
        if self.phase is PLAYING:
            opponents = self._opponents(player)
            if len(opponents) == 1:  # one opponent: no aim is named (the common case, listed plainly)
                actions = [play(name) for name in sorted({c.name for c in hand})]
            else:
                actions = [play(name, aim) for name in sorted({c.name for c in hand}) for aim in opponents]
            side = self.sides[player]
            if not side.item_used and (side.items or side.charges):
                aims = self._aims(player)
                usable = {*side.items, *(item for item, (_, left) in side.charges.items() if left > 0)}
                actions.extend(use(name, aim) for name in sorted(usable)
                               if effect_of(self.item_card(player, name)) is not None for aim in aims)
            if self.kind == "limited-turns" and not self.tiebreaks:
                actions.append(PASS)
            actions.append(YIELD)
            return actions
        actions.extend(respond(name) for name in sorted({c.name for c in hand if self._can_respond(player, c)}))
        actions.append(PASS)
        actions.append(YIELD)
        return actions

    def action_text(self, action: DuelAction) -> str:
        return action_words(action)

    def parse_action(self, text: str) -> DuelAction:
        """The legal action said in ``text``; the older ``play:Shock@Mord`` spelling is read too.  An action
        that is well said but illegal is refused with the rule it breaks."""
        try:
            return super().parse_action(legacy_words(text))
        except RuleError:
            said = read_words(text)
            if said is None:
                raise
            self.check(said)
            return said

    def check(self, action: DuelAction) -> None:
        if self.phase is OVER:
            raise RuleError("the duel is over", rule="the duel has a winner", section=QUICK)
        if (type(action) is Play and self._offers_play(action)) or action in self.legal_actions():
            return
        player = self.current_player()
        section = SECTIONS[self.kind]
        if not isinstance(action, GoFirst | Play | Use | Respond | Pass | Yield):
            raise RuleError(f"{action!r} is not an action of a quick duel", rule="the duel's order of play",
                            section=section)
        if isinstance(action, Play | Use) and self.phase is PLAYING and player is not None:
            opponents = self._opponents(player)
            aim = action.at
            if (aim is not None and aim not in opponents) or (aim is None and len(opponents) > 1):
                raise RuleError(f"{action_words(action)!r}: aim the card at one of {', '.join(opponents)}"
                                if len(opponents) > 1 else f"{aim!r} is not {player}'s opponent",
                                rule="targets chosen by the attacker", section=MULTI)
        if isinstance(action, Play | Respond):
            card = self._card_in_hand(player, action.card)
            if isinstance(action, Respond) and self.phase is RESPONDING and player is not None:
                raise RuleError(f"{card.name} cannot answer {self.pending}: {self._why_not(player, card)}",
                                rule="interrupts, and blockers in a seven-card duel", section=section)
        if isinstance(action, Use) and player is not None:
            self._refuse_item(player, action.item)
        if isinstance(action, Pass) and self.phase is PLAYING:
            raise RuleError("a card must be played now", rule="each Wizard plays a card in turn", section=section)
        expected = {ORDER: "choose 'play first' or 'play second'", PLAYING: "play a card from hand",
                    RESPONDING: "respond to the card just played or pass"}[self.phase]
        raise RuleError(f"{player} cannot {action_words(action)!r} now: {expected}",
                        rule="the duel's order of play", section=section)

    def _refuse_item(self, player: str, name: str) -> None:
        """Why ``player`` cannot use the item ``name`` now ("Magic Item Use", "Number of Actions")."""
        side = self.sides[player]
        if side.item_used:
            raise RuleError("only one magic item may be used in a turn", rule="Number of Actions",
                            section=ITEM_USE)
        if name in side.charges and side.charges[name][1] < 1:
            raise RuleError(f"{name} has no uses left until the renewal period", rule="Craft Magic Item: "
                            "uses a day", section=ITEM_USE)
        if name not in side.charges and not any(i.casefold() == name.casefold() for i in side.items):
            raise RuleError(f"{player} carries no scroll or potion of {name!r}, nor a charged item so named",
                            rule="Magic Item Use", section=ITEM_USE)
        raise RuleError(f"a scroll or potion of {name} has no effect in a quick duel, or it is not {player}'s "
                        "turn to play", rule="Magic Item Use", section=ITEM_USE)

    def _offers_play(self, action: Play) -> bool:
        """Whether ``action`` is one of the plays :meth:`legal_actions` offers now, judged without listing
        every action (the common case of ``check``)."""
        if self.phase is not PLAYING:
            return False
        opponents = self._opponents(self.active)
        if (action.at is None) != (len(opponents) == 1) or (action.at is not None and action.at not in opponents):
            return False
        return action.card in map(_card_name, self.sides[self.active].deck.hand)

    def perform(self, action: DuelAction) -> None:
        player = self.current_player()
        assert player is not None
        if type(action) is Yield:
            self.rng.log.record("duel", f"{player} yields", section=DUELING, data={"wizard": player})
            self._leave(player, f"{player} yielded")
            return
        if type(action) is GoFirst:
            self._choose_order(player, action.first)
            return
        if self.phase is PLAYING:
            if type(action) is Play:
                self.target = action.at or self._opponents(player)[0]
                self._play(player, action.card)
            elif type(action) is Use:
                self.target = action.at or self._opponents(player)[0]
                self._use_item(player, action.item)
            else:
                self._end_turn()
            return
        self._resolve_pending(player, action.card if isinstance(action, Respond) else None)

    def _choose_order(self, player: str, first_is_me: bool) -> None:
        if len(self.sides) > 2:
            # The initiative winner plays first or lets the next in initiative order go first.
            first = player if first_is_me else self.order[1]
            self.order = [first, *(n for n in self.order if n != first)]
        else:
            first = player if first_is_me else self._other(player)
            self.order = [first, self._other(first)]
        self.rng.log.record("duel", f"{player} decides that {first} plays first", section=SINGLE,
                            data={"first": first})
        self._begin_turn(first)

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def result(self) -> dict[str, Any]:
        base = {"kind": self.kind, "victory": self.victory,
                "life": {n: s.life for n, s in self.sides.items()},
                "damage": {n: s.damage_dealt for n, s in self.sides.items()},
                "tiebreaks": self.tiebreaks, "items_at_risk": list(self.items_at_risk)}
        return {**base, **(self.outcome or {"winner": None, "loser": None, "reason": "the duel goes on"})}

    # -- playing ----------------------------------------------------------------------------------
    def _other(self, name: str) -> str:
        return next(n for n in self.sides if n != name)

    def _opponents(self, name: str) -> list[str]:
        """The Wizards still standing that ``name`` may aim at, in seat order."""
        if not self.out:
            return [n for n in self.sides if n != name]
        return [n for n in self.sides if n != name and n not in self.out]

    def _aims(self, player: str) -> list[str | None]:
        """The Wizards a card may be aimed at: none named while a single opponent stands (two Wizards
        play as before), else each opponent ("play Shock at Mord")."""
        opponents = self._opponents(player)
        return [None] if len(opponents) == 1 else list(opponents)

    def _fall(self, name: str, reason: str = "") -> None:
        """One of three or more Wizards is out; the last one standing wins."""
        self.out.append(name)
        self.rng.log.record("duel", f"{name} is out: {reason or 'fell unconscious'}", section=MULTI,
                            data={"wizard": name})
        standing = [n for n in self.sides if n not in self.out]
        if len(standing) == 1:
            self._finish(standing[0], f"{standing[0]} is the last Wizard standing")

    def _aimed_at(self) -> str:
        return self.target if self.target is not None else self._other(self.active)

    def _leave(self, name: str, reason: str, two_wizard_reason: str | None = None, *,
               move_on: bool = True) -> None:
        """A Wizard is out: in a two-Wizard duel the other wins; with more, the Wizard leaves, play
        moves on (unless a card is still resolving, ``move_on``) and the last one standing wins
        (ruling R19)."""
        if len(self.sides) == 2:
            self._finish(self._other(name), two_wizard_reason or reason)
            return
        self._fall(name, reason)
        if self.phase is OVER or not self.order or not move_on:
            return  # still drawing the first hands, or the card being resolved moves play on
        if self.phase is ORDER:
            self.chooser = next(n for n in self.order if n not in self.out)
            return
        if self.phase is RESPONDING and name in (self.target, self.active):
            # The card in flight has no one left to answer it or to act for: it is spent.
            self.sides[self.active].deck.spend(self.pool.get(self.pending or ""))
            self.pending = None
        if name == self.active or (self.phase is RESPONDING and name == self.target):
            self._end_turn()

    def _card_in_hand(self, player: str | None, name: str) -> Card:
        if player is None:
            raise RuleError("the duel is over", rule="the duel has a winner", section=QUICK)
        return self.sides[player].deck.find_in_hand(name)

    def _can_respond(self, player: str, card: Card) -> bool:
        return not self._why_not(player, card)

    def _why_not(self, player: str, card: Card) -> str:
        if self.kind == "single-card":
            return "a single-card duel has no interrupts"
        if self.kind != "limited-turns" and self.sides[player].plays_left < 1:
            return "no cards of the duel's allowance are left"
        pending = self.pool.get(self.pending) if self.pending else None
        if pending is None:
            return "nothing to answer"
        effect = effect_of(card)
        if card.is_creature:
            if self.kind not in ("seven-card", "limited-turns"):
                return "creatures block only in a seven-card duel"
            if not pending.is_creature:
                return "a blocker needs an attacking creature"
            if "Flying" in pending.keywords and not {"Flying", "Reach"} & set(card.keywords):
                return f"{pending.name} flies; only a creature with flying or reach can block it"
            return ""
        if "Instant" not in card.types or effect is None:
            return "only an instant with a counter or destroy effect interrupts"
        for part in effect.parts:
            if part.kind == "counter" and (part.counters != "creature" or pending.is_creature):
                return ""
            if part.kind == "destroy creature" and pending.is_creature and part.hits(pending):
                return ""
        return f"its effect does not fit {pending.name}"

    def _begin_turn(self, name: str) -> None:
        side = self.sides[name]
        self.active, self.phase, self.pending = name, PLAYING, None
        side.item_used = False
        if self.kind in ("three-card", "seven-card") and self.settings.quick_duel_refill and not self.tiebreaks:
            side.deck.refill(self.rng)
        if self.kind == "limited-turns" and not self.tiebreaks:
            side.plays_left -= 1
            self.turns_started[name] += 1
            # Standard duels skip the draw of the first player's first turn.
            if not (name == self.order[0] and self.turns_started[name] == 1) and not self._draw(name, 1):
                if not self.is_terminal():
                    self._end_turn()
                return
        if not side.deck.hand:
            self._leave(name, f"{name} ran out of cards in hand")

    def _draw(self, name: str, count: int) -> bool:
        deck = self.sides[name].deck
        if len(deck.library) < count:
            deck.hand.extend(deck.library.draw_many(len(deck.library)))
            self._leave(name, f"{name} ran out of cards in the library", move_on=False)
            return False
        deck.hand.extend(deck.library.draw_many(count))
        self.rng.log.record("draw", f"{name} draws {count}", section=QUICK, data={"wizard": name, "count": count})
        return True

    def item_card(self, player: str, name: str) -> Card:
        """The spell a scroll, potion or charged item of ``player`` works as."""
        charged = self.sides[player].charges.get(name)
        return self.pool.get(name if charged is None else charged[0])

    def _use_item(self, player: str, name: str) -> None:
        """A scroll or potion works as its spell, already powered, besides the turn's card; it is used
        up, one item a turn ("Magic Item Use", "Number of Actions"; ruling R8).  A charged item works the
        same way and loses one of the day's uses (ruling R20)."""
        side = self.sides[player]
        if name in side.charges:
            spell, left = side.charges[name]
            side.charges[name] = (spell, left - 1)
            side.charges_used.append(name)
            side.item_used = True
            self.rng.log.record("item", f"{player} uses the {name}", section=ITEM_USE,
                                data={"wizard": player, "item": name})
            self._effects(player, self.pool.get(spell))
            return
        held = next(i for i in side.items if i.casefold() == name.casefold())
        side.items.remove(held)
        side.item_used = True
        self.rng.log.record("item", f"{player} uses a scroll or potion of {held}", section=ITEM_USE,
                            data={"wizard": player, "item": held})
        self._effects(player, self.pool.get(held))

    def _play(self, player: str, name: str) -> None:
        side = self.sides[player]
        card = side.deck.take_from_hand(name)
        if self.kind != "limited-turns" or self.tiebreaks:
            side.plays_left -= 1
        self.pending = card.name
        self.rng.log.record("play", f"{player} plays {card.name}", section=SECTIONS[self.kind],
                            data={"wizard": player, "card": card.name})
        if self.kind == "single-card":
            self._resolve_pending(self._aimed_at(), None, card=card)
        else:
            # The card waits, named by ``pending``, for the opponent's answer.
            self.phase = RESPONDING

    def _resolve_pending(self, responder: str, response: str | None, card: Card | None = None) -> None:
        player = self.active
        played = card or self.pool.get(self.pending or "")
        attacker = self.sides[player]
        answer = self.sides[responder].deck.take_from_hand(response) if response is not None else None
        stopped = ""
        if answer is not None:
            if self.kind != "limited-turns" or self.tiebreaks:
                self.sides[responder].plays_left -= 1
            stopped = self._answer(responder, answer, played)
            self.sides[responder].deck.spend(answer)
        if not stopped:
            self._effects(player, played)
        attacker.deck.spend(played)
        self.pending = None
        if self.phase is not OVER:
            self._end_turn()

    def _answer(self, responder: str, answer: Card, played: Card) -> str:
        """Apply an interrupt or a blocker; returns how the played card was stopped."""
        section = SECTIONS[self.kind]
        if answer.is_creature:
            self.rng.log.record("block", f"{responder}'s {answer.name} blocks {played.name}; both go to the "
                                "graveyard", section=SEVEN, data={"blocker": answer.name, "attacker": played.name})
            return "blocked"
        effect = effect_of(answer)
        assert effect is not None
        how = ""
        for part in effect.parts:
            if part.kind == "counter" and not how:
                how = "countered"
            elif part.kind == "destroy creature" and not how:
                how = "destroyed"
            elif part.kind != "counter" and part.kind != "destroy creature":
                self._apply_part(responder, part)
        self.rng.log.record("interrupt", f"{responder}'s {answer.name}: {played.name} is {how}", section=section,
                            data={"card": answer.name, "target": played.name, "how": how})
        return how

    def _effects(self, player: str, card: Card) -> None:
        if card.is_creature:
            if is_wall(card):
                # "Spell Clarifications" 2: walls "block incoming attackers by interposing themselves
                # between the attacker and the defending wizard"; they do not attack.
                self.rng.log.record("play", f"{card.name} is a wall: it guards {player} and does not attack",
                                    section=CLARIFICATIONS, data={"wizard": player, "card": card.name})
                return
            self._damage(player, creature_power(card), card.name)
            return
        effect = effect_of(card)
        if effect is None:
            self.rng.log.record("play", f"{card.name} has no effect in a quick duel", section=QUICK,
                                data={"card": card.name})
            return
        for part in effect.parts:
            if self.phase is OVER:
                return
            self._apply_part(player, part)

    def _apply_part(self, player: str, part: EffectPart) -> None:
        amount = part.value(self.settings)
        side = self.sides[player]
        if part.kind == "damage":
            self._damage(player, amount, "a spell", part.element)
        elif part.kind == "gain life":
            # Life points are the Wizard's hit points: gains heal up to the life the duel began with.
            side.life = min(side.start_life, side.life + amount)
            self.rng.log.record("life", f"{player} gains life", section=QUICK, data={"wizard": player})
        elif part.kind == "draw":
            self._draw(player, amount)
        else:
            self.rng.log.record("play", f"{part.kind}: nothing to target on {player}'s own turn", section=QUICK,
                                data={"wizard": player})

    def _damage(self, player: str, amount: int, source: str, element: str | None = None) -> None:
        # The active Wizard's card hits its target; an interrupt's damage hits the Wizard who played.
        target = self.sides[self._aimed_at() if player == self.active else self.active]
        if element is not None and target.resistance is not None \
                and target.resistance[0].casefold() == element.casefold():
            # "Elemental Resistance": damage resistance against the favoured element (ruling R24).
            amount = max(0, amount - target.resistance[1])
            self.rng.log.record("damage", f"{target.name} resists {target.resistance[1]} {element} damage",
                                section="FEATS: Elemental Resistance",
                                data={"wizard": target.name, "element": element, "resisted": target.resistance[1]})
        if amount <= 0:
            return
        target.life -= amount
        self.sides[player].damage_dealt += amount
        self.rng.log.record("damage", f"{source} damages {target.name}", section=QUICK,
                            data={"from": player, "to": target.name, "amount": amount})
        if items_at_risk(largest_single_damage=amount, settings=self.settings):
            self._put_items_at_risk(target.name)
        if target.life <= 0:
            # Knocked out losing the duel: the loser's items are checked too.
            self._put_items_at_risk(target.name)
            if len(self.sides) == 2:
                self._finish(player, f"{target.name} fell unconscious")
            else:
                self._fall(target.name)
        elif self.victory == "first blood":
            self._finish(player, f"first blood to {player}")

    def _put_items_at_risk(self, name: str) -> None:
        if name not in self.items_at_risk:
            self.items_at_risk = sorted({*self.items_at_risk, name})
            self.rng.log.record("item", f"{name}'s items must be checked for destruction", section=ITEMS,
                                data={"wizard": name})

    def _end_turn(self) -> None:
        self.target = None
        seat = self.order.index(self.active)
        # The next Wizards in order of play, the one who just played last (two Wizards: the other, then
        # the active one).
        following = [self.order[(seat + step) % len(self.order)] for step in range(1, len(self.order) + 1)]
        for name in following:
            if name not in self.out and self.sides[name].plays_left > 0:
                self._begin_turn(name)
                return
        self._decide()

    def _decide(self) -> None:
        """All cards (or turns) are played: judge by the victory condition, or play on after a tie."""
        standing = [n for n in self.order if n not in self.out]
        if self.victory in ("most life", "most damage"):
            most_life = self.victory == "most life"
            scores = {n: self.sides[n].life if most_life else self.sides[n].damage_dealt for n in standing}
            best = max(scores.values())
            leaders = [n for n in standing if scores[n] == best]
            if len(leaders) == 1:
                self._finish(leaders[0], f"{leaders[0]} has the {self.victory} at the end of the duel")
                return
        self.tiebreaks += 1
        self.rng.log.record("duel", "no winner yet: each Wizard plays another card", section=SINGLE,
                            data={"tiebreak": self.tiebreaks})
        for name in standing:
            self.sides[name].plays_left = 1
        self._begin_turn(standing[0])

    def _finish(self, winner: str, reason: str) -> None:
        self.phase = OVER
        self.target = None
        if len(self.sides) == 2:
            loser = self._other(winner)
            self.outcome = {"winner": winner, "loser": loser, "reason": reason,
                            "ante_won": self.sides[loser].ante}
        else:
            # "Each Wizard in the duel must give up an ante card": the victor gains every loser's.
            losers = [n for n in self.sides if n != winner]
            self.outcome = {"winner": winner, "losers": losers, "reason": reason,
                            "ante_won": [a for n in losers if (a := self.sides[n].ante) is not None]}
        self.rng.log.record("duel", f"{winner} wins: {reason}", section=DUELING, data=dict(self.outcome))

    # -- saving and hidden information ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        names = sorted({c.name for s in self.sides.values() for c in _all_cards(s.deck)}
                       | {spell for s in self.sides.values() for spell, _ in s.charges.values()}
                       | ({self.pending} if self.pending else set()))
        return {"system": self.system, "kind": self.kind, "turns": self.turns, "victory": self.victory,
                "settings": self.settings.to_dict(), "phase": self.phase.value, "chooser": self.chooser,
                "order": list(self.order), "active": self.active, "pending": self.pending,
                "turns_started": dict(self.turns_started), "tiebreaks": self.tiebreaks,
                "items_at_risk": list(self.items_at_risk), "out": list(self.out), "target": self.target,
                "outcome": self.outcome, "sides": [s.to_dict() for s in self.sides.values()],
                "cards": [self.pool.get(n).to_dict() for n in names],
                "rng": self.rng.snapshot(), "log": self.log.to_list()}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        try:
            pool = CardPool.from_list(raw["cards"], source="saved duel", name="duel's cards")
            rng = Randomness.restore(raw["rng"], EventLog.from_list(raw["log"]), ask)
            return cls(kind=str(raw["kind"]), turns=int(raw["turns"]), victory=str(raw["victory"]),
                       sides=[DuelSide.from_dict(s, pool) for s in raw["sides"]], rng=rng, pool=pool,
                       settings=Settings.from_dict(raw["settings"]), phase=DuelStep(raw["phase"]),
                       chooser=str(raw["chooser"]),
                       order=list(raw["order"]), active=str(raw["active"]), pending=raw["pending"],
                       turns_started=raw["turns_started"], tiebreaks=int(raw["tiebreaks"]),
                       items_at_risk=raw["items_at_risk"],
                       outcome=raw["outcome"], out=[str(n) for n in raw.get("out", [])],
                       target=raw.get("target"))
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"saved duel is malformed: {exc}") from None

    def observation(self, player: str) -> dict[str, Any]:
        """What ``player`` may see ("MTG Rule Changes": "life points will be unknown to an opponent"):
        their own life, hand and items; of the others only how many cards they hold and what they played.
        No one sees the order of a library, and an ante card shows only when the duel is over."""
        if player not in self.sides:
            raise InputError(f"{player} is not in this duel")
        over = self.phase is OVER
        sides = []
        for side in self.sides.values():
            mine = side.name == player
            deck = side.deck
            sides.append({
                "name": side.name, "life": side.life if mine or over else None,
                "hand": [c.name for c in deck.hand] if mine else len(deck.hand),
                "library": len(deck.library), "graveyard": [c.name for c in deck.graveyard],
                "plays_left": side.plays_left, "damage_dealt": side.damage_dealt,
                "ante": side.ante if mine or over else None,
                "items": list(side.items) if mine else None, "item_used": side.item_used,
                "charges": {i: {"spell": sp, "left": n} for i, (sp, n) in side.charges.items()} if mine else None})
        outcome = None if self.outcome is None else dict(self.outcome)
        return {"kind": self.kind, "turns": self.turns, "victory": self.victory, "phase": self.phase.value,
                "chooser": self.chooser, "order": list(self.order), "active": self.active,
                "pending": self.pending, "target": self.target, "tiebreaks": self.tiebreaks,
                "out": list(self.out), "items_at_risk": list(self.items_at_risk), "outcome": outcome,
                "sides": sides}


#: A card's printed name (for C-speed searches of a hand).
_card_name = attrgetter("name")


def _all_cards(deck: SpellDeck) -> list[Card]:
    return [*deck.hand, *deck.library.all_cards(), *deck.sacrificed]


def _ante(deck: SpellDeck, duellist: Duellist, rng: Randomness) -> str:
    """The ante card: the top card of the shuffled library; with Slight of Hand the Wizard draws
    two more, gives up the cheapest of the three (lowest casting cost, then name; ruling R9) and
    shuffles the others back ("FEATS: Slight of Hand")."""
    if not duellist.sleight_of_hand:
        return deck.library.draw().name
    drawn = deck.library.draw_many(min(3, len(deck.library)))
    given = min(drawn, key=lambda c: (casting_cost(c), c.name))
    drawn.remove(given)
    deck.library.cards.extend(drawn)
    deck.library.shuffle(rng, f"{duellist.name} shuffles the other cards back after choosing the ante")
    rng.log.record("duel", f"{duellist.name} chooses the ante card (Slight of Hand)", section=SLEIGHT,
                   data={"wizard": duellist.name})
    return given.name


def _check_start(duellists: Sequence[Duellist], kind: str, turns: int, victory: str) -> None:
    if kind not in KINDS:
        raise InputError(f"unknown duel kind {kind!r} (one of {', '.join(KINDS)})")
    if kind == "limited-turns" and turns not in LIMITED_TURNS:
        raise InputError(f"a limited-turns duel lasts {', '.join(map(str, LIMITED_TURNS))} turns, not {turns}")
    if victory not in VICTORY_CONDITIONS:
        raise InputError(f"unknown victory condition {victory!r} (one of {', '.join(VICTORY_CONDITIONS)})")
    if len({d.name for d in duellists}) != len(duellists):
        raise InputError("a duel needs Wizards with different names")
    for duellist in duellists:
        if not duellist.library:
            raise InputError(f"{duellist.name} has no library to duel with")
        if duellist.life < 1 or duellist.hand_size < 1:
            raise InputError(f"{duellist.name} needs life and a hand size of at least 1 to duel")
        if duellist.prepared is not None and duellist.prepared.casefold() not in {
                n.casefold() for n in duellist.library}:
            raise RuleError(f"{duellist.name} cannot prepare {duellist.prepared}: it is not in the library",
                            rule="a spell from their spell deck", section=PREPARATION)
