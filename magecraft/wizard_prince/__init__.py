"""Wizard-Prince (seed 004): the Imperial Banquet (this package), the chariot race (:mod:`.race`, "Optional
Rules: Chariot Racing") and the campaign year (:mod:`.campaign`, "How the Campaign Works"), which plays or
enters a banquet each year and reads its :class:`~.result.BanquetResult`.

The banquet's modules, data first: :mod:`.board`, :mod:`.chits`, :mod:`.pieces` (the board, the courtier
chits, the pieces and Imperial Appointments); :mod:`.nobles`, :mod:`.settings`, :mod:`.sections`,
:mod:`.actions`, :mod:`.phases`; then the rules: :mod:`.movement` (who may move where), :mod:`.court` (the
position and the initiative dice), :mod:`.legal_actions` (the legal actions and ``check``), :mod:`.effects`
(what each chit does, given the court as a ``Table``), :mod:`.meetings` (meeting, presenting, leaving, the
end), :mod:`.turns` (an action square by square, the next turn); :mod:`.banquet` composes them as the
:class:`~.banquet.Banquet` game state with its saves; :mod:`.position` and :mod:`.game_type` set one up;
:mod:`.result` is what it leaves the campaign; :mod:`.bots` the NPC noble, a random and a heuristic bot.
"""
