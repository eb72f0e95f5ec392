"""The rules of a move: the rule switches and their accelerations, the referee of one move, and racing lines (moves files) checked.
Imports track, drawn and the race's goodies (actions in moves files); never solving, printing or commands."""
