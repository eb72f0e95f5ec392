"""Stop or roll, exactly: the press-your-luck table, the best rule on an open straight, a car k squares ahead.
Imports rules (faces) only; never printing or commands."""
