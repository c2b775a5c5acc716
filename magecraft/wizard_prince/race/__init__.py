"""Wizard-Prince chariot racing in the circus maximus (seed 004, "Optional Rules: Chariot Racing").

- :mod:`.track`: the circus (lanes around the spina, turnarounds, start/finish line), loadable from TOML;
- :mod:`.chariots`: chariots, charioteers and the charioteering check;
- :mod:`.race`: the race as a ``GameState`` (initiative, movement, winning);
- :mod:`.free_actions`: free and risky actions, the whips, the turnaround check;
- :mod:`.crashes`: the Scythe Attack table, crashes and chains, wrecks and dragged drivers;
- :mod:`.betting`: the crowd's bets, odds, player bets and payouts;
- :mod:`.bots`: a cautious and an aggressive driver.
"""
