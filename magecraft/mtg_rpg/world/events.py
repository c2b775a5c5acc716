"""Random events and the burdens they put on a realm ("1. The Random Event Phase", seed 000).

:func:`apply_event` puts an event drawn for a realm on its sheet; :func:`political_strife` is the
Diplomacy check of "Political Strife", which a failed espionage (:mod:`.troops`) calls as well.
"""

from __future__ import annotations

from magecraft.mtg_rpg.world.board import Board
from magecraft.mtg_rpg.world.realm import Ongoing, Realm
from magecraft.mtg_rpg.world.rules import EventRow

EVENTS = "1. The Random Event Phase"
#: Events that stay until something ends them.
LASTING = ("until_rebuilt", "until_resolved", "until_lore")


def apply_event(world: Board, realm: Realm, event: EventRow) -> None:
    """Put an event's burden on a realm and record it in the chronicle."""
    text = f"{event.name}"
    if event.or_gold and world.settings.knowledge_rediscovered == "gold":
        realm.treasury += event.or_gold
        text += f": {event.or_gold:,} gp to the treasury"
    elif event.duration == "turn":
        realm.ongoing.append(Ongoing(event.name, 1))
    elif event.duration == "turns":
        turns = world.rng.roll(3, f"{realm.name}: how many turns the {event.name} last", section=EVENTS)
        realm.ongoing.append(Ongoing(event.name, turns))
        text += f" for {turns} turn{'s' if turns > 1 else ''}"
    elif event.duration == "until_rebuilt" and event.name == "Fire":
        count = world.rng.roll(6, f"{realm.name}: buildings the fire destroys", section=EVENTS)
        existing = realm.has_ongoing("Fire")
        if existing is not None:
            existing.count += count
        else:
            realm.ongoing.append(Ongoing("Fire", None, count))
        text += f": {count} important building{'s' if count > 1 else ''} burned"
    elif event.duration in LASTING and realm.has_ongoing(event.name) is None:
        realm.ongoing.append(Ongoing(event.name, None))
    if event.name == "Political Strife":
        others = [r.name for r in world.alive() if r.name != realm.name]
        if others:
            other = world.rng.choice(others, f"{realm.name}: the realm of the incident", section=EVENTS)
            text += political_strife(world, realm, world.realms[other])
    if event.name == "Plague":
        text += " (characters in the realm make a DC 3 Constitution check)"
    world.record(realm.name, f"Random event: {text}", event=event.name)


def political_strife(world: Board, realm: Realm, other: Realm) -> str:
    """A Diplomacy check against the ill-will; failing raises it by 3 ("Political Strife")."""
    ill = world.ill(realm.name, other.name)
    draw = world.draw(f"{realm.name}: Diplomacy check against the ill-will with {other.name}")
    total = realm.diplomacy + draw.value
    if total >= ill:
        return f" with {other.name}, smoothed over ({total} against {ill})"
    world.set_ill(realm.name, other.name, ill + 3)
    return f" with {other.name}: ill-will rises to {ill + 3} ({total} against {ill})"
