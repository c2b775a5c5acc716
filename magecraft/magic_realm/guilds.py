"""Guild membership, quests and benefits ("9. GUILDS", seed 002).

A :class:`GuildHall` keeps who belongs to which guild, the one quest each member has drawn, the
benefits earned and who holds each guild's unique third-benefit chit.  Every action is checked
before anything changes; a refused action raises :class:`RuleError` naming the rule.

>>> hall = GuildHall()
>>> hall.join("Amazon", "Fight Guild", deeds={"heavy kill without magic"})
>>> hall.draw_quest("Amazon", "Slay the Troll")
>>> hall.complete_quest("Amazon")
'Additional REST phase'
>>> hall.benefits("Amazon")
('Additional REST phase',)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from magecraft.core.errors import RuleError
from magecraft.magic_realm.data import Guild, find_named, guilds, realm_lists

GUILDS = "9. Guilds"
THIRD = 3


@dataclass(frozen=True, slots=True)
class Membership:
    """A character's place in a guild: benefits earned (0-3, 9.3/1) and the quest drawn, if any (9.3)."""

    guild: str
    earned: int = 0
    quest: str | None = None


@dataclass(frozen=True, slots=True)
class GuildEffects:
    """The benefits at work: extra phases a day, loot (STEAL) and cheating roll modifiers, free
    enchantments a day, the unique chit's action chit, and combat rules told to the referee."""

    extra_phases: tuple[str, ...] = ()
    loot_modifier: int = 0
    cheat_modifier: int = 0
    free_enchantments: int = 0
    chits: tuple[str, ...] = ()
    combat: tuple[str, ...] = ()


def guild(name: str) -> Guild:
    return find_named(guilds(), name, "guild")


