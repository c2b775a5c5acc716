"""Planeswalker RPG (1d4chan, seed 001): not implemented yet (no open issue); the CLI group says so."""
