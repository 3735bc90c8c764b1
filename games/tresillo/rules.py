"""Tresillo and L'Ombre, one family in one folder: the registry finds both games here (``GAMES``).

- :mod:`games.tresillo.ranking` and :mod:`games.tresillo.play`: the Spanish ranking with matadors and the
  referee (follow suit, trumps led force trumps, a matador forced out only by a higher one; who wins a trick);
- :mod:`games.tresillo.family`: three dealt in (the dealer of four sits out), the Hombre, sacado, codillo and
  repuesto, the record's tricks and the dealer's turn;
- :mod:`games.tresillo.tresillo`: tantos, the plato and the middle pool, the three situations, the Reserved
  Puesta sheet and the bonuses;
- :mod:`games.tresillo.ombre`: counters, the stakes, passes, cards taken in, matadors, the first five tricks;
- :mod:`games.tresillo.bidding` and :mod:`games.tresillo.bid_referee`: each game's bidding (whose turn, which bid
  overcalls which, who is the Hombre), checked in a deal's record and asked at the referee by the same code.
"""

from __future__ import annotations

from .ombre import OMBRE
from .tresillo import TRESILLO

GAMES = (TRESILLO, OMBRE)
