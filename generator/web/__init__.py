"""`racegen serve`: the library in a browser on the user's own machine (issue 18).

app.py makes the Bottle application from the pages' routes: printables.py, kits.py, play.py
(one car), table.py (two to six), settle.py; beneath them page.py (the template, errors,
uploads, the body cap) and seats.py (a table's seats in the address), which import no route.
Nothing here is imported by the command line until `racegen serve` runs."""
