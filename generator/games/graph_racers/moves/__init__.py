"""The rules of a move: the rule switches and their accelerations, the referee of one move, racing lines (moves files) checked, and the James Bond actions a moves file writes (actions).
Imports track (and the foundation); never race, solving, generating, printing or commands."""
