"""Magic Realm Expansion One (seed 002): not implemented yet (no open issue); the CLI group says so."""
