"""The living realm at the terminal: the referee advances days and records the base game's turn; the
decisions the rules leave to a character (which of two equally close pods moves, who takes a guild's
chit, the clearing an offroad roll lets him choose) are asked at the same prompt.

Rules live in :mod:`magecraft.magic_realm.days` and :mod:`magecraft.magic_realm.referee`; this is the realm's
:class:`~magecraft.cli.game_table.GameView` on the one :class:`~magecraft.cli.game_table.GameTable` (help, undo,
log, save, quit).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.markup import escape

from magecraft.cli import options
from magecraft.cli.game_table import GameTable, GameView
from magecraft.cli.playloop import Choice, Command, Menu, PlayLoop
from magecraft.core.errors import RuleError
from magecraft.core.events import Event
from magecraft.magic_realm import actions as act
from magecraft.magic_realm import referee
from magecraft.magic_realm.days import REFEREE, RealmDays, secret_event
from magecraft.magic_realm.pieces import ITEM_KINDS

#: Placeholders the menu offers; the follow-up question fills them in (``complete``).
ASK = -1


def text_map(realm: Any) -> list[str]:
    """The map around the characters as text (issue 25 item 10: "there is no map"): each tile a living
    character stands on, its clearings in order with their kind, who stands there and the roads out (hidden
    paths are not shown: they are secret, 1.2/3), and the tiles next to it."""
    board = realm.board
    here: dict[int, list[str]] = {}
    for c in realm.characters:
        if c.alive and not c.offroad:
            here.setdefault(c.clearing, []).append(c.name)
    for piece in realm.travellers:
        if piece.state in ("wandering", "hired") and piece.clearing is not None:
            here.setdefault(piece.clearing, []).append(f"the {piece.name}")
    tiles = sorted({board.clearings[clearing].tile for clearing in here
                    if any(not name.startswith("the ") for name in here[clearing])})
    lines = ["[bold]Map[/bold] (clearing: kind, who is there, roads out)"] if tiles else []
    for tile in tiles:
        around = ", ".join(board.tile_names[t] for t in board.tile_neighbours[tile])
        lines.append(f"  [bold]{escape(board.tile_names[tile])}[/bold] (next to {escape(around)})")
        for clearing in board.tile_clearings(tile):
            c = board.clearings[clearing]
            roads = ", ".join(board.label(r) for r in board.roads[clearing]) or "none"
            who = f" [{', '.join(here[clearing])}]" if clearing in here else ""
            lines.append(escape(f"    {c.number}: {c.kind}{who} -> {roads}"))
    return lines


class RealmView(GameView["act.DayAction"]):
    """The realm at the play loop: one person, the referee, at the keyboard, deciding for the characters
    too when the rules leave a choice to them.  The menu offers what the rules let each character do where he
    stands (the engine's legal actions: the roads out, the spells he knows, a TRADE where someone trades);
    what the base game decided (gold, items, a quest, a move anywhere) is asked after its entry."""

    resume_command = "magic-realm play --load {name}"
    save_stem = "realm"

    def seat(self, table: GameTable[act.DayAction], seat: str | None) -> str | None:
        return None if seat is None else REFEREE

    # -- the menu -----------------------------------------------------------------------------------
    def menu(self, table: GameTable[act.DayAction], player: str) -> Menu[act.DayAction]:
        realm: RealmDays = table.state
        if realm.pending is not None:
            return self._decision(table)
        today = f"Play day {realm.day + 1}"
        choices: list[Choice[act.DayAction]] = [Choice(today, act.NextDay(), (today,))]
        legal = realm.legal_actions()
        for c in realm.characters:
            if c.alive:
                choices += [Choice(label, action, (c.name,))
                            for label, action in _character_choices(realm, c.name, legal)]
        title = f"Day {realm.day} is over." if realm.day else "Before day 1."
        return Menu(f"{title} The referee may:", choices, prompt="Referee",
                    typed=lambda answer: self.typed(table, answer), typed_help=TYPED_HELP)

    def _decision(self, table: GameTable[act.DayAction]) -> Menu[act.DayAction]:
        realm: RealmDays = table.state
        pending = realm.pending
        assert pending is not None
        choices: list[Choice[act.DayAction]] = []
        for action in realm.legal_actions():
            if isinstance(action, act.ChoosePod):
                pod = next(p for p in realm.pods if p.id == action.pod)
                label = f"pod {pod.id}: {pod.monsters} {pod.kind} in {realm.board.tile_names[pod.tile]}"
            elif isinstance(action, act.ChooseClearing):
                label = realm.board.label(action.clearing)
            elif isinstance(action, act.GrantGuildChit):
                label = action.character
            else:
                continue  # a Miracle chit played on the last roll is typed (typed_help)
            choices.append(Choice(label, action))
        return Menu(f"{pending.chooser} decides {referee.describe_pending(realm)}:", choices,
                    prompt=f"{pending.chooser}'s choice", typed=lambda answer: self.typed(table, answer),
                    typed_help="miracle NAME [low|high]: a Miracle chit played on the last roll first")

    def typed(self, table: GameTable[act.DayAction], answer: str) -> act.DayAction | None:
        """Anything the referee says in words (``RealmDays.parse_action``'s spellings), judged when applied."""
        from magecraft.core.errors import InputError
        from magecraft.magic_realm import words

        try:
            return words.parse(table.state, answer)
        except InputError:
            return None

    def complete(self, table: GameTable[act.DayAction], loop: PlayLoop[act.DayAction], player: str,
                 action: act.DayAction) -> act.DayAction:
        """The questions an action needs: a clearing, a quest, a deed, an amount, an item, the killer, the
        Doppleganger's chit (one function per action class, :data:`QUESTIONS`)."""
        ask = QUESTIONS.get(type(action))
        return action if ask is None else ask(table.state, loop, action)

    # -- the view -----------------------------------------------------------------------------------
    def render(self, table: GameTable[act.DayAction], viewer: str | None) -> list[str]:
        realm: RealmDays = table.state
        return [*status_lines(realm), *text_map(realm)]

    def event_line(self, table: GameTable[act.DayAction], event: Event) -> str | None:
        if event.kind == "realm":
            return escape(event.label)
        if event.kind == "roll":
            if secret_event(event.kind, event.label, event.section):
                # the shared screen keeps the referee's secret; 'secrets' shows it (issue 25 item 10)
                return f"[dim]  {escape(event.label)}: kept from the characters (the referee: 'secrets')[/dim]"
            return f"[dim]  {escape(event.label)}: {event.data.get('value')}[/dim]"
        return None

    def visible(self, table: GameTable[act.DayAction], event: Event, viewer: str | None) -> bool:
        return viewer is None or bool(table.state.event_visible(event, viewer))

    def commands(self, table: GameTable[act.DayAction]) -> Mapping[str, Command]:
        return {"secrets": Command("secrets", "the referee's screen: the picks kept from the characters",
                                   lambda _rest: _show_secrets(table.state))}

    def ending(self, table: GameTable[act.DayAction]) -> str:
        realm: RealmDays = table.state
        if realm.all_dead():
            return f"Every character is dead after {realm.day} days: nobody wins."
        winners = realm.winners()
        verb = "wins" if len(winners) == 1 else "win"
        return f"Day {realm.day} was the last (ruling MR56): {' and '.join(winners)} {verb} with the most gold."


class RealmTable(GameTable["act.DayAction"]):
    """The living realm at the terminal, on the shared play loop (see :class:`RealmView`)."""

    def __init__(self, realm: RealmDays) -> None:
        super().__init__(realm, RealmView(), people=[REFEREE])

    @property
    def realm(self) -> RealmDays:
        state: RealmDays = self.state
        return state


TYPED_HELP = ("move NAME to CLEARING, e.g. 'move Amazon to Oak Woods 3'; day NAME: ACTIVITIES, "
              "e.g. 'day Amazon: MOVE@Oak Woods 3, SEARCH=Discover Chits, HIDE'; "
              "cast miracle NAME: CHIT [with CHITS], e.g. 'cast miracle Amazon: FIGHT H5** with MAGIC II3*'; "
              "miracle NAME [low|high]: a Miracle chit played on the last roll")


def _show_secrets(realm: RealmDays) -> None:
    """The referee's screen: the log's events no character may see, with their values."""
    out = options.console()
    out.print("The referee's secrets (keep them from the characters):")
    out.print(f"  the generator treasure location: {escape(realm.generator)}")
    if realm.sites.trap_clearing is not None:
        out.print(f"  the Trap: {escape(realm.board.label(realm.sites.trap_clearing))}")
    for event in realm.log:
        if event.kind == "roll" and secret_event(event.kind, event.label, event.section):
            out.print(f"  {escape(event.label)}: {event.data.get('value')}")


def _character_choices(realm: RealmDays, name: str, legal: list[act.DayAction]) -> list[tuple[str, act.DayAction]]:
    """What the rules let ``name`` do now (the engine's legal actions, in words), then the referee's records
    of the base game's turn, each asked after its entry (and offered only where it could be legal)."""
    out: list[tuple[str, act.DayAction]] = []
    for action in legal:
        if getattr(action, "character", None) != name or isinstance(action, act.MoveCharacter | act.GateTravel):
            continue
        out.append((LABELS.get(type(action), _plain)(realm, action), action))
    asked: list[tuple[str, act.DayAction]] = [
        (f"{name} stands somewhere else after the base game's turn (the clearing is asked next)",
         act.MoveCharacter(name, ASK))]
    asked += [(f"{name} travels through the gates to {gate} (MOVE phases asked next)",
               act.GateTravel(name, gate, ASK)) for gate in referee.gates_on_board(realm)]
    for piece in realm.travellers:
        for service, price in traveller_prices(piece.name).items():
            asked.append((f"{name} buys {service} from the {piece.name} ({price} gold)",
                          act.BuyService(name, piece.name, service)))
    for label, action in [*asked, *_record_choices(name)]:
        try:
            realm.check(_filled(action, realm))
        except RuleError:
            continue
        out.append((label, action))
    return out


def _plain(realm: RealmDays, action: act.DayAction) -> str:
    return str(realm.action_text(action))


def _day_label(realm: RealmDays, action: act.DayAction) -> str:
    assert isinstance(action, act.RecordDay)
    return f"{action.character}'s day: {', '.join(action.activities)}"


def _spell_label(realm: RealmDays, action: act.DayAction) -> str:
    assert isinstance(action, act.CastSpell)
    what = {"Hop": "a random clearing of the tile", "Prayer": "an extra REST phase",
            "Vision": "the tile's hidden paths", "Rocks Glow": "daylight phases in his cave clearing today",
            "Open Gate": f"to {action.gate}"}.get(action.spell, "")
    return f"{action.character} casts {action.spell}" + (f" ({what})" if what else "")


#: How an engine action reads in the menu where its own words say less than the old menu did.
LABELS: dict[type, Callable[[RealmDays, act.DayAction], str]] = {
    act.RecordDay: _day_label, act.CastSpell: _spell_label,
}


def _record_choices(name: str) -> list[tuple[str, act.DayAction]]:
    """What the referee records of a character's turn, each completed by questions (:data:`QUESTIONS`)."""
    return [
        (f"{name} draws a quest (named next)", act.DrawQuest(name, "?")),
        (f"{name} did a deed (named next: a guild's requirement)", act.RecordDeed(name, "?")),
        (f"{name} gains or pays gold (asked next)", act.GiveGold(name, 0)),
        (f"{name} takes an item (asked next)", act.GiveItem(name, "?")),
        (f"{name} runs from a battle", act.RunFromBattle(name)),
        (f"{name} runs from a battle with dragons", act.RunFromBattle(name, dragons=True)),
        (f"{name} records another day (asked next, e.g. 'MOVE@Oak Woods 3, SEARCH=Discover Chits')",
         act.RecordDay(name, ())),
        (f"{name} sells an item to the Merchant at face value (asked next)",
         act.TradeWithMerchant(name, "?", ASK)),
        (f"{name} buys an item from the Merchant at four times face value (asked next)",
         act.TradeWithMerchant(name, "?", ASK, buying=True)),
        (f"{name} reads the runes and fails to learn the spell", act.ReadRunes(name, False)),
        (f"{name} puts on Shejoh's Ring, the Witch-King already in play", act.PutOnRing(name, True)),
        (f"{name}'s Mercenary moves on his own (the clearing is asked next)",
         act.MoveHireling(name, "Mercenary", ASK)),
    ]


def status_lines(realm: RealmDays) -> list[str]:
    """Who is where with what, the pods, guilds and sites on the board, and the days recorded."""
    lines = [f"[bold]Day {realm.day}[/bold]; the generator is "
             f"{'active' if realm.generator_active else 'hidden'}"
             + (" (closed)" if realm.generator_closed or realm.hive_destroyer else "")]
    for c in realm.characters:
        lines.append(_character_line(realm, c.name))
    for piece in realm.travellers:
        if piece.state == "wandering" and piece.clearing is not None:
            lines.append(f"  the {escape(piece.name)} in {escape(realm.board.label(piece.clearing))}")
        elif piece.state == "hired" and piece.clearing is not None:
            lines.append(f"  the {escape(piece.name)} ({escape(str(piece.joined))}'s) in "
                         f"{escape(realm.board.label(piece.clearing))}")
    for pod in realm.pods:
        tile = realm.board.tile_names[pod.tile]
        lines.append(f"  pod {pod.id}: {pod.monsters} {pod.kind} in {escape(tile)}")
    for name, place in realm.guild_clearings.items():
        lines.append(f"  the {escape(name)} in {escape(realm.board.label(place))}")
    sites = realm.sites
    if sites.trap_clearing is not None and (sites.trap_revealed or sites.trap.trapped):
        # a face-down Trap is the referee's secret until it holds someone ('secrets' shows it)
        held = ", ".join(sorted(sites.trap.trapped)) or "nobody"
        shown = "revealed" if sites.trap_revealed else "face down"
        lines.append(f"  the Trap ({shown}) in {escape(realm.board.label(sites.trap_clearing))}: "
                     f"{escape(held)} trapped")
    for site in sites.minors:
        if site.clearing is not None:
            where = realm.board.label(sites.clearing_of(realm.board, site))
            taken = f", emptied by {site.collected_by}" if site.collected_by else ""
            lines.append(f"  the {escape(site.name)} in {escape(where)}{escape(taken)}")
    for name, today in realm.today.items():
        lines.append(f"  {escape(name)} has recorded: {escape(', '.join(today.activities))}")
    return lines


def _character_line(realm: RealmDays, name: str) -> str:
    c = realm.character(name)
    if not c.alive:
        return f"  {escape(c.name)}: dead"
    retinue = realm.retinues[c.name]
    where = (", lost in the woods of " + realm.board.tile_names[realm.board.clearings[c.clearing].tile]
             if c.offroad else " in " + realm.board.label(c.clearing))
    extra = [f"{retinue.gold} gold"] + ([f"now {c.form}"] if c.form else [])
    if c.spells:
        extra.append("knows " + ", ".join(c.spells))
    if realm.ring is not None and realm.ring["wearer"] == c.name:
        extra.append(f"wears Shejoh's Ring ({realm.ring['result']})")
    if retinue.serving:
        extra.append("with " + ", ".join(sorted(retinue.serving)))
    if c.followers:
        extra.append("followed by " + ", ".join(c.followers))
    if c.miracles:
        extra.append("Miracle chits: " + ", ".join(m.chit for m in c.miracles))
    member = realm.guilds.members.get(c.name)
    if member is not None:
        effects = realm.guilds.effects(c.name)
        phases = "".join(f", +{p} phase" for p in effects.extra_phases)
        extra.append(f"{member.guild} ({member.earned} earned{phases})")
    return f"  {escape(c.name)}{escape(where)}: {escape('; '.join(extra))}"


def _filled(action: act.DayAction, realm: RealmDays) -> act.DayAction:
    """A placeholder action as the check sees it (its question not yet asked)."""
    if isinstance(action, act.MoveCharacter) and action.clearing == ASK:
        here = next((c.clearing for c in realm.characters if c.name == action.character), None)
        return act.MoveCharacter(action.character, 1 if here == 0 else 0)
    if isinstance(action, act.GiveItem):
        return act.GiveItem(action.character, "item")
    if isinstance(action, act.RecordDay) and not action.activities:
        return act.RecordDay(action.character, ("ALERT",))
    if isinstance(action, act.TradeWithMerchant) and action.face_value == ASK:
        return act.TradeWithMerchant(action.character, "an item", 0, True)
    if isinstance(action, act.MoveHireling) and action.clearing == ASK:
        piece = next((t for t in realm.travellers if t.name == action.traveller), None)
        return act.MoveHireling(action.character, action.traveller, 1 if piece and piece.clearing == 0 else 0)
    if isinstance(action, act.GateTravel) and action.moves == ASK:
        return act.GateTravel(action.character, action.gate, 2)
    if isinstance(action, act.Hire) and action.traveller == "Doppleganger":
        return act.Hire(action.character, action.traveller, "a chit")
    return action


def traveller_prices(name: str) -> dict[str, int]:
    from magecraft.magic_realm.data import traveller

    return dict(traveller(name).prices)


# -- the questions an action needs (RealmView.complete) ---------------------------------------------------

Loop = PlayLoop["act.DayAction"]


def _words(loop: Loop, prompt: str) -> str:
    while True:
        answer = loop.ask(prompt, lines=("words",)).strip()
        if answer:
            return answer


def _warn(text: str) -> None:
    options.console().print(f"[red]{escape(text)}[/red]")


def _ask_clearing(loop: Loop, realm: RealmDays, prompt: str) -> int:
    while True:
        answer = loop.ask(prompt, lines=("a tile name and a clearing number",))
        try:
            return realm.board.clearing_of(answer).id
        except Exception as exc:
            _warn(str(exc))


def _ask_move(realm: RealmDays, loop: Loop, action: act.MoveCharacter) -> act.DayAction:
    if action.clearing != ASK:
        return action
    where = _ask_clearing(loop, realm,
                          f"Where does {action.character} stand (a clearing, e.g. 'Borderland 4')")
    return act.MoveCharacter(action.character, where)


def _ask_gate_moves(realm: RealmDays, loop: Loop, action: act.GateTravel) -> act.DayAction:
    if action.moves != ASK:
        return action
    while True:
        answer = loop.ask("MOVE phases recorded besides the GATE phase (two to enter a mountain clearing)",
                          lines=("a whole number: the day's phases are counted by the engine when it is done",))
        moves = options.whole_number(answer) if answer.isdecimal() else None
        if moves is not None:  # how many phases the day holds is the engine's to refuse (phases.charge)
            return act.GateTravel(action.character, action.gate, moves)
        _warn(f"{answer!r} is not a whole number")


def _ask_merchant(realm: RealmDays, loop: Loop, action: act.TradeWithMerchant) -> act.DayAction:
    if action.face_value != ASK:
        return action
    item = _words(loop, "The item")
    while True:
        value = options.whole_number(loop.ask("Its face value in gold", lines=("a whole number",)))
        if value is not None and value >= 0:
            kind = "item"
            if action.buying:
                kinds = ", ".join(ITEM_KINDS)
                kind = loop.ask(f"Its kind ({kinds})", lines=(kinds,)).strip().lower() or "item"
            return act.TradeWithMerchant(action.character, item, value, action.buying, kind)
        _warn("a face value is a whole number, 0 or more")


def _ask_hireling(realm: RealmDays, loop: Loop, action: act.MoveHireling) -> act.DayAction:
    if action.clearing != ASK:
        return action
    where = _ask_clearing(loop, realm, "Where does the Mercenary go (a clearing, e.g. 'Borderland 4')")
    return act.MoveHireling(action.character, action.traveller, where)


def _ask_day(realm: RealmDays, loop: Loop, action: act.RecordDay) -> act.DayAction:
    if action.activities:
        return action
    answer = _words(loop, "The activities, in order, separated by commas (MOVE@CLEARING, "
                          "SEARCH=RESULT, HIDE, REST...)")
    return act.RecordDay(action.character, tuple(a.strip() for a in answer.split(",") if a.strip()))


def _ask_quest(realm: RealmDays, loop: Loop, action: act.DrawQuest) -> act.DayAction:
    return act.DrawQuest(action.character, _words(loop, "The quest drawn"))


def _ask_deed(realm: RealmDays, loop: Loop, action: act.RecordDeed) -> act.DayAction:
    return act.RecordDeed(action.character, _words(
        loop, "The deed (heavy kill without magic, stole a treasure, learned a spell)"))


def _ask_gold(realm: RealmDays, loop: Loop, action: act.GiveGold) -> act.DayAction:
    while True:
        answer = loop.ask("Gold gained (a negative number: paid)", lines=("a whole number, e.g. 12 or -5",))
        amount = options.whole_number(answer)
        if amount is not None:
            return act.GiveGold(action.character, amount)
        _warn(f"{answer!r} is not a whole number")


def _ask_item(realm: RealmDays, loop: Loop, action: act.GiveItem) -> act.DayAction:
    item = _words(loop, "The item")
    kinds = ", ".join(ITEM_KINDS)
    while True:
        kind = loop.ask(f"Its kind ({kinds})", lines=(kinds,)).strip().lower() or "item"
        if kind in ITEM_KINDS:
            return act.GiveItem(action.character, item, kind)
        _warn(f"{kind!r} is not one of {kinds}")


def _ask_killer(realm: RealmDays, loop: Loop, action: act.CharacterKilled) -> act.DayAction:
    others = [c.name for c in realm.characters if c.alive and c.name != action.character]
    if not others:
        return action
    answer = loop.ask(f"Killed by ({', '.join(others)}; Enter: by none of them)",
                      lines=("a character's name, or Enter",)).strip()
    return act.CharacterKilled(action.character, answer if answer in others else None)


def _ask_path(realm: RealmDays, loop: Loop, action: act.Fire) -> act.DayAction:
    board = realm.board
    if action.traveller != "Wood Sprite" or not any(board.hidden_paths):
        return action
    while True:
        answer = loop.ask("The hidden path she reveals: two clearings, e.g. 'Dark Forest 1 / Oak Woods 4' "
                          "(Enter: none)", lines=("CLEARING / CLEARING, or Enter",)).strip()
        if not answer:
            return action
        first, _, second = answer.partition("/")
        try:
            ends = (board.clearing_of(first).id, board.clearing_of(second).id)
        except Exception as exc:
            _warn(str(exc))
            continue
        return act.Fire(action.character, action.traveller, ends)


def _ask_chit(realm: RealmDays, loop: Loop, action: act.Hire) -> act.DayAction:
    if action.traveller != "Doppleganger" or action.chit is not None:
        return action
    return act.Hire(action.character, action.traveller, _words(loop, "The chit it holds"))


#: The questions each kind of action may need before it is played.
QUESTIONS: dict[type, Callable[[RealmDays, Loop, Any], act.DayAction]] = {
    act.MoveCharacter: _ask_move, act.GateTravel: _ask_gate_moves, act.TradeWithMerchant: _ask_merchant,
    act.MoveHireling: _ask_hireling, act.RecordDay: _ask_day, act.DrawQuest: _ask_quest,
    act.RecordDeed: _ask_deed, act.GiveGold: _ask_gold, act.GiveItem: _ask_item,
    act.CharacterKilled: _ask_killer, act.Fire: _ask_path, act.Hire: _ask_chit,
}
