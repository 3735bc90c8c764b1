"""Pablo, in its two variants: the French text (seed 001) and the English text (seed 004)."""
