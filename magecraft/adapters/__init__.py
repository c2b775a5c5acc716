"""Adapters for reinforcement-learning libraries, written once over the game registry (an optional extra:
``pip install 'magecraft[rl]'``; never imported by the command line).

- :mod:`.features` -- observations as fixed-size arrays, actions as indices into the legal actions;
- :mod:`.pettingzoo` -- a PettingZoo AEC environment for every registered game type;
- :mod:`.openspiel` -- OpenSpiel Python games (``pyspiel.register_game``) with explicit chance nodes.
"""
