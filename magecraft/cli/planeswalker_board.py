"""A Planeswalker battle in words: the decisions, the board and the events as the terminal shows them.

:func:`decision_label` words a decision as seed 001, "Combat Mechanics" does, listed under the phases'
headings (:data:`HEADINGS`, in the order the rule book gives them); :func:`battle_table` and
:func:`your_panel` draw the board seen from one character; :func:`event_line` tells the battle's events;
:func:`heroes` finds the player characters by name.  The play-loop view that uses them, and the
``planeswalker fight`` command, are :mod:`magecraft.cli.planeswalker`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

if TYPE_CHECKING:
    from magecraft.core.events import Event
    from magecraft.planeswalker.actions import Action
    from magecraft.planeswalker.combat import Battle

#: The headings a decision is listed under, by its kind (the rule book's phases and actions).
HEADINGS = {"channel": "Channel", "delay": "Delay", "release": "Release", "command": "Command",
            "order_move": "Order", "order_engage": "Order", "order_ability": "Order", "done": "Order",
            "ability": "Ability", "activate": "Activate", "move": "Move", "engage": "Engage",
            "cast": "Cast", "flee": "Flee", "end": "End", "respond": "Answer", "pass": "Pass",
            "intercept": "Intercept", "allow": "Intercept", "trample_engage": "Trample",
            "trample_move": "Trample", "forget": "Forget"}

def heroes(battle: Battle) -> dict[str, str]:
    """Each player character's name and id in the battle (names are unique in a party)."""
    from magecraft.planeswalker.combat import PARTY

    return {f.name: f.id for f in battle.fighters.values()
            if f.side == PARTY and f.is_mage and f.controller is None}


def fighter_id(battle: Battle, person: str | None) -> str | None:
    return None if person is None else heroes(battle).get(person, person)

PHASE_WORDS = {"channelling": "Channelling Phase", "upkeep": "Upkeep Phase", "main": "Main Phase",
                "commanding": "commanding creatures", "response": "a spell or command may be answered",
                "intercept": "an attack may be intercepted", "trample": "Trample: an immediate move",
                "forget": "End Phase: forget down to half your Memory"}


#: The order of the menu: the phases' decisions as "Combat Mechanics" lists them.
MENU_ORDER = tuple(HEADINGS)


def menu_heading(action: Action) -> tuple[str, ...]:
    heading = HEADINGS[action.kind]
    if action.kind in ("cast", "respond"):
        return (heading, action.card)
    if action.kind in ("order_move", "order_engage", "order_ability"):
        return (heading, action.creature)
    return (heading,)


def decision_label(battle: Battle, action: Action) -> str:
    """A decision in the words of "Combat Mechanics": ``Cast Shock at Grizzly Bears (c1)``."""
    def who(fid: str) -> str:
        fighter = battle.fighters.get(fid)
        return fighter.label if fighter is not None else fid

    kind = action.kind
    if kind == "channel":
        parts = ["Channel mana"]
        if action.draw:
            parts.append("and draw the next Library spell into Memory")
        if action.amount:
            parts.append(f"with {action.amount} excess mana (Mana Burn if unspent)")
        return " ".join(parts)
    if kind == "delay":
        return f"Delay your turn until after {who(action.target)}"
    if kind == "release":
        return f"Release {who(action.target) if action.target else action.card} (Upkeep beyond Focus)"
    if kind in ("cast", "respond"):
        verb = "Cast" if kind == "cast" else "Answer with"
        return f"{verb} {action.card}" + (f" at {who(action.target)}" if action.target else "")
    if kind in ("move", "order_move", "trample_move"):
        mover = action.creature or (battle.trample if kind == "trample_move" else None) or battle.actor().id
        now = battle.range_between(mover, action.target)
        where = "ranged" if now == "close" else "close"
        prefix = f"{who(action.creature)}: m" if kind == "order_move" else "M"
        return f"{prefix}ove to {where} combat with {who(action.target)}"
    if kind in ("engage", "order_engage", "trample_engage"):
        prefix = f"{who(action.creature)}: e" if kind == "order_engage" else "E"
        return f"{prefix}ngage {who(action.target)} in locked combat"
    if kind in ("order_ability", "ability"):
        from magecraft.planeswalker.book import using
        from magecraft.planeswalker.effects import abilities

        creature = battle.fighters[action.creature]
        with using(battle.book):  # the battle's own spells too (a creature its position defined)
            text = abilities(creature.card or creature.name)[int(action.card)].text
        prefix = f"{who(action.creature)}: use" if kind == "order_ability" else "Use"
        return f"{prefix} {text!r}" + (f" at {who(action.target)}" if action.target else "")
    if kind == "activate":  # a kept artifact's or enchantment's ability (ruling PW43)
        from magecraft.planeswalker.book import using
        from magecraft.planeswalker.effects import abilities

        with using(battle.book):
            text = abilities(action.card)[action.amount].text
        return f"Use {action.card}: {text!r}" + (f" at {who(action.target)}" if action.target else "")
    if kind == "intercept":
        return f"Intercept with {who(action.target)}"
    if kind == "forget":
        return f"Forget {action.card}"
    return {"command": "Command your creatures (before any other action)", "done": "Done commanding",
            "flee": "Flee (escape if you take under 5 damage and are not engaged by your next turn)",
            "end": "End your turn", "pass": "Pass", "allow": "Let the attack through"}[kind]


