"""Writers that turn a stored termbase into files other tools read."""
