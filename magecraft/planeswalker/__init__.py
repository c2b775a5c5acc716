"""Planeswalker RPG (1d4chan, seed 001): planeswalkers made from stats and a colour identity, who fight battles.

The character and its growth (``character``, ``data``, ``skills``, ``rest``); the battle as a game state
(``combat``'s ``Battle``, registered as ``planeswalker-battle``) and the rule modules it composes, which read
it through ``field.Field``: what may be done (``decisions``), locked combat (``locked``), what spells and
abilities do (``resolution``, ``effects`` read from ``data/card_effects.toml``), kept permanents (``pervasive``).
"""
