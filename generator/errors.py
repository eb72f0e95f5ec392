"""Exceptions that the command line maps to one `Error: ...` line.

Library code raises these with a message a person can act on: what went wrong, where,
and what to do. No click import here: the model layer uses these too.
"""

from __future__ import annotations


class RacegenError(Exception):
    """Base of every error racegen reports to a user (exit code 1)."""

    exit_code = 1


class InvalidInput(RacegenError):
    """A file, option value or position that cannot be used as given."""


class Unsolvable(RacegenError):
    """A puzzle or track with no solution under the rules asked for."""


class OutputExists(RacegenError):
    """An output file exists and --force was not given."""


class LimitExceeded(RacegenError):
    """A size, count or effort limit was exceeded."""


class BadOption(InvalidInput):
    """An option value, or a mix of options, a command cannot use: a usage error (exit 2).

    option: the option named ('--sheet'), or '' when the options only clash together; the
    command line words it as click words its own usage errors."""

    exit_code = 2

    def __init__(self, message: str, option: str = "") -> None:
        super().__init__(message)
        self.option = option


class OutputBusy(RacegenError):
    """Another racegen is writing into the same output folder."""
