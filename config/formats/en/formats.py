"""English dates a reader anywhere reads one way: "25 Nov 2026, 16:04", not the American "11/25/2026 4:04 p.m."
that a British, Irish or Indian phone reads as the 11th of a 25th month. Django's own English formats are
kept for everything else."""

SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
