"""A world that runs itself, season by season ("The Campaign Turn", seed 000).

:class:`World` is a :class:`~magecraft.core.state.GameState`: each season runs the random
event phase and the initiative phase by itself (they are chance, not choices), then asks each
realm in initiative order for its choices -- the hardship check (or a delay), the tax rate,
the strength used to quell unrest, up to two actions and any free actions, and the hexes taken
or paved after Make War and Build Roads.  Every draw comes from the referee's deck: "a draw's
value is the card's mana value", and the card goes back under the deck.

The sub-phases themselves (hardship, treasury, discontent, actions, adjustment) are in
:mod:`magecraft.mtg_rpg.world.turn`; this module holds the state, the derived numbers of the
control sheet and the season's order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, Self

from magecraft.core.deck import Deck
from magecraft.core.errors import DataError, InputError, RuleError
from magecraft.core.events import EventLog
from magecraft.core.odds import Chance
from magecraft.core.randomness import AskDie, Randomness
from magecraft.core.state import GameState
from magecraft.mtg_rpg.actions import card_value, mana_types
from magecraft.mtg_rpg.cards import COLORS, Card, builtin_pool
from magecraft.mtg_rpg.world import odds, standing, turn
from magecraft.mtg_rpg.world.actions import Capture, Phase, WorldAction
from magecraft.mtg_rpg.world.board import Draw, Turn, pair_key
from magecraft.mtg_rpg.world.hexmap import HexMap
from magecraft.mtg_rpg.world.realm import (
    STARTING_ILL_WILL,
    STARTING_TREASURY_SEASONS,
    Realm,
    starting_military,
)
from magecraft.mtg_rpg.world.roads import road_components
from magecraft.mtg_rpg.world.rules import DEFAULT_WORLD_SETTINGS, SECTION, WorldRules, WorldSettings, world_rules
from magecraft.mtg_rpg.world.troops import station_troops

TURN = "The Campaign Turn"


class World(GameState[WorldAction]):
    """A world of realms on a hex map, and the season being played."""

    system = "mtg_rpg"

    def __init__(
        self,
        hexmap: HexMap,
        realms: Sequence[Realm],
        *,
        rng: Randomness,
        settings: WorldSettings = DEFAULT_WORLD_SETTINGS,
        referee: Sequence[Card] | None = None,
        ill_will: Mapping[str, int] | None = None,
        season: int = 0,
        name: str = "world",
    ) -> None:
        self.name = name
        self.map = hexmap
        self.realms: dict[str, Realm] = {r.name: r for r in realms}
        if len(self.realms) != len(realms):
            raise DataError("two realms share a name")
        self.rng = rng
        self.settings = settings
        self.rules: WorldRules = world_rules()
        self.referee: Deck[Card] = Deck(
            referee if referee is not None else default_referee_deck(rng), name="referee"
        )
        if not self.referee.cards:
            raise DataError("the referee's deck is empty")
        self.ill_will: dict[str, int] = dict(ill_will or {})
        self.season = season
        self.order: list[str] = []
        self.turn: Turn | None = None
        self.chronicle: list[dict[str, Any]] = []
        #: Every espionage operation: season, spy, target, aim and success, so it can be traced (WW25).
        self.espionage: list[dict[str, Any]] = []
        self._territory: dict[str, list[int]] | None = None
        #: (population, resources) of each realm, derived from its hexes until they change.
        self._land: dict[str, tuple[int, int]] = {}
        #: Each paved hex's road network, computed when first asked and cleared when a road is paved.
        self.roads: dict[int, int] | None = None
        self._legal: list[WorldAction] | None = None
        for h in hexmap:
            if h.owner is not None and h.owner not in self.realms:
                raise DataError(f"hex {hexmap.label(h.id)} belongs to {h.owner!r}, which has no control sheet")
        for realm in self.realms.values():
            if realm.capital is not None and (
                not 0 <= realm.capital < len(hexmap)
                or hexmap[realm.capital].owner != realm.name
                or hexmap[realm.capital].base is None
            ):
                raise DataError(f"realm {realm.name!r}: its capitol must be a base it holds")
            if realm.capital is None and any(h.base is not None for h in hexmap.owned_by(realm.name)):
                # "The realm's capitol is automatically considered to be a base": trade's x2 between
                # capitols and "Capturing Capitols" need one wherever the realm holds a base.
                raise DataError(f"realm {realm.name!r} holds bases but names no capitol among them")
            if any(h >= len(hexmap) for hexes in realm.troops.values() for h in hexes) or any(
                h >= len(hexmap) for h in realm.explored
            ):
                raise DataError(f"realm {realm.name!r}: a troop marker or explored hex is off the map")
            if any(h >= len(hexmap) or not hexmap[h].road for h in realm.roads):
                raise DataError(f"realm {realm.name!r}: a road of its own lies in a hex with no road")

    # -- founding ---------------------------------------------------------------------------------

    @classmethod
    def found(
        cls,
        hexmap: HexMap,
        realms: Sequence[Realm],
        *,
        rng: Randomness,
        settings: WorldSettings = DEFAULT_WORLD_SETTINGS,
        referee: Sequence[Card] | None = None,
        name: str = "world",
        treasury_given: Collection[str] = (),
    ) -> World:
        """A new world: each realm's starting military strength and treasury from its territory.

        "Realm Military Strength" (population / 10, ruling WW4), "Realm Treasury and Taxes" (six
        seasons of income at the medium rate) and "Opposing Realm ill-Will" (6 between every pair
        unless the sheet says otherwise).  The realms named in ``treasury_given`` keep the treasury
        their sheet gives, 0 included ("a new realm has a starting treasury of zero (0)"); a realm
        naming no capitol takes its first base.
        """
        for realm in realms:
            if realm.capital is None:
                bases = [h.id for h in hexmap.owned_by(realm.name) if h.base is not None]
                realm.capital = bases[0] if bases else None
        world = cls(hexmap, realms, rng=rng, settings=settings, referee=referee, name=name)
        for realm in world.realms.values():
            population = world.population(realm.name)
            if realm.military == 0:
                realm.military = starting_military(population, settings)
            if realm.name not in treasury_given:
                realm.treasury = (
                    STARTING_TREASURY_SEASONS * population * world.rules.tax["medium"].gp_per_population
                )
            # The roads of the realm's own land are its own (WW14); a road in no realm is no one's.
            realm.roads.extend(h.id for h in hexmap.owned_by(realm.name) if h.road and h.id not in realm.roads)
            station_troops(world, realm)
        names = sorted(world.realms)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                world.ill_will.setdefault(pair_key(a, b), STARTING_ILL_WILL)
        rng.log.record(
            "world",
            f"the world {name} is founded with {len(names)} realms",
            section=SECTION,
            data={"realms": names},
        )
        return world

    # -- the control sheet's derived numbers ------------------------------------------------------------

    def territory(self, realm: str) -> list[int]:
        """The hexes inside ``realm``'s border (cached until a hex changes hands)."""
        if self._territory is None:
            owners: dict[str, list[int]] = {name: [] for name in self.realms}
            for h in self.map.hexes:
                if h.owner is not None:
                    owners[h.owner].append(h.id)
            self._territory = owners
        return self._territory[realm]

    def owners_changed(self) -> None:
        """Forget what was derived from the borders and bases (a hex changed hands, a base was built)."""
        self._territory = None
        self._land.clear()

    def population(self, realm: str) -> int:
        """Each hex by its terrain, plus 10 per base (Harloon: 73) ("Population and Resources")."""
        return self._land_of(realm)[0]

    def resource_rating(self, realm: str) -> int:
        """The realm's resources from its hexes (Harloon: 35; ruling WW1)."""
        return self._land_of(realm)[1]

    def _land_of(self, realm: str) -> tuple[int, int]:
        land = self._land.get(realm)
        if land is None:
            rules = self.rules
            population = resources = 0
            for i in self.territory(realm):
                h = self.map.hexes[i]
                terrain = rules.terrain[h.terrain]
                population += terrain.population
                resources += terrain.resources
                if h.base is not None:
                    population += rules.base_population
                    resources += rules.base_resources
            land = self._land[realm] = (population, resources)
        return land

    def bases(self, realm: str) -> list[int]:
        return [i for i in self.territory(realm) if self.map.hexes[i].base is not None]

    def known_hexes(self, realm: str) -> set[int]:
        """The hexes ``realm`` has seen: its own, those touching its borders, and its scouts' (WW23).

        "Scout Units" explore "unexplored terrain and settlements"; what lies beyond the border
        and the scouts' reports is unknown to the realm.
        """
        mine = self.territory(realm)
        known = set(mine)
        for h in mine:
            known.update(self.map.neighbour_ids(h))
        known.update(self.realms[realm].explored)
        return known

    def encounter_factor(self, realm: str) -> int:
        """Hexes / military strength, rounded down (ruling WW5 for bases) ("Realm Encounter Factor")."""
        hexes = len(self.territory(realm))
        if self.settings.encounter_counts_bases:
            hexes += len(self.bases(realm))
        military = self.realms[realm].military
        return hexes if military <= 0 else hexes // military

    def encounter_today(self, realm: str) -> tuple[bool, Draw]:
        """The daily encounter draw: an encounter when the card's value is the factor or less."""
        draw = self.draw(f"{realm}: daily encounter draw")
        return draw.value <= self.encounter_factor(realm), draw

    def ill(self, a: str, b: str) -> int:
        return self.ill_will.get(pair_key(a, b), STARTING_ILL_WILL)

    def set_ill(self, a: str, b: str, value: int) -> None:
        self.ill_will[pair_key(a, b)] = max(0, value)

    def alive(self) -> list[Realm]:
        return [r for r in self.realms.values() if r.alive]

    def barracks(self, realm: str) -> int:
        return self.realms[realm].count("Barracks")

    # -- the referee's deck -------------------------------------------------------------------------

    def draw(self, label: str) -> Draw:
        """Draw a random card from the referee's deck and put it back where it was.

        A draw is a roll of a d*n* over the deck in its fixed order, so a script can force it
        (ruling WW19: the card returns to the deck, as the referee's cards do in combat).
        """
        cards = self.referee.cards
        card = cards[self.rng.roll(len(cards), label) - 1] if len(cards) > 1 else cards[0]
        colours = mana_types(card)
        colour = next((c for c in COLORS if c in colours), "C")
        value = card_value(card)
        self.rng.log.record(
            "draw", f"{label}: {card.name} ({value})", section=SECTION, data={"card": card.name, "value": value}
        )
        return Draw(card.name, value, colour)

    def check(self, action: WorldAction) -> None:
        if self.turn is None:
            raise RuleError("the campaign is over", rule="no realm is taking its turn", section=TURN)
        turn.check(self, self.turn, action)

    def perform(self, action: WorldAction) -> None:
        assert self.turn is not None
        self._legal = None
        acting = self.realms[self.turn.realm]
        turn.perform(self, self.turn, action)
        # Only a capture moves borders under another realm's markers; any other choice, the chooser's.
        for realm in self.realms.values() if isinstance(action, Capture) else (acting,):
            station_troops(self, realm)

    # -- GameState --------------------------------------------------------------------------------

    def current_player(self) -> str | None:
        return None if self.turn is None else self.turn.realm

    def seats(self) -> tuple[str, ...]:
        """Every realm of the world, as its control sheets are listed (a fallen realm keeps its seat)."""
        return tuple(self.realms)

    def decision_kind(self) -> Phase:
        """The sub-phase of the realm's turn: what it decides now ("Realm Turns Phase")."""
        if self.turn is None:
            raise RuleError("the season is over", rule="no realm is taking its turn", section=TURN)
        return self.turn.phase

    def action_text(self, action: WorldAction) -> str:
        """The choice in the ruler's words ("Make War with strength 5", "capture hex 3 and raze its base")."""
        return action.describe()

    def parse_action(self, text: str) -> WorldAction:
        """A choice from its words; also the name of a kind of choice offered only once now (``end``,
        ``roads``, ``explore``), as typed at the table."""
        named = text.strip().casefold()
        offered = [a for a in self.legal_actions() if a.kind == named]
        if len(offered) == 1:
            return offered[0]
        return super().parse_action(text)

    def open_turn_of(self, realm: str, phase: Phase = Phase.HARDSHIP) -> None:
        """Arrange a position: ``realm`` takes its turn now, at ``phase`` (no events, no initiative drawn;
        the other living realms wait in ``order``), e.g. to try one sub-phase at the table.

        An unknown or fallen realm is refused (``InputError``).
        """
        if realm not in self.realms or not self.realms[realm].alive:
            raise InputError(f"no living realm {realm!r} in {self.name!r} (realms: {', '.join(self.realms)})")
        self.season = max(self.season, 1)
        self.order = [r.name for r in self.alive() if r.name != realm]
        self.turn = turn.open_turn(self, realm)
        self.turn.phase = phase
        self._legal = None

    def sheets_changed(self) -> None:
        """Forget what was worked out from the control sheets and the map (the choices open now, the
        borders): the referee changed a sheet by hand, as a ruling or to arrange a position."""
        self._legal = None
        self.owners_changed()

    def legal_actions(self) -> list[WorldAction]:
        """Every choice open to the realm now (computed once per decision)."""
        if self._legal is None:
            self._legal = [] if self.turn is None else turn.legal(self, self.turn)
        return self._legal

    def is_terminal(self) -> bool:
        return self.turn is None

    def chance_of(self, action: WorldAction) -> Chance | None:
        """The exact chance that ``action`` passes its realm check: a card of the referee's deck (each card
        goes back, ruling WW19) added to the sheet's score (:mod:`.odds`); None where no check decides it."""
        if self.turn is None:
            return None
        values = sorted(card_value(card) for card in self.referee.cards)
        return odds.chance_of(self, self.turn, action, values)

    def result(self) -> dict[str, Any]:
        """The season's sheets and its winners: the realms in play with the most of the table's measure
        (``settings.season_winner``, ruling WW40; the seed names none)."""
        return {"season": self.season, "realms": [self.sheet(r.name) for r in self.realms.values()],
                "winners": list(standing.season_winners(self)), "winners_by": self.settings.season_winner}

    def sheet(self, realm: str) -> dict[str, Any]:
        """The control sheet as a table shows it: the recorded numbers and the derived ones."""
        r = self.realms[realm]
        return {
            "name": r.name,
            "alive": r.alive,
            "controller": r.controller,
            "calling": r.calling,
            "demeanor": r.demeanor,
            "heraldry": r.heraldry,
            "hexes": len(self.territory(realm)),
            "bases": len(self.bases(realm)),
            "population": self.population(realm),
            "resources": self.resource_rating(realm),
            "military": r.military,
            "mercenaries": r.mercenaries,
            "naval": r.naval_units,
            "wizard_units": r.wizard_units,
            "discontent": r.discontent,
            "hardship": r.hardship,
            "treasury": r.treasury,
            "tax": r.tax,
            "diplomacy": r.diplomacy,
            "wisdom": r.wisdom,
            "wilderness_lore": r.wilderness_lore,
            "encounter_factor": self.encounter_factor(realm),
            "trade_routes": list(r.trade_routes),
            "structures": list(r.structures),
            "failed_checks": r.failed_checks,
            "ongoing": [o.name for o in r.ongoing],
            "troops": {letter: [self.map.label(h) for h in hexes] for letter, hexes in r.troops.items() if hexes},
            "explored": len(r.explored),
        }

    # -- the season ---------------------------------------------------------------------------------

    def begin_season(self) -> None:
        """Start the next campaign turn: random events, initiative, then the first realm's turn."""
        if self.turn is not None:
            raise RuleError("the season is not over yet", rule="one campaign turn at a time", section=TURN)
        if len(self.alive()) == 0:
            raise RuleError("no realm is left in this world", rule="the realms take their turns", section=TURN)
        self.season += 1
        self._legal = None
        self.rng.log.record("season", f"season {self.season} begins", section=TURN, data={"season": self.season})
        turn.random_event_phase(self)
        self.order = turn.initiative_phase(self)
        self.start_next_turn()

    def start_next_turn(self) -> None:
        """The next realm in initiative order takes its turn; after the last, the recording phase."""
        self._legal = None
        while self.order:
            name = self.order.pop(0)
            if self.realms[name].alive:
                self.turn = turn.open_turn(self, name)
                return
        self.turn = None
        turn.recording_phase(self)

    def record(self, realm: str | None, text: str, *, secret: bool = False, **data: Any) -> None:
        """A line of the chronicle ("4. Recording Phase") and the event log.

        A ``secret`` line is known to ``realm`` alone -- what its spies and scouts found (WW26).
        """
        entry: dict[str, Any] = {"season": self.season, "realm": realm, "text": text}
        if secret:
            entry["secret"] = True
            data["secret"] = True
        self.chronicle.append(entry)
        self.rng.log.record("chronicle", text, section=TURN, data={"realm": realm, **data})

    def chronicle_for(self, realm: str | None) -> list[dict[str, Any]]:
        """The chronicle as ``realm`` knows it: the public news and its own secret lines (WW26).

        None is the referee, who reads everything.
        """
        if realm is None:
            return list(self.chronicle)
        return [e for e in self.chronicle if not e.get("secret") or e["realm"] == realm]

    def observation(self, player: str) -> dict[str, Any]:
        """What the ruler of ``player`` knows (ruling WW26).

        Its own control sheet whole; of every other realm what "The Realm Diplomacy section of the
        control sheet" records -- "the name, calling and demeanor of all the other realms in the
        area" and the ill-will between them; the hexes it has seen (:meth:`known_hexes`); its own
        espionage operations; and the chronicle without the other realms' secret lines, so what
        another realm's spies and scouts found stays theirs.

        >>> from magecraft.core.randomness import Randomness
        >>> from magecraft.mtg_rpg.world.generate import sample_world
        >>> world = sample_world(Randomness.seeded(1))
        >>> seen = world.observation("Harloon")
        >>> seen["sheet"]["name"], sorted(seen["diplomacy"][0])
        ('Harloon', ['alive', 'calling', 'demeanor', 'ill_will', 'name'])
        """
        if player not in self.realms:
            raise DataError(f"there is no realm {player!r} in {self.name!r}")
        known = self.known_hexes(player)
        return {
            "season": self.season,
            "realm": player,
            "sheet": self.sheet(player),
            "diplomacy": [
                {
                    "name": r.name,
                    "alive": r.alive,
                    "calling": r.calling,
                    "demeanor": r.demeanor,
                    "ill_will": self.ill(player, r.name),
                }
                for r in self.realms.values()
                if r.name != player
            ],
            "known_hexes": sorted(known),
            "espionage": [dict(e) for e in self.espionage if e["spy"] == player],
            "chronicle": self.chronicle_for(player),
        }

    # -- saving ---------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "season": self.season,
            "settings": self.settings.to_dict(),
            "map": self.map.to_dict(),
            "realms": [r.to_dict() for r in self.realms.values()],
            "ill_will": dict(self.ill_will),
            "order": list(self.order),
            "turn": None if self.turn is None else self.turn.to_dict(),
            "referee": [c.name for c in self.referee.cards],
            "chronicle": list(self.chronicle),
            "espionage": [dict(e) for e in self.espionage],
            "rng": self.rng.snapshot(),
            "log": self.rng.log.to_list(),
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, ask: AskDie | None = None) -> Self:
        """A world written by :meth:`to_dict`; a malformed one is refused whole."""
        try:
            pool = builtin_pool()
            log = EventLog.from_list(raw.get("log", []))
            rng = Randomness.restore(raw["rng"], log=log, ask=ask)
            world = cls(
                HexMap.from_dict(raw["map"], contiguous=False),
                [Realm.from_dict(r) for r in raw["realms"]],
                rng=rng,
                settings=WorldSettings.from_dict(raw.get("settings", {})),
                referee=[pool.get(name) for name in raw["referee"]],
                ill_will=raw["ill_will"],
                season=int(raw["season"]),
                name=str(raw.get("name", "world")),
            )
            world.order = [str(n) for n in raw.get("order", [])]
            world.turn = None if raw.get("turn") is None else Turn.from_dict(raw["turn"])
            world.chronicle = [dict(entry) for entry in raw.get("chronicle", [])]
            world.espionage = [dict(entry) for entry in raw.get("espionage", [])]
            for sheet in raw["realms"]:
                if "roads" not in sheet:  # saved before roads were a realm's own (WW14)
                    _roads_of_old_save(world, world.realms[str(sheet["name"])])
        except (KeyError, TypeError, ValueError) as exc:
            raise DataError(f"not a saved world: {exc}") from None
        return world


def _roads_of_old_save(world: World, realm: Realm) -> None:
    """A realm saved before roads had owners uses every road network touching its bases, as it did then."""
    nets = road_components(world)
    reached = {nets[h] for h in world.bases(realm.name) if h in nets}
    realm.roads = sorted(h for h, net in nets.items() if net in reached)


def default_referee_deck(rng: Randomness) -> list[Card]:
    """The referee deck built by "The Referee Deck" guidelines (the MtG RPG's own builder)."""
    from magecraft.mtg_rpg.deckbuilding import build_referee_deck

    return build_referee_deck(rng)
