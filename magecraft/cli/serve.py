"""``magecraft serve``: the web table (see magecraft/web). Parses options, prints the links, runs uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer

from magecraft.cli.options import DbOption
from magecraft.core.errors import InputError


def _lan_address() -> str:
    """This machine's address on the table's network (no packet is sent: a UDP socket only picks a route)."""
    import socket  # only when serving: the root command's start-up does not pay for it

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _qr(url: str) -> None:
    import qrcode

    code = qrcode.QRCode(border=1)
    code.add_data(url)
    code.print_ascii(invert=True)


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on; 0.0.0.0 for the table's network.")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    demo: Annotated[str | None, typer.Option("--demo", help="Open a demo table of this game (two seats).")]
    = None,
    db: DbOption = None,
) -> None:
    """Serve the web table for phones and the game master's screen.

    Prints the game master's link (and with --demo one link per seat), then serves until Ctrl-C.

    Example: magecraft serve --demo wizard-prince-banquet --port 8000
    """
    if not 0 < port < 65536:
        raise InputError(f"--port takes 1-65535, not {port}")
    import secrets

    import uvicorn

    from magecraft.web.app import create_app

    gm_token = secrets.token_urlsafe(18)
    app = create_app(db, gm_token)
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    base = f"http://{shown}:{port}"
    lines = [("game master", f"{base}/gm/{gm_token}")]
    if demo is not None:
        tables = app.state.tables
        number = 1 + sum(1 for name in tables.tables if name.startswith(f"demo-{demo}"))
        name = f"demo-{demo}-{number}"
        state_seats = _two_people(demo)
        links = tables.create(name, demo, state_seats)
        lines = [(seat, f"{base}/t/{name}/{key}") for seat, key in links.seats.items()] + lines
    for who, url in lines:
        typer.echo(f"{who}: {url}", color=False)
        if host in ("0.0.0.0", "::"):
            _qr(url)
    uvicorn.run(app, host=host, port=port, access_log=False, log_level="warning", timeout_graceful_shutdown=2)


def _two_people(game: str) -> list[str]:
    """The first two seats the rule book does not itself play (the others are bots)."""
    from magecraft.core.randomness import Randomness
    from magecraft.games import registry

    game_type = registry().get(game)
    state = game_type.new_game(Randomness.seeded(0))
    fixed = game_type.bots_for(state, "")
    return [seat for seat, bot in fixed.items() if not bot][:2]


