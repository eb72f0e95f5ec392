"""Stop or roll, exactly: the press-your-luck table, the best rule on an open straight, a car k squares ahead, the card's figures.
Imports rules (faces) only; never printing or commands. Inside: luck, open_straight, car_ahead, then card on top of both."""
