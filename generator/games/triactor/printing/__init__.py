"""What Triactor prints: board, tiles, slips, payout card, ledger, odds sheet, pieces, dice, rules summary.
Imports race, betting and generator.render/printing; never commands, click or the web page."""
