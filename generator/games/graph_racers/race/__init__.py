"""The race at the table: 2-6 cars, damage, collisions, designs and goodies (James Bond mode), the Swedish variant, drivers and replay.
Imports track, drawn, moves and solving; never printing or commands."""