class GuildHall:
    """The guilds of one game: memberships and the unique chits (9.3/3)."""

    def __init__(self) -> None:
        self.members: dict[str, Membership] = {}
        #: Guild name -> the character holding its unique chit.
        self.chit_holders: dict[str, str] = {}
        #: 9.3/4: guild name -> characters barred from the chit of a member they killed (ruling MR13).
        self.barred: dict[str, set[str]] = {}

    def membership(self, character: str) -> Membership:
        found = self.members.get(character)
        if found is None:
            raise RuleError(f"{character} belongs to no guild", rule="9.3", section=GUILDS)
        return found

    def join(self, character: str, name: str, *, deeds: Collection[str]) -> None:
        """9.2-9.3: join when the guild's requirement is met; 9.3/2 joining cancels the old guild's benefits.

        Rejoining a guild left earlier starts over (9.3/5); joining the guild one is in is refused.
        """
        wanted = guild(name)
        current = self.members.get(character)
        if current is not None and current.guild == wanted.name:
            raise RuleError(f"{character} already belongs to the {wanted.name}", rule="9.3", section=GUILDS)
        if wanted.deed not in deeds:
            raise RuleError(
                f"{character} has not met the {wanted.name}'s requirement: {wanted.join}",
                rule="9.2 To join",
                section=GUILDS,
            )
        self._release_chit(character)
        self.members[character] = Membership(wanted.name)

    def draw_quest(self, character: str, quest: str) -> None:
        """9.3: a member draws a quest from the guild's pile; the drawn quest is completed before another."""
        member = self.membership(character)
        if member.quest is not None:
            raise RuleError(
                f"{character} must complete {member.quest!r} before drawing another",
                rule="9.3 The drawn quest must be completed before another can be drawn",
                section=GUILDS,
            )
        if member.earned >= THIRD:
            raise RuleError(f"{character} has earned every {member.guild} benefit", rule="9.3/1", section=GUILDS)
        self.members[character] = replace(member, quest=quest)

    def complete_quest(self, character: str) -> str:
        """9.3/1: a completed quest earns the next benefit in order; the third waits for the unique chit."""
        member = self.membership(character)
        if member.quest is None:
            raise RuleError(f"{character} has drawn no quest", rule="9.3", section=GUILDS)
        earned = replace(member, earned=member.earned + 1, quest=None)
        self.members[character] = earned
        free = member.guild not in self.chit_holders
        if earned.earned == THIRD and free and character not in self.barred.get(member.guild, ()):
            self.chit_holders[member.guild] = character
        return guild(member.guild).benefits[earned.earned - 1]

    def benefits(self, character: str) -> tuple[str, ...]:
        """The benefits a character enjoys: the third only while holding the guild's unique chit (9.3/3)."""
        member = self.members.get(character)
        if member is None:
            return ()
        listed = guild(member.guild).benefits
        held = self.chit_holders.get(member.guild) == character
        return listed[: min(member.earned, THIRD - 1)] + ((listed[THIRD - 1],) if held else ())

    def effects(self, character: str) -> GuildEffects:
        """What the benefits the character enjoys do (9.2, ``realm.toml [guild_benefit_effects]``)."""
        table = realm_lists()["benefit_effects"]
        phases: list[str] = []
        loot = cheat = enchant = 0
        chits: list[str] = []
        combat: list[str] = []
        for benefit in self.benefits(character):
            effect = table[benefit]
            if "phase" in effect:
                phases.append(str(effect["phase"]))
            loot += int(effect.get("loot", 0))
            cheat += int(effect.get("cheat", 0))
            enchant += int(effect.get("free_enchant", 0))
            if "chit" in effect:
                chits.append(str(effect["chit"]))
            if "combat" in effect:
                combat.append(str(effect["combat"]))
        return GuildEffects(tuple(phases), loot, cheat, enchant, tuple(chits), tuple(combat))

    def waiting(self, name: str) -> list[str]:
        """Members who completed the third quest but do not hold the chit (9.3/3)."""
        g = guild(name).name
        return [
            c
            for c, m in self.members.items()
            if m.guild == g and m.earned >= THIRD and self.chit_holders.get(g) != c
        ]

    def arrive(self, name: str, characters: Sequence[str], *, chosen: str | None = None) -> str | None:
        """9.3/3 a-b: the first eligible character to arrive at the guild takes the free chit.

        Several eligible characters arriving together must decide (``chosen``: by unanimous decision or a
        battle to the death).  Returns who now holds the chit, or None.
        """
        g = guild(name).name
        if g in self.chit_holders:
            return None
        barred = self.barred.get(g, set())
        eligible = [c for c in characters if c in self.waiting(g) and c not in barred]
        if len(eligible) > 1 and chosen is None:
            raise RuleError(
                f"{', '.join(eligible)} are eligible for the {g} chit: name who receives it",
                rule="9.3/3b unanimous decision, or battle to the death",
                section=GUILDS,
            )
        if chosen is not None and chosen not in eligible:
            raise RuleError(f"{chosen} is not eligible for the {g} chit", rule="9.3/3a", section=GUILDS)
        if not eligible:
            return None
        self.chit_holders[g] = chosen or eligible[0]
        return self.chit_holders[g]

    def killed(self, character: str, *, by: str | None = None) -> None:
        """A character's death ends the membership and frees the unique chit (9.3/3).

        The killer receives neither the benefits nor the chit (9.3/4): barred from that chit (ruling MR13).
        """
        member = self.members.pop(character, None)
        if member is not None and self.chit_holders.get(member.guild) == character and by is not None:
            self.barred.setdefault(member.guild, set()).add(by)
        self._release_chit(character)

    def _release_chit(self, character: str) -> None:
        for g, holder in list(self.chit_holders.items()):
            if holder == character:
                del self.chit_holders[g]

    def to_dict(self) -> dict[str, Any]:
        return {
            "members": [[c, m.guild, m.earned, m.quest] for c, m in self.members.items()],
            "chit_holders": dict(self.chit_holders),
            "barred": {g: sorted(who) for g, who in self.barred.items()},
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> GuildHall:
        """Rebuild a hall; a malformed one raises ``KeyError``/``TypeError``/``ValueError``."""
        hall = cls()
        for character, name, earned, quest in raw["members"]:
            if not 0 <= int(earned) <= THIRD:
                raise ValueError(f"{character} has earned {earned} benefits")
            hall.members[str(character)] = Membership(guild(str(name)).name, int(earned),
                                                      None if quest is None else str(quest))
        for name, holder in dict(raw["chit_holders"]).items():
            held = hall.members.get(str(holder))
            if held is None or held.guild != guild(name).name or held.earned < THIRD:
                raise ValueError(f"{holder} cannot hold the {name} chit")
            hall.chit_holders[guild(name).name] = str(holder)
        hall.barred = {guild(g).name: {str(c) for c in who} for g, who in dict(raw["barred"]).items()}
        return hall
