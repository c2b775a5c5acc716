"""Campaign bots: each decision's options come ordered with a sensible default first; the bot takes it,
except where a simple judgement does better (spending Wealth, joining wars, declaring for the throne)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magecraft.wizard_prince.campaign.answers import Answer, Question, Reply, Upgrade

if TYPE_CHECKING:
    from magecraft.wizard_prince.campaign.year import Campaign

#: Upgrades a bot buys, best first.
PREFERRED = ("public_works", "tradesmans_guild", "mercenaries_guild", "salon", "garrison", "watchtowers")


#: The questions whose first option is "none" and whose others name someone: the bot names the first.
_SOMEONE = (Question.WRIT, Question.DUEL_CHALLENGE, Question.SYNDICATE, Question.OFFICE)


class CampaignBot:
    """A plain, deterministic noble (and GM) for unattended campaigns.

    It reads the question, its options and its own noble's sheet (what ``Campaign.observation`` shows every
    seat): nothing the GM keeps from the nobles."""

    name = "heuristic"

    def choose(self, c: Campaign, player: str) -> Answer:
        d = c.pending
        assert d is not None
        player = d.player   # the noble asked (the GM's seat answers for the NPC nobles)
        options = d.options
        if d.kind is Question.SPEND:
            n = c.nobles[player]
            if n.wealth >= 2:
                for key in PREFERRED:
                    for o in options:
                        if isinstance(o, Upgrade) and o.upgrade == key:
                            return o
            return options[0]
        if d.kind is Question.JOIN:
            strong = c.nobles[player].strength >= 4
            return options[1] if strong else options[0]
        if d.kind is Question.DECLARE:
            return Reply.DECLARE if c.nobles[player].strength >= 30 else Reply.WAIT
        if d.kind in _SOMEONE and options[0] is Reply.NONE and len(options) > 1:
            return options[1]
        if d.kind is Question.BESEECH:
            return Reply.ACCEPT
        return options[0]


class NpcCampaignBot(CampaignBot):
    """An NPC noble outside the banquet ("NPC Nobles Outside the Banquet"): "An NPC ... attacks a player
    noble" -- the question already names only the player nobles the NPC rules let him attack, and he
    attacks the first; otherwise he answers as the plain bot does.  Played by the GM, who sees the whole
    table (Sees.WHOLE_STATE)."""

    name = "npc"

    def choose(self, c: Campaign, player: str) -> Answer:
        d = c.pending
        assert d is not None
        if d.kind in (Question.WRIT, Question.DUEL_CHALLENGE) and len(d.options) > 1:
            return d.options[1]
        return super().choose(c, player)


def run_year(c: Campaign, bot: CampaignBot | None = None) -> None:
    """Play one whole year with the bot deciding everything."""
    bot = bot or CampaignBot()
    c.apply(Reply.BEGIN)
    while not c.is_terminal() and c.pending is not None and c.pending.kind is not Question.BEGIN:
        player = c.current_player()
        assert player is not None
        c.apply(bot.choose(c, player))
