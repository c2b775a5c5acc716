"""The exact chance that a realm action a table roll decides goes well, before the referee records it (issue 28).

Worked out from the table's rows and the dice :mod:`.table_dice` gives it (the base game's high die of two,
or one die with ``RealmSettings.one_die``, ruling MR49), never simulated and never drawing on the realm's
dice.  What "goes well" means is the table's own good rows:

- offroad travel (2.2-2.4): a clearing is reached (Choice, Choose, Random or the same clearing), not Lost or
  an Avalanche; on the column of the clearing left, with the Woodsman's -1 (7.10);
- the Enchantress's aid (7.10 Enchantress): she casts a spell (any row but "None");
- the captured Pickpocket's score at a dwelling (7.10 Pickpocket): some gold (any row but "nothing").

Other actions roll for something that is neither good nor bad (Hop's random clearing, Shejoh's Ring, the
Necromancer's dead): no chance is given for them.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from magecraft.core.odds import Chance, table_odds
from magecraft.magic_realm.actions import DayAction, EnchantressAid, PickpocketScore, TravelOffroad
from magecraft.magic_realm.table_dice import RealmSettings, dice_text, table
from magecraft.magic_realm.travel import OFFROAD, offroad_modifier, offroad_table

if TYPE_CHECKING:
    from magecraft.magic_realm.realm import Realm

TRAVELLERS = "7. Travellers"


@cache
def good_rows(name: str, settings: RealmSettings, modifier: int, key: str, bad: str) -> Fraction:
    """The chance that table ``name`` (rolled as ``settings`` say, plus ``modifier``) gives a row whose
    ``key`` is not ``bad``; cached per table, dice and modifier."""
    rolled = table(name, settings)
    bad_results = {row.result for row in rolled.rows if str(row.data.get(key, "")) == bad}
    return sum((p for result, p in table_odds(rolled, modifier).items() if result not in bad_results), Fraction(0))


def _offroad(realm: Realm, action: Any) -> Chance:
    who = realm.character(action.character)
    kind = realm.board.clearings[who.clearing].kind
    woodsman = realm.retinues[who.name].serves("Woodsman")
    name = offroad_table(kind)
    chance = good_rows(name, realm.settings, offroad_modifier(woodsman=woodsman), "outcome", "lost")
    column = name.removeprefix("mr_offroad_").upper()
    less = " - 1 (the Woodsman)" if woodsman else ""
    return Chance(chance, f"{dice_text(realm.settings)}{less} on offroad travel's {column} column: a clearing "
                          "reached, not Lost", OFFROAD)


def _enchantress(realm: Realm, action: Any) -> Chance:
    chance = good_rows("mr_enchantress_aid", realm.settings, 0, "spell", "")
    return Chance(chance, f"{dice_text(realm.settings)} on Enchantress aid: she casts a spell", TRAVELLERS)


def _pickpocket(realm: Realm, action: Any) -> Chance:
    chance = good_rows("mr_pickpocket_score", realm.settings, 0, "gold", "0")
    return Chance(chance, f"{dice_text(realm.settings)} on Pickpocket score: some gold", TRAVELLERS)


#: The actions a table roll decides, by their class.
CHANCES: dict[type, Callable[[Realm, Any], Chance]] = {
    TravelOffroad: _offroad, EnchantressAid: _enchantress, PickpocketScore: _pickpocket,
}


def chance_of(realm: Realm, action: DayAction) -> Chance | None:
    """The chance ``action`` goes well where a table roll decides it, else None; changes nothing."""
    work = CHANCES.get(type(action))
    return None if work is None else work(realm, action)
