"""The designers' lab: sweeps of any registered game with any bots and house rules, on every core or a
Ray cluster, and what they say (win rates with intervals, A/B tests, plots).

- :mod:`.sweep` -- what one game of a sweep is and the row it gives;
- :mod:`.runners` -- serially, on a process pool, or on Ray, rows in seed order;
- :mod:`.results` -- the journal (resumable) and the CSV file;
- :mod:`.summary` -- the statistics (scipy) and the charts (matplotlib).
"""
