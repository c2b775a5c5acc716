"""Wizard-Prince (seed 004): the Imperial Banquet with its courtier chits, NPC nobles and bots.

- :mod:`.board` -- squares, paths and the banquet's starting position (data);
- :mod:`.chits` -- the 21 kinds of courtier chit (data);
- :mod:`.nobles` -- noble characters, NPC noble generation and saving throws;
- :mod:`.settings` -- the rulings a table may want to change;
- :mod:`.actions` -- MINGLE, SNOOP, INTERFERE and the choices the rules ask for;
- :mod:`.pieces` -- the chess pieces at court, the chits beneath courtiers, the Imperial Appointments;
- :mod:`.movement` -- who may move through or land on what;
- :mod:`.effects` -- what each courtier chit does when met or presented;
- :mod:`.banquet` -- the :class:`~.banquet.Banquet` game state: turns, moves square by square, saves, views;
- :mod:`.sections` -- the seed's section names, cited in events and errors;
- :mod:`.result` -- the :class:`~.result.BanquetResult` the campaign year consumes;
- :mod:`.bots` -- the seed's NPC noble, a random bot and a heuristic bot.
"""
