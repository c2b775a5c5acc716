"""Campaign bots: each decision's options come ordered with a sensible default first; the bot takes it,
except where a simple judgement does better (spending Wealth, joining wars, declaring for the throne)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magecraft.wizard_prince.campaign.tasks import Choose

if TYPE_CHECKING:
    from magecraft.wizard_prince.campaign.year import Campaign

#: Upgrades a bot buys, best first.
PREFERRED = ("public_works", "tradesmans_guild", "mercenaries_guild", "salon", "garrison", "watchtowers")


class CampaignBot:
    """A plain, deterministic noble (and GM) for unattended campaigns."""

    def choose(self, c: Campaign, player: str) -> Choose:
        d = c.pending
        assert d is not None
        options = d.options
        if d.kind == "spend":
            n = c.nobles[player]
            if n.wealth >= 2:
                for key in PREFERRED:
                    for o in options:
                        if o[0] == "upgrade" and o[1] == key:
                            return Choose(o)
            return Choose(options[0])
        if d.kind == "join":
            strong = c.nobles[player].strength >= 4
            return Choose(options[1] if strong else options[0])
        if d.kind == "declare":
            return Choose(("declare",) if c.nobles[player].strength >= 30 else ("wait",))
        if d.kind in ("writ", "duel_challenge", "syndicate", "office") and options[0] == ("none",) \
                and len(options) > 1:
            return Choose(options[1])
        if d.kind == "beseech":
            return Choose(("accept",))
        return Choose(options[0])


def run_year(c: Campaign, bot: CampaignBot | None = None) -> None:
    """Play one whole year with the bot deciding everything."""
    bot = bot or CampaignBot()
    c.apply(Choose(("begin",)))
    while not c.is_terminal() and c.pending is not None and c.pending.kind != "begin":
        player = c.current_player()
        assert player is not None
        c.apply(bot.choose(c, player))
