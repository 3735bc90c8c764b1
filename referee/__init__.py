"""Tapete's referee: the rules of each game, in pure Python (no Django)."""
