"""The living realm's actions in words, and back: what the referee (or a character) says at the table.

:func:`action_text` prints an action as the words a referee would say, in the expansion's names
("move Amazon to Oak Woods 3", "Amazon hires the Jester", "day Amazon: MOVE@Oak Woods 3, HIDE");
:func:`parse` reads them back, with the spellings the terminal always took ("cast miracle Amazon: FIGHT H5**
with MAGIC II3*", "miracle Amazon high").  Many of the referee's actions carry what the base game decided
(an amount of gold, an item, a deed, a day's activities), so they are read from their words rather than
picked from a list: ``Realm.legal_actions`` offers a sample, ``Realm.parse_action`` reads any.

>>> from magecraft.magic_realm.actions import GiveGold
>>> action_text(GiveGold("Amazon", -5), None)
'Amazon pays 5 gold'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from magecraft.magic_realm import actions as act
from magecraft.magic_realm.realm import Realm

if TYPE_CHECKING:
    from magecraft.magic_realm.board import Board


def _where(board: Board | None, clearing: int) -> str:
    return str(clearing) if board is None else board.label(clearing)


def _chit(chit: str | None) -> str:
    return f" {chit}" if chit else ""


def action_text(action: act.DayAction, board: Board | None) -> str:
    """``action`` in words (``board`` names the clearings; without one they are numbers)."""
    a = action
    if isinstance(a, act.NextDay):
        return "play the next day"
    if isinstance(a, act.ChoosePod):
        return f"pod {a.pod} moves"
    if isinstance(a, act.ChooseClearing):
        return f"offroad to {_where(board, a.clearing)}"
    if isinstance(a, act.GrantGuildChit):
        return f"{a.character} takes the guild chit"
    if isinstance(a, act.MoveCharacter):
        return f"move {a.character} to {_where(board, a.clearing)}"
    if isinstance(a, act.RecordDay):
        text = f"day {a.character}: {', '.join(a.activities)}"
        if a.phases is not None:
            text += f"; phases {a.phases}"
        if a.extra:
            text += f"; extra {', '.join(a.extra)}"
        return text + ("; fleet foot" if a.fleet_foot else "")
    if isinstance(a, act.CastSpell):
        text = f"{a.character} casts {a.spell}" + (f" to {a.gate}" if a.gate else "")
        if a.chit:
            text += f": {a.chit}"
        return text + (f" with {', '.join(a.cast_with)}" if a.cast_with else "")
    return _character_text(a, board)


def _character_text(a: Any, board: Board | None) -> str:
    who = getattr(a, "character", "")
    simple: dict[type, Callable[[], str]] = {
        act.StrikeHive: lambda: f"{who} strikes the Hive" + ("" if a.tremendous else " (not Tremendous)"),
        act.UseBookOfTheDead: lambda: f"{who} uses the Book of the Dead",
        act.TravelOffroad: lambda: f"{who} travels offroad",
        act.Hire: lambda: f"{who} hires the {a.traveller}" + (f" holding {a.chit}" if a.chit else ""),
        act.Fire: lambda: f"{who} frees the {a.traveller}" + (
            f" revealing {_where(board, a.path[0])} / {_where(board, a.path[1])}" if a.path else ""),
        act.Capture: lambda: f"{who} {'captures' if a.hit else 'misses'} the {a.traveller}",
        act.RaiseDead: lambda: f"the Necromancer raises the dead for {who}",
        act.PickpocketScore: lambda: f"the Pickpocket scores for {who}",
        act.RidOfJester: lambda: (f"{who} kills the Jester" if a.how == "killed"
                                  else f"{who} delivers the Jester to the GUARD" if a.how == "guard"
                                  else f"{who} is rid of the Jester: {a.how}"),
        act.CharacterKilled: lambda: f"{who} is killed" + (f" by {a.by}" if a.by else ""),
        act.GiveGold: lambda: f"{who} {'gains' if a.amount >= 0 else 'pays'} {abs(a.amount)} gold",
        act.GiveItem: lambda: f"{who} takes {a.item} ({a.item_kind})",
        act.RecordDeed: lambda: f"{who} did a deed: {a.deed}",
        act.DiscoverGuild: lambda: f"{who} discovers the {a.guild}",
        act.JoinGuild: lambda: f"{who} joins the {a.guild}",
        act.DrawQuest: lambda: f"{who} draws the quest {a.quest}",
        act.CompleteQuest: lambda: f"{who} completes the quest",
        act.LocateGate: lambda: f"{who} locates {a.gate}",
        act.GateTravel: lambda: f"{who} travels through the gates to {a.gate} with {a.moves} MOVE",
        act.BuyService: lambda: f"{who} buys {a.service} from the {a.traveller}",
        act.RunFromBattle: lambda: f"{who} runs from a battle" + (" with dragons" if a.dragons else "")
        + (" with the Bounty Hunter" if a.bounty else ""),
        act.ReadRunes: lambda: f"{who} reads the runes and "
                               f"{'learns' if a.learned else 'fails to learn'} the spell",
        act.TradeWithMerchant: lambda: (
            f"{who} buys {a.item} ({a.item_kind}) from the Merchant, face value {a.face_value}" if a.buying
            else f"{who} sells {a.item} ({a.item_kind}) to the Merchant, face value {a.face_value}"),
        act.MoveHireling: lambda: f"{who}'s {a.traveller} moves to {_where(board, a.clearing)}",
        act.PutOnRing: lambda: f"{who} puts on Shejoh's Ring" + (", the Witch-King in play"
                                                                 if a.witch_king_in_play else ""),
        act.EnchantressAid: lambda: f"the Enchantress aids {who}",
        act.PlayMiracle: lambda: f"{who} plays a Miracle chit{_chit(a.chit)} keeping the {a.keep} roll",
        act.WoundMiracle: lambda: f"{who} puts a Miracle chit{_chit(a.chit)} in the wound box",
    }
    return simple[type(a)]()


# -- reading words back ---------------------------------------------------------------------------

C = r"(?P<c>.+?)"
T = r"(?P<t>.+?)"


#: What builds an action from the groups its words matched, in the realm the words are read in.
Build = Callable[[Realm, dict[str, str]], act.DayAction]


def _who(realm: Realm, g: dict[str, str]) -> str:
    return realm_name(realm, g["c"])


def _piece(realm: Realm, g: dict[str, str]) -> str:
    return traveller_name(realm, g["t"])


def _place(realm: Realm, text: str) -> int:
    return realm.board.clearing_of(text).id


def _items(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())


#: Each action's words as a pattern, and how the action is built from what it matched: tried in order, the
#: first whole match wins (so the longer spellings of one verb come before the shorter).
_ROWS: list[tuple[str, Build]] = [
    (r"play the next day|next day", lambda r, g: act.NextDay()),
    (r"pod (?P<n>\d{1,4})(?: moves)?", lambda r, g: act.ChoosePod(int(g["n"]))),
    (r"offroad to (?P<w>.+)", lambda r, g: act.ChooseClearing(_place(r, g["w"]))),
    (C + r" takes the guild chit", lambda r, g: act.GrantGuildChit(_who(r, g))),
    (r"move " + C + r" to (?P<w>.+)", lambda r, g: act.MoveCharacter(_who(r, g), _place(r, g["w"]))),
    (r"day " + C + r": (?P<a>[^;]+?)(?:; phases (?P<p>\d{1,2}))?(?:; extra (?P<x>[^;]+?))?"
     r"(?P<f>; fleet foot)?",
     lambda r, g: act.RecordDay(_who(r, g), _items(g["a"]), None if g["p"] is None else int(g["p"]),
                             _items(g["x"] or ""), bool(g["f"]))),
    (r"cast miracle " + C + r": (?P<k>.+?)(?: with (?P<u>.+))?",
     lambda r, g: act.CastSpell(_who(r, g), "Miracle", chit=g["k"].strip(), cast_with=_items(g["u"] or ""))),
    (C + r" casts (?P<s>Miracle): (?P<k>.+?)(?: with (?P<u>.+))?",
     lambda r, g: act.CastSpell(_who(r, g), "Miracle", chit=g["k"].strip(), cast_with=_items(g["u"] or ""))),
    (C + r" casts (?P<s>Open Gate) to (?P<x>.+)", lambda r, g: act.CastSpell(_who(r, g), "Open Gate", g["x"])),
    (C + r" casts (?P<s>.+)", lambda r, g: act.CastSpell(_who(r, g), spell_name(g["s"]))),
    (C + r" strikes the Hive(?P<n> \(not Tremendous\))?", lambda r, g: act.StrikeHive(_who(r, g), not g["n"])),
    (C + r" uses the Book of the Dead", lambda r, g: act.UseBookOfTheDead(_who(r, g))),
    (C + r" travels offroad", lambda r, g: act.TravelOffroad(_who(r, g))),
    (C + r" hires the " + T + r"(?: holding (?P<k>.+))?", lambda r, g: act.Hire(_who(r, g), _piece(r, g), g["k"])),
    (C + r" frees the " + T + r" revealing (?P<a>.+?) / (?P<b>.+)",
     lambda r, g: act.Fire(_who(r, g), _piece(r, g), (_place(r, g["a"]), _place(r, g["b"])))),
    (C + r" frees the " + T, lambda r, g: act.Fire(_who(r, g), _piece(r, g))),
    (C + r" captures the " + T, lambda r, g: act.Capture(_who(r, g), _piece(r, g), True)),
    (C + r" misses the " + T, lambda r, g: act.Capture(_who(r, g), _piece(r, g), False)),
    (r"the Necromancer raises the dead for " + C, lambda r, g: act.RaiseDead(_who(r, g))),
    (r"the Pickpocket scores for " + C, lambda r, g: act.PickpocketScore(_who(r, g))),
    (C + r" kills the Jester", lambda r, g: act.RidOfJester(_who(r, g), "killed")),
    (C + r" delivers the Jester to the GUARD", lambda r, g: act.RidOfJester(_who(r, g), "guard")),
    (C + r" is killed by (?P<b>.+)", lambda r, g: act.CharacterKilled(_who(r, g), realm_name(r, g["b"]))),
    (C + r" is killed", lambda r, g: act.CharacterKilled(_who(r, g))),
    (C + r" gains (?P<n>\d{1,6}) gold", lambda r, g: act.GiveGold(_who(r, g), int(g["n"]))),
    (C + r" pays (?P<n>\d{1,6}) gold", lambda r, g: act.GiveGold(_who(r, g), -int(g["n"]))),
    (C + r" did a deed: (?P<d>.+)", lambda r, g: act.RecordDeed(_who(r, g), g["d"].strip())),
    (C + r" discovers the (?P<x>.+)", lambda r, g: act.DiscoverGuild(_who(r, g), guild_name(g["x"]))),
    (C + r" joins the (?P<x>.+)", lambda r, g: act.JoinGuild(_who(r, g), guild_name(g["x"]))),
    (C + r" draws the quest (?P<q>.+)", lambda r, g: act.DrawQuest(_who(r, g), g["q"].strip())),
    (C + r" completes the quest", lambda r, g: act.CompleteQuest(_who(r, g))),
    (C + r" travels through the gates to (?P<x>.+?) with (?P<n>\d) MOVE",
     lambda r, g: act.GateTravel(_who(r, g), g["x"].strip(), int(g["n"]))),
    (C + r" locates (?P<x>.+)", lambda r, g: act.LocateGate(_who(r, g), g["x"].strip())),
    (C + r" buys (?P<i>.+?) \((?P<k>[^)]+)\) from the Merchant, face value (?P<v>\d{1,6})",
     lambda r, g: act.TradeWithMerchant(_who(r, g), g["i"].strip(), int(g["v"]), True, g["k"].strip())),
    (C + r" sells (?P<i>.+?) \((?P<k>[^)]+)\) to the Merchant, face value (?P<v>\d{1,6})",
     lambda r, g: act.TradeWithMerchant(_who(r, g), g["i"].strip(), int(g["v"]), False, g["k"].strip())),
    (C + r" buys (?P<s>.+?) from the " + T, lambda r, g: act.BuyService(_who(r, g), _piece(r, g), g["s"].strip())),
    (C + r" runs from a battle(?P<d> with dragons)?(?P<b> with the Bounty Hunter)?",
     lambda r, g: act.RunFromBattle(_who(r, g), bool(g["d"]), bool(g["b"]))),
    (C + r" reads the runes and (?P<l>learns|fails to learn) the spell",
     lambda r, g: act.ReadRunes(_who(r, g), g["l"].casefold() == "learns")),
    (C + r"'s " + T + r" moves to (?P<w>.+)",
     lambda r, g: act.MoveHireling(_who(r, g), _piece(r, g), _place(r, g["w"]))),
    (C + r" puts on Shejoh's Ring(?P<w>, the Witch-King in play)?",
     lambda r, g: act.PutOnRing(_who(r, g), bool(g["w"]))),
    (r"the Enchantress aids " + C, lambda r, g: act.EnchantressAid(_who(r, g))),
    (C + r" plays a Miracle chit(?: (?P<k>.+?))? keeping the (?P<h>low|high) roll",
     lambda r, g: act.PlayMiracle(_who(r, g), g["k"], g["h"].casefold())),
    (r"miracle " + C + r"(?: (?P<h>low|high))?",
     lambda r, g: act.PlayMiracle(_who(r, g), keep=(g["h"] or "low").casefold())),
    (C + r" puts a Miracle chit(?: (?P<k>.+?))? in the wound box",
     lambda r, g: act.WoundMiracle(_who(r, g), g["k"])),
    (C + r" takes (?P<i>.+?) \((?P<k>large treasure|small treasure|item)\)",
     lambda r, g: act.GiveItem(_who(r, g), g["i"].strip(), g["k"].casefold())),
]

#: The patterns compiled once, matching the whole text whatever its case.
_GRAMMAR: tuple[tuple[re.Pattern[str], Build], ...] = tuple(
    (re.compile(pattern + r"\Z", re.IGNORECASE), build) for pattern, build in _ROWS
)


def parse(realm: Realm, text: str) -> act.DayAction | None:
    """The action ``text`` names (not yet judged legal), or None when it is no action's words.

    A clearing that is not on the board is refused (``InputError``) with what is wrong."""
    said = " ".join(text.split())
    for pattern, build in _GRAMMAR:
        found = pattern.match(said)
        if found is not None:
            return build(realm, found.groupdict())
    return None


def realm_name(realm: Realm, text: str) -> str:
    """A character's name as placed, whatever its case (an unknown one as typed: the rules refuse it)."""
    wanted = text.strip()
    for c in realm.characters:
        if c.name.casefold() == wanted.casefold():
            return c.name
    return wanted


def traveller_name(realm: Realm, text: str) -> str:
    wanted = text.strip()
    for piece in realm.travellers:
        if piece.name.casefold() == wanted.casefold():
            return piece.name
    return wanted


def guild_name(text: str) -> str:
    wanted = text.strip()
    for name in ("Fight Guild", "Thief Guild", "Wiz Guild"):
        if name.casefold() == wanted.casefold():
            return name
    return wanted


def spell_name(text: str) -> str:
    wanted = text.strip()
    for name in ("Hop", "Prayer", "Vision", "Rocks Glow", "Miracle", "Open Gate"):
        if name.casefold() == wanted.casefold():
            return name
    return wanted



