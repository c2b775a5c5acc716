"""NPC nobles outside the banquet (seed 004, "Optional Rules: NPC Nobles", "NPC Nobles Outside the Banquet").

An NPC who may attack (a duel or a feudal war) attacks a player noble: at random, unless his lands border a
weaker player noble's (strength = total legions and fleets), whom he attacks (the weakest such, ruling
WC14).  Each year after the banquet he rolls 2d6: 2 dies, 3-4 gains a level, 5 a magic item, 6 raises a
commoner to the peerage (a new NPC noble), 7+ idles.
"""

from __future__ import annotations

from typing import Any

from magecraft.core.tables import get_table
from magecraft.wizard_prince.campaign.answers import Answer
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.provinces import realm
from magecraft.wizard_prince.campaign.sections import NPC
from magecraft.wizard_prince.campaign.state import CampaignState, task
from magecraft.wizard_prince.nobles import generate_npc_noble


def add_npc(c: CampaignState) -> str:
    """Roll up a new NPC noble ("Generating NPC Nobles") and add him to the campaign."""
    c.npc_made += 1
    name = f"NPC Noble {c.npc_made}"
    while name in c.nobles:
        c.npc_made += 1
        name = f"NPC Noble {c.npc_made}"
    c.nobles[name] = CampaignNoble.from_banquet_noble(generate_npc_noble(name, c.rng))
    return name


def npc_targets(c: CampaignState, npc: str) -> list[str]:
    """The player noble(s) the NPC attacks: the weakest bordering weaker one, else one at random."""
    me = c.nobles[npc]
    players = [p for p in c.players() if p != npc]
    if not players:
        return []
    mine = realm(c, npc)
    by_sea = c.settings.sea_links_connect
    near = {q for p in mine for q in c.empire.neighbours(p, by_sea)}
    weaker = [p for p in players if c.nobles[p].strength < me.strength and near & set(realm(c, p))]
    if weaker:
        low = min(c.nobles[p].strength for p in weaker)
        return [p for p in weaker if c.nobles[p].strength == low][:1]
    return [c.rng.choice(players, f"{npc} picks a player noble to attack", section=NPC)]


@task("npc_rolls")
def _npc_rolls(c: CampaignState, t: dict[str, Any], answer: Answer | None) -> None:
    if not c.settings.npc_yearly_rolls:
        return
    table = get_table("wp_npc_yearly")
    for name in [n for n in c.living() if c.nobles[n].npc]:
        outcome = table.roll(c.rng, label=f"{name}'s year").data["outcome"]
        n = c.nobles[name]
        if outcome == "dies":
            c.kill(name, "his year's roll", NPC)
        elif outcome == "level":
            n.level += 1
            c.news(f"{name} adventures and rises to level {n.level}", NPC)
        elif outcome == "item":
            n.magic_items += 1
            c.news(f"{name} adventures and gains a magic item", NPC)
        elif outcome == "new_noble":
            made = add_npc(c)
            c.news(f"{name}'s life is saved by a commoner, raised to the peerage as {made}", NPC)