def battle_table(battle: Battle, viewer: str | None) -> Table:
    """Who stands where: each combatant with its range to you (the viewer's character, or the first when
    no one views; close or ranged), Power/Toughness and Life; a mage's Memory and Library are shown only
    to that mage (as :meth:`Battle.observation` hides them)."""
    from magecraft.planeswalker.combat import YOU

    you = viewer if viewer in battle.fighters and battle.fighters[viewer].player else YOU
    table = Table(title=f"Round {battle.round}, turn order: {', '.join(battle.order)}; range: to you",
                  title_justify="left")
    for column in ("", "combatant", "side", "range", "P/T", "Life", "notes"):
        table.add_column(column)
    for fighter in battle.fighters.values():
        if not fighter.active:
            continue
        notes = [*fighter.keywords]
        if fighter.sick:
            notes.append("summoning sick")
        if fighter.controller:
            notes.append(f"summoned by {battle.fighters[fighter.controller].label}")
        if fighter.fleeing:
            notes.append("fleeing")
        if fighter.tapped:
            notes.append("tapped")
        if fighter.poison:
            notes.append(f"poison {fighter.poison}")
        if fighter.is_mage and fighter.id != viewer:
            notes.append(f"Memory {len(fighter.memory)}, Library {len(fighter.library)}")
        where = "-" if fighter.id == you else battle.range_between(you, fighter.id) or "ally"
        acting = "▶" if battle.order and fighter.id == battle.order[battle.turn % len(battle.order)] else ""
        table.add_row(acting, escape(fighter.label), fighter.side, where, f"{fighter.power}/{fighter.toughness}",
                      str(fighter.life), escape(", ".join(notes)))
    return table


def your_panel(battle: Battle, viewer: str) -> str:
    you = battle.fighters[viewer]
    mana = " ".join(f"{k}:{v}" for k, v in you.mana.items() if v) or "empty"
    capacity = " ".join(f"{k}:{v}" for k, v in you.capacity.items() if v)
    acting = battle.phase == "main" and battle.actor().id == you.id
    left = f"; actions left {battle.actions_left} (Speed {you.speed})" if acting else ""
    return (f"{escape(you.name)}: Life {you.life}; mana {mana} (Mana Pool {capacity}){left}\n"
            f"Memory ({len(you.memory)} held, {you.memory_limit()} kept at End Phase): "
            f"{escape(', '.join(you.memory)) or 'empty'}; Library: {len(you.library)} spells")


#: Decisions that leave no event of their own: the log tells them by the decision itself.
_TOLD_BY_THEIR_ACTION = frozenset({"delay", "release", "forget", "pass", "allow"})


def event_line(event: Event) -> str | None:
    """A battle event in words: rolls dim with their value, strikes with attack, defence and damage."""
    if event.kind == "roll":
        return f"  [dim]{escape(event.label)}: rolled {event.data['value']}[/dim]"
    if event.kind == "strike":
        d = event.data
        return (f"  {escape(event.label)}: {d['attack']} against {d['defence']}, {d['damage']} damage "
                f"(Life {d['life']})")
    if event.kind == "turn":
        return f"[bold]── {escape(event.label)} (round {event.data.get('round')}) ──[/bold]"
    if event.kind == "action":
        # most actions are told by the events they cause; these cause none
        text = str(event.data.get("action", ""))
        if text.split(" ", 1)[0] in _TOLD_BY_THEIR_ACTION:
            return f"  [dim]{escape(str(event.data.get('by')))}: {escape(text)}[/dim]"
        return None
    if event.kind == "battle over":
        return f"[bold]{escape(event.label)}[/bold]"
    if event.kind == "randomness":
        return None
    return f"  {escape(event.label)}"
