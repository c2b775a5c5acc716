"""Planeswalker RPG (1d4chan, seed 001): planeswalkers made from stats and a colour identity, who fight battles.

The character and its growth (``character``, ``data``, ``skills``, ``rest``); the battle as a game state
(``combat``'s ``Battle``, registered as ``planeswalker-battle``) and the rule modules it composes, which read
it through protocols (``field``, ``battling``, ``resolver``): what may be done (``decisions``), the turn's phases
(``phases``), answering spells (``responses``), engaging and locked combat (``engaging``, ``locked``), what spells
and abilities do (``resolution``, ``effects`` read from ``data/card_effects.toml``, ``card_rulings``), creatures
entering, lords and control (``entering``, ``lords``, ``control``), kept permanents (``pervasive``).
"""
