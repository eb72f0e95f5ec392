"""racegen: print, generate and solve race games."""

__version__ = "0.1.0"
