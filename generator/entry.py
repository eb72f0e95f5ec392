"""The `racegen` program: Ctrl-C at any moment is one line, never a traceback.

This module imports nothing of racegen's at module level, so that a Ctrl-C while Python
imports the command line (start-up) is caught here: `Error: interrupted`, exit 130. Once the
command has ended, Ctrl-C is ignored while the interpreter exits: the exit code says what the
command did (a Ctrl-C then used to kill the process by SIGINT, with no message, after the
files were complete).
"""

from __future__ import annotations

import signal
import sys


def main() -> None:
    try:
        from generator.cli import main as run

        run()
        code: object = 0
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:
        sys.stderr.write("Error: interrupted\n")
        code = 130
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread (an embedding program): leave its handler
        pass
    sys.exit(code)
