"""Tresillo and L'Ombre: one family, one folder (seed 003; RULINGS.md "Tresillo" and "L'Ombre")."""
