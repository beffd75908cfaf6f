"""Adapters to other game frameworks (optional extras; import the submodule you need).

- ``castlerules.adapters.openspiel`` — every game as a pure-Python OpenSpiel game
  (``pip install "castlerules[openspiel]"``).
- ``castlerules.adapters.pettingzoo`` — every game as a PettingZoo AEC environment
  (``pip install "castlerules[pettingzoo]"``).
- ``castlerules.adapters.common`` — what both share (action ids, the several-actors race, returns,
  observations); it imports neither framework.
"""
