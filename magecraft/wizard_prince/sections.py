"""The sections of seed 004 ("Wizard-Prince") the banquet rules come from, as named in events and errors."""

BANQUET = "The Imperial Banquet"
D20 = "Using These Rules With D&D 3.5"
TURNS = "Turns at the Banquet"
OFF_BOARD = "Off-Board Player Character Nobles"
PIECES = "Moving the Non-Player Character Pieces at Court"
CHITS = "The Courtier Descriptions"
NPC = "Optional Rules: NPC Nobles"
