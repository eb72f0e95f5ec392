"""`racegen serve`: the library as a local web page (generator/web)."""

from __future__ import annotations

import click

LOCAL = "127.0.0.1"


@click.command("serve")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True)
@click.option(
    "--host",
    default=None,
    help=f"Address to listen on. [default: {LOCAL}, this computer only]; another address "
    "lets other machines reach the page (a warning says so).",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
def serve(port: int, host: str | None, open_browser: bool) -> None:
    """Serve the printables, Graph Racers play and Triactor settling as a web page on this
    computer (127.0.0.1): nothing leaves the machine. Ctrl-C stops it."""
    from generator.web.server import run

    if host is not None and host not in (LOCAL, "localhost", "::1"):
        click.echo(
            f"warning: listening on {host}: other machines on the network can reach this page",
            err=True,
        )
    run(host or LOCAL, port, open_browser, lambda url: click.echo(f"racegen serve: {url}"))
