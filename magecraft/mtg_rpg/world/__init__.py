"""World Campaigning (seed 000, "WORLD CAMPAIGNING - The Big Picture" to "Starting a Kingdom").

Realms on a hex map run themselves season by season: :mod:`.hexmap` (the realms map),
:mod:`.realm` (the realm control sheet), :mod:`.rules` (the seed's tables as data and the house
rules), :mod:`.campaign` (the world and its seasons), :mod:`.turn` (the phases of a campaign
turn), :mod:`.orders` (the actions), :mod:`.war` (Make War and capture), :mod:`.naval` (naval
units at sea), :mod:`.troops` (unit markers, scouts, what spies learn), :mod:`.policy` (realms run
by the engine) and
:mod:`.generate` (sample and random worlds, new governments, new kingdoms).
"""
