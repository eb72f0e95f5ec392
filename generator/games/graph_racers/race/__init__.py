"""The race at the table: 2-6 cars and their log (cars), the engine (state), crashes, damage and collisions, designs and goodies (James Bond mode), the Swedish variant, drivers, the table's rules and the referee's replay.
Imports track, moves and solving (and the foundation); never generating, printing or commands."""
