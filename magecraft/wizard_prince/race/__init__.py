"""Wizard-Prince chariot racing in the circus maximus (seed 004, "Optional Rules: Chariot Racing").

- :mod:`.track`: the circus (lanes around the spina, turnarounds, start/finish line), loadable from TOML;
- :mod:`.chariots`: chariots, charioteers and the charioteering check;
- :mod:`.race`: the race as a ``GameState`` (initiative, movement, winning); it composes the rule modules
  below, which take a :class:`.field.Field` (what they read of a race) and the :class:`.field.Turn` in progress;
- :mod:`.free_actions`: free and risky actions, the whips, the turnaround check;
- :mod:`.crashes`: the Scythe Attack table, crashes and chains, wrecks and dragged drivers;
- :mod:`.betting`: the crowd's bets, odds, player bets and payouts;
- :mod:`.bots`: a cautious and an aggressive driver;
- :mod:`.actions`, :mod:`.settings`, :mod:`.sections`, :mod:`.game_type`: the choices in words, the table's
  settings, the seed's section names, the registered game with its positions and NPC charioteers.
"""
