"""Helpers for the campaign tests: a campaign with scripted dice, provinces handed out by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from magecraft.core.errors import RuleError
from magecraft.core.randomness import Randomness
from magecraft.wizard_prince.campaign.answers import Option, read_answer
from magecraft.wizard_prince.campaign.nobles import CampaignNoble
from magecraft.wizard_prince.campaign.settings import CampaignSettings
from magecraft.wizard_prince.campaign.tasks import Decision
from magecraft.wizard_prince.campaign.year import Campaign


def campaign(names: Sequence[str] = ("Ann", "Bob"), dice: Sequence[int] = (), *,
             settings: CampaignSettings | None = None, sheets: dict[str, dict[str, Any]] | None = None,
             realms: dict[str, Sequence[str]] | None = None) -> Campaign:
    """A campaign before year 1 (``c.year`` 0): ``sheets`` override nobles' fields, ``realms`` give each noble
    provinces (the first is his capital)."""
    sheets = sheets or {}
    nobles = [CampaignNoble(name=n, **sheets.get(n, {})) for n in names]
    c = Campaign.new(nobles, Randomness.scripted(list(dice)), settings=settings)
    for noble, provinces in (realms or {}).items():
        for p in provinces:
            c.provinces[p].owner = noble
        c.nobles[noble].capital = provinces[0] if provinces else ""
    return c


def answer(c: Campaign, *option: Any) -> None:
    """Answer the pending question with the typed answer these words give."""
    assert c.pending is not None
    c.apply(read_answer(c.pending.kind, tuple(option)))


def option_words(c: Campaign) -> tuple[Option, ...]:
    """The pending question's answers, each as its words (as a save writes them)."""
    assert c.pending is not None
    return tuple(o.option for o in c.pending.options)


def run_tasks(c: Campaign, *tasks: dict[str, Any]) -> None:
    """Queue ``tasks`` alone and run them until they ask something (or finish)."""
    c.pending = None
    c.tasks = list(tasks)
    c.run()


def refused(c: Campaign, action: Any, words: str) -> None:
    before = c.to_dict()
    with pytest.raises(RuleError, match=words):
        c.apply(action)
    assert c.to_dict() == before


def all_rolled(c: Campaign) -> bool:
    return bool(c.rng.source.remaining == 0)  # type: ignore[attr-defined]


def news(c: Campaign) -> list[str]:
    return [e["text"] for e in c.chronicle]


def pending(c: Campaign) -> Decision | None:
    """The decision waiting now (a function, so a type checker does not keep an earlier narrowing)."""
    return c.pending
