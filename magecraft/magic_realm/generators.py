"""The monster generators of section 12 in the living realm: the Hive, the Pond and the Graveyard.

"12. Monster Generators": on a prowling day (the monster roll 5, 12.2) an active generator with colour magic
present -- a character's colour chit or treasure, or every seventh day (12.2/1-2) -- rolls Pod Generation and
places the pod on its tile (12.3); at the end of each character's turn the closest pod moves one tile closer,
or into his clearing when already in his tile (12.4/1), two when he stands with the Queen Bee (12.5/2); slimes
divide whenever they move (12.5/3); at midnight pods leave the clearings and pods in one tile merge (12.4/1c,
12.4/3); three Tremendous hits destroy the Hive and its pods hunt the destroyer (12.5/2).

Split from :mod:`.days` (which plays the day) along the rule book's section 12.
"""

from __future__ import annotations

from typing import Protocol

from magecraft.magic_realm.actions import StrikeHive
from magecraft.magic_realm.pieces import Character, Pod
from magecraft.magic_realm.realm import Realm
from magecraft.magic_realm.table_dice import table

GENERATORS = "12. Monster Generators"
PROWLING = 5
COLOUR_DAY = 7
#: 12.5/2: the Hive is destroyed by three Tremendous hits.
HIVE_HITS = 3
POD_KIND = {"Hive": "bees", "Pond": "slimes", "Graveyard": "undead"}


class Hunting(Realm, Protocol):
    """The living realm as the generators and the wandering travellers see it: the generator's state and the
    pods the character whose turn ends still moves, besides what every rule module sees (:class:`.Realm`)."""

    generator_tile: int
    generator_active: bool
    queen_alive: bool
    hive_hits: int
    next_pod: int
    moves_left: int


def closed(realm: Hunting) -> bool:
    """Whether the generator breeds no more: the Graveyard closed by the Book of the Dead (12.5/1), the Hive
    destroyed (12.5/2)."""
    return realm.generator_closed or (realm.generator == "Hive" and realm.hive_destroyer is not None)


def colour_present(realm: Hunting) -> bool:
    """12.2/1-2: every seventh day, or a character carrying colour magic -- his own, or the captured Wood
    Sprite's "endless source of GOLD Magic" (7.10, ruling MR43)."""
    return realm.day % COLOUR_DAY == 0 or any(
        c.alive and (c.colour_magic or "Wood Sprite" in realm.retinues[c.name].serving) for c in realm.characters
    )


def generate(realm: Hunting) -> None:
    """12.3: the Pod Generation table; the pod on the generator's tile (12.3/1), of its kind of monster (12.5)."""
    rolled = table("mr_pod_generation", realm.settings).roll(realm.rng,
                                                            label=f"{realm.generator}: pod generation")
    pod = Pod(realm.next_pod, POD_KIND[realm.generator], int(rolled.data["monsters"]), realm.generator_tile)
    realm.next_pod += 1
    realm.pods.append(pod)
    realm.note(
        f"the {realm.generator} breeds a pod of {pod.monsters} {pod.kind} in {realm.board.tile_names[pod.tile]}"
    )


def monsters_at(realm: Hunting, clearing: int) -> bool:
    """Whether monsters stand in ``clearing``: a pod, or the Queen Bee in the active Hive's clearing (7.4)."""
    return any(p.clearing == clearing for p in realm.pods) or (
        realm.queen_alive and clearing == realm.generator_clearing and realm.generator_active
    )


def closest_pods(realm: Hunting, character: Character) -> list[Pod]:
    """12.4/1a: the pods not yet moved this turn at the shortest tile distance (all tied ones);
    none for a character other than the Hive's destroyer while the destroyer lives (12.5/2)."""
    if (
        realm.hive_destroyer is not None
        and character.name != realm.hive_destroyer
        and any(c.name == realm.hive_destroyer and c.alive for c in realm.characters)
    ):
        return []
    waiting = [p for p in realm.pods if not p.moved]
    if not waiting:
        return []
    tile = realm.board.clearings[character.clearing].tile
    distance = realm.board.tile_distance
    best = min(distance(p.tile, tile) for p in waiting)
    return [p for p in waiting if distance(p.tile, tile) == best]


def move_pod(realm: Hunting, pod: Pod, character: Character) -> None:
    """12.4/1: one tile closer, or into the character's clearing when already in his tile (a lost
    character is in no clearing: the pod stays in the woods with him)."""
    realm.moves_left -= 1
    pod.moved = True
    tile = realm.board.clearings[character.clearing].tile
    if pod.tile == tile:
        if character.offroad:
            realm.note(f"pod {pod.id} ({pod.monsters} {pod.kind}) circles {character.name}, lost in the woods")
        else:
            pod.clearing = character.clearing
            realm.note(
                f"pod {pod.id} ({pod.monsters} {pod.kind}) swarms into {realm.board.label(character.clearing)}"
            )
    else:
        pod.tile = realm.board.step_toward(pod.tile, tile)
        realm.note(f"pod {pod.id} ({pod.monsters} {pod.kind}) flies to {realm.board.tile_names[pod.tile]}")
    if pod.kind == "slimes":
        _divide(realm, pod)


def _divide(realm: Hunting, pod: Pod) -> None:
    """12.5/3: slimes divide whenever they move, by the Slime Division table."""
    rolled = table("mr_slime_division", realm.settings).roll(realm.rng, label=f"pod {pod.id}: slime division")
    divide = int(rolled.data["divide"])
    if divide:
        grown = pod.monsters if divide < 0 or divide > pod.monsters else divide
        pod.monsters += grown
        realm.note(f"pod {pod.id}: {grown} slime{'s' if grown > 1 else ''} divide ({pod.monsters} now)")


def strike(realm: Hunting, action: StrikeHive) -> None:
    """12.5/2: the Hive struck: the Queen Bee and 1d6 workers defend it; three Tremendous hits destroy it."""
    if realm.queen_alive:
        workers = realm.rng.roll(6, "the Queen Bee's workers", section=GENERATORS)
        realm.note(f"the Hive is struck: the Queen Bee appears with {workers} workers to defend it")
    if action.tremendous:
        realm.hive_hits += 1
    if realm.hive_hits >= HIVE_HITS:
        realm.hive_destroyer = action.character
        realm.note(f"{action.character} destroys the Hive: its pods now hunt {action.character}")


def merge_pods(realm: Hunting) -> None:
    """12.4/1c, 12.4/3: at midnight the pods leave the clearings for the woods, and pods in one tile merge."""
    merged: dict[int, Pod] = {}
    for pod in realm.pods:
        pod.clearing = None
        if pod.tile in merged:
            merged[pod.tile].monsters += pod.monsters
            realm.note(f"pods {merged[pod.tile].id} and {pod.id} join in {realm.board.tile_names[pod.tile]}")
        else:
            merged[pod.tile] = pod
    realm.pods = list(merged.values())
