"""The Triactor race: horses, the track, coins and dice, the race engine, who picks the die, a race's log.
Imports generator.core/errors/resources only; never betting, printing or commands."""
