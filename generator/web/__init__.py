"""`racegen serve`: the library in a browser on the user's own machine (issue 18).

app.py makes the Bottle application; printables.py, play.py and settle.py hold the pages.
Nothing here is imported by the command line until `racegen serve` runs."""
