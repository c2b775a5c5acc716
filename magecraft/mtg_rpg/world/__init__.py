"""World Campaigning (seed 000, "WORLD CAMPAIGNING - The Big Picture" to "Starting a Kingdom").

Realms on a hex map run themselves season by season: :mod:`.hexmap` (the realms map), :mod:`.realm` (the realm
control sheet, new governments), :mod:`.rules` (the seed's tables as data and the house rules), :mod:`.campaign`
(the world and its seasons, which composes the rule modules), :mod:`.board` (what those modules take of a world,
and a realm's turn), :mod:`.turn` (the phases of a campaign turn), :mod:`.events` (random events),
:mod:`.orders` (the actions offered), :mod:`.order_costs`, :mod:`.order_checks` and :mod:`.order_performing`
(what each costs, may not be done, does), :mod:`.roads` (road networks), :mod:`.war` (Make War and capture),
:mod:`.naval` (naval units at sea), :mod:`.troops` (unit markers, scouts, what spies learn), :mod:`.policy`
(realms run by the engine), :mod:`.generate` (sample and random worlds, new kingdoms) and :mod:`.game_type`
(the registered game, its positions).
"""
