"""The per-book caches (issue 22): a name no book defines is worked out once for every battle, found at C
speed; a name a book defines is worked out per book, whatever was cached for it before the book was made."""

from __future__ import annotations

from magecraft.planeswalker.book import using
from magecraft.planeswalker.effects import spell_book, spell_effects, statics

OX = {"name": "Wall-Eyed Ox", "mana_cost": "{1}{G}", "types": ["Creature"], "power": "2", "toughness": "4",
      "static": ["can't block"]}


def lash(amount: int) -> dict[str, object]:
    return {"name": "Ember Lash Test", "mana_cost": "{1}{R}", "types": ["Instant"], "target": "enemy",
            "effects": [{"kind": "damage", "amount": amount}]}


def test_a_name_read_outside_any_book_is_read_afresh_once_a_book_defines_it():
    assert statics("Wall-Eyed Ox") == ()  # no such card outside the book: cached as having none
    book = spell_book([OX])
    with using(book):
        assert statics("Wall-Eyed Ox") == ("can't block",)
    assert statics("Wall-Eyed Ox") == ()


def test_two_books_defining_one_name_each_read_their_own():
    three, five = spell_book([lash(3)]), spell_book([lash(5)])
    for book, amount in ((three, 3), (five, 5), (three, 3)):
        with using(book):
            assert [e.amount for e in spell_effects("Ember Lash Test")] == [amount]


def test_a_shipped_name_reads_the_same_in_every_book():
    with using(spell_book([OX])):
        inside = spell_effects("Shock")
    assert spell_effects("Shock") is inside and [e.amount for e in inside] == [2]
