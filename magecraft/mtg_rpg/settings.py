"""The MtG RPG's house rules: one frozen :class:`Settings` for the whole system.

Each field is a ruling in docs/rulings.md where the seed is silent, ambiguous or
contradicts itself, so a table may choose the other reading.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from magecraft.core.errors import InputError
from magecraft.core.settings import dataclass_from_dict, settings_to_dict
from magecraft.core.settings import load_settings as load_house_rules


@dataclass(frozen=True, slots=True)
class Settings:
    """House rules for characters, actions, renewal, combat, duels, experience, magic and monsters."""

    # -- characters, experience, magic and monsters
    #: "Choosing Attributes": dots to assign at creation, and the most in one attribute at start.
    attribute_dots: int = 10
    max_starting_attribute: int = 3
    #: "SKILLS": skill dots at creation (the free dots are on top), the most in one skill at start.
    skill_dots: int = 20
    max_starting_skill: int = 3
    #: Whether the free Arcane Knowledge and Spell Research dots count towards the three-dot
    #: starting cap (ruled yes: the cap is on the dots a skill has).
    free_dots_count_for_cap: bool = True
    #: "Starting Character Spell Decks": "all new characters start with exactly 60 cards".
    starting_library: int = 60
    #: Whether a colorless spell needs a dot of Charisma ("A Wizard must have at least one dot in an
    #: attribute in order to use that attribute's color for casting spells"; "Charisma (CH) Colorless":
    #: ruled yes, F15).  The generic mana of a coloured spell never needs one.
    colorless_needs_charisma: bool = True
    #: Feats whose text gives an increment but not whether they repeat (Mana Reserve, Toughness,
    #: Energized and Enhanced Cantrips) may be bought again.
    unstated_feats_repeat: bool = True
    #: Whether a new Wizard already has the research laboratory (1,000 gp) in the sanctuary.
    starting_laboratory: bool = True
    #: Card names the referee has disallowed ("Spell Exceptions").
    banned_cards: tuple[str, ...] = ()
    #: Callings and Demeanors the referee has approved beyond the seed's lists.
    extra_callings: tuple[str, ...] = ()
    extra_demeanors: tuple[str, ...] = ()
    #: "Regeneration" counts "every point of colored mana"; "MTG Rule Changes" says "every point
    #: of mana".  "colored" (the worked Skeleton example) or "total".
    regeneration_per: str = "colored"
    #: Research gold per mana point when twice the minimum is paid: the rule says twice, its
    #: example says 4,000 gp for a rare spell (8 times).  Multiple of the normal price.
    extra_gold_multiple: int = 2
    #: "Experience Applications": "one day of training ... per point" (ruled per point).
    training_days_per_point: bool = True
    #: The most dots in one attribute or skill an apprentice may have from the first year of training:
    #: the starting Wizard's 3 the training aims at (ruling R25); 2 keeps the cap of a new apprentice.
    apprentice_training_cap: int = 3
    #: "Channel Energy": death for "any sacrifice greater than three times the Wizard's IQ" -- read as
    #: IQ points ("three times IQ", ruling F26), or as mana, i.e. more IQ points than the Wizard has ("all IQ").
    channel_energy_death: str = "three times IQ"

    # -- actions, renewal, combat and duels
    #: What a land card adds to an action.  "Performing an Action" says both 1 and 0;
    #: "Deck Building Suggestions" says land makes "1 point action plays".
    land_action_value: int = 1
    #: Whether the played card goes back (and the library is shuffled) before the hand is refilled.
    return_before_refill: bool = False
    #: Whether the library is shuffled after every action ("Opposed Actions") rather than
    #: "upon direction of the referee" ("Performing an Action").
    shuffle_after_action: bool = True
    #: Whether a stunt bonus counts only with a power play or heroic deed ("Stunting").
    stunt_needs_power_play_or_heroic: bool = True
    #: Whether a power play or heroic deed must come with a stunt description ("Stunting").
    power_play_needs_stunt: bool = True
    #: The most helpers a leader may have ("the referee limits cooperation"); None: no limit.
    max_helpers: int | None = None
    #: Difficulty of stopping one's own bleeding: 9 in "Bleeding", 6 in "Stabilize Self".
    stabilize_self_difficulty: int = 9
    #: "Life Points": "minus five" (death at -5) or the alternate "deliberate blow" rule.
    death_rule: Literal["minus five", "deliberate blow"] = "minus five"
    #: "Healing": whether a healer's overnight +1 adds to a successful check's +3 (ruled yes, P13: two
    #: separate gains, and no text says one replaces the other).
    overnight_tending_stacks: bool = True
    #: "Athletics": a jump's feet are the points of the successful total ("total", ruling P10) or the
    #: points by which it beats the difficulty ("margin").
    jump_feet: Literal["total", "margin"] = "total"
    #: "Item Destruction": damage from one source in one round that puts items at risk
    #: ("more than 10" in the rule, "10 points from an enemy fireball" in its example).
    item_destruction_damage: int = 10
    #: Which end of an object's life-point range counts ("Destruction – General Guidelines").
    structure_life: Literal["low", "high"] = "high"
    #: What an X counts in a quick duel's damage, draw or life effect (no mana is paid).
    duel_x_value: int = 1
    #: Whether a three- or seven-card duel draws the hand back up to size before each turn, so a
    #: Wizard with a smaller hand can still use all the duel's cards ("Quick Duels" is silent).
    quick_duel_refill: bool = True

    # -- made in the audit (rulings R1 onwards)
    #: "Quicken Spell": casts of a quickened spell each renewal period, per time the feat was taken
    #: for that spell ("can be taken multiple times for the same ... spells"; ruling R1).
    quickened_casts_per_feat: int = 1
    #: "Spell Research": whether restarting interrupted research pays the gold again (ruling R2:
    #: no, only the time is lost).
    interrupted_research_repays_gold: bool = False
    #: "Assumed Equipment": the referee's difficulty "would have to be exceeded" (ruling R3), not
    #: merely met as in other actions.
    assumed_equipment_must_exceed: bool = True
    #: "Leadership" Riding augment: "if the creature has enough strength (Power)" (ruling R4).
    mount_min_power: int = 2
    #: "Zone of Control" names Wizards and natural creatures only: whether summoned creatures stop
    #: next to an opponent too (ruling R14: no).
    summoned_zone_of_control: bool = False
    #: "Fleeing Combat": a Wizard without a means of escape "cannot safely flee": "free attacks" (each
    #: adjacent opponent attacks as the Wizard goes) or "refused" (ruling R15).
    unsafe_flight: Literal["free attacks", "refused"] = "free attacks"

    def __post_init__(self) -> None:
        if self.regeneration_per not in ("colored", "total"):
            raise InputError("regeneration_per is 'colored' or 'total'")
        if self.jump_feet not in ("total", "margin"):
            raise InputError("jump_feet is 'total' or 'margin'")
        if self.channel_energy_death not in ("three times IQ", "all IQ"):
            raise InputError("channel_energy_death is 'three times IQ' or 'all IQ'")
        if self.apprentice_training_cap not in (2, 3):
            raise InputError("apprentice_training_cap is 2 or 3")
        if self.extra_gold_multiple < 2:
            raise InputError("extra research gold is at least twice the minimum")
        if self.land_action_value not in (0, 1):
            raise InputError("land counts 0 or 1 for actions")
        if self.death_rule not in ("minus five", "deliberate blow"):
            raise InputError("the death rule is 'minus five' or 'deliberate blow'")
        if self.unsafe_flight not in ("free attacks", "refused"):
            raise InputError("unsafe flight is 'free attacks' or 'refused'")
        if self.structure_life not in ("low", "high"):
            raise InputError("structure life is read at the 'low' or 'high' end")
        for names in (self.banned_cards, self.extra_callings, self.extra_demeanors):
            if not all(isinstance(name, str) for name in names):
                raise InputError("banned cards, extra callings and extra demeanors are lists of names")
        if self.max_helpers is not None and self.max_helpers < 0:
            raise InputError("the most helpers cannot be negative")
        if self.quickened_casts_per_feat < 1 or self.mount_min_power < 0:
            raise InputError("a quickened spell is cast at least once a renewal; mount power cannot be negative")
        if min(self.stabilize_self_difficulty, self.duel_x_value) < 0 or self.item_destruction_damage < 1:
            raise InputError("difficulties and X cannot be negative; the item damage threshold is 1 or more")

    def to_dict(self) -> dict[str, Any]:
        return settings_to_dict(self)

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "house rules") -> Settings:
        """Settings from plain data; an unknown field, a wrong type or a refused value refuses it whole."""
        return dataclass_from_dict(cls, raw, source)


DEFAULT_SETTINGS = Settings()


def load_settings(path: Path) -> Settings:
    """House rules from a TOML file of :class:`Settings` fields, refused whole when any is wrong."""
    return load_house_rules(Settings, path)
