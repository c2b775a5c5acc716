"""The web table's pages and routes (FastAPI, pages rendered on the server, HTMX and server-sent events).

Routes (``T`` a table, ``K`` a seat's secret link token, ``G`` the game master's):

- ``GET /healthz`` -- ``ok``;
- ``GET /gm/G`` -- the game master's lobby: every table, and a form to open a new one;
- ``POST /gm/G/tables`` -- open a table (a new game, or a scenario file's position); ``POST /gm/G/saves`` --
  open a saved game as a table; ``GET /gm/G/t/T`` a table's screen (state, seats, log, links);
- ``POST /gm/G/t/T/pause|override|undo|reissue|die`` -- the game master's controls;
- ``GET /t/T/K`` -- a seat's page; ``GET /t/T/K/view`` its fragment; ``GET /t/T/K/events`` its updates;
- ``POST /t/T/K/act``, ``/die`` and ``/undo`` -- an action, a real die, taking one's last action back.

Every state-changing request is a POST carrying the page's form token (tied to the seat, the table and
the revision the page showed); a wrong or revoked token, or another seat's, is answered 403 with
nothing changed; bodies over 16 KB are refused (413).  Tokens are never written to a log.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

from fastapi import FastAPI, File, Form, Request, UploadFile
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from magecraft.core.errors import InputError, MagecraftError, RuleError
from magecraft.core.registry import plain_options
from magecraft.core.saves import SaveStore
from magecraft.web.tables import GM, Forbidden, Links, Stale, Tables, from_scenario
from magecraft.web.views import gm_view, lobby_view, seat_view

HERE = Path(__file__).parent
MAX_BODY = 16 * 1024
#: A scenario file's upload field, optional.
_NO_FILE = File(None)


class Page(Protocol):
    """Renders a template: the request, the template's name, its context and the status."""

    def __call__(self, request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        ...


class Broadcaster:
    """Tells every open page of a table that it moved on (from request threads to the event loop)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[str, set[asyncio.Queue[str]]] = {}
        self.lock = threading.Lock()

    def publish(self, table: str, version: str) -> None:
        loop = self.loop
        if loop is None:
            return
        with self.lock:
            queues = list(self.waiting.get(table, ()))
        for queue in queues:
            loop.call_soon_threadsafe(queue.put_nowait, version)

    async def updates(self, table: str, version: str, seen: str) -> AsyncIterator[str]:
        """The table's updates.  A page whose stream (re)connected after a change it missed (the page was
        served before the stream opened, a phone woke up) is told at once: ``seen`` is the revision the
        page was served at (:meth:`Tables.version`), and an update is sent first when the table moved on."""
        queue: asyncio.Queue[str] = asyncio.Queue()
        with self.lock:
            self.waiting.setdefault(table, set()).add(queue)
        try:
            missed = "" if seen == version else f"event: update\ndata: {version}\n\n"
            yield ": connected\n\n" + missed
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), timeout=15)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                yield f"event: update\ndata: {version}\n\n"
        finally:
            with self.lock:
                self.waiting.get(table, set()).discard(queue)


def create_app(db: Path | None, gm_token: str) -> FastAPI:
    """The web table over the save store at ``db``; ``gm_token`` opens the game master's pages."""
    store = SaveStore(db)
    tables = Tables(store)
    broadcaster = Broadcaster()
    tables.listen(broadcaster.publish)
    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        broadcaster.loop = asyncio.get_running_loop()
        yield

    app = FastAPI(title="magecraft table", docs_url=None, redoc_url=None, openapi_url=None, lifespan=lifespan)
    app.state.tables = tables
    app.state.gm_token = gm_token
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return PlainTextResponse("request too large", status_code=413)
        if request.method == "POST" and length is None:
            return PlainTextResponse("a length is required", status_code=411)
        return await call_next(request)

    @app.exception_handler(Forbidden)
    async def forbidden(_: Request, exc: Forbidden) -> Response:
        return PlainTextResponse(f"forbidden: {exc}", status_code=403)

    def page(request: Request, name: str, context: dict[str, Any], status: int = 200) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    def check_gm(token: str) -> None:
        import hmac

        if not hmac.compare_digest(token.encode(), gm_token.encode()):
            raise Forbidden("this link does not open the game master's screen")

    @app.get("/healthz", response_class=PlainTextResponse)
    def healthz() -> str:
        return "ok"

    _lobby_routes(app, tables, page, check_gm)
    _game_master_routes(app, tables, broadcaster, page, check_gm)
    _game_master_controls(app, tables, page, check_gm)
    _seat_routes(app, tables, broadcaster, page)

    @app.get("/")
    def root() -> Response:
        return RedirectResponse("/healthz")

    return app


def _lobby_routes(app: FastAPI, tables: Tables, page: Page, check_gm: Callable[[str], None]) -> None:
    """The game master's lobby: the tables, and a new table opened from a game, a scenario or a save
    (``/gm/G``)."""
    @app.get("/gm/{token}", response_class=HTMLResponse)
    def lobby(request: Request, token: str) -> HTMLResponse:
        check_gm(token)
        return page(request, "lobby.html", lobby_view(tables, token))

    def opened(request: Request, token: str, make: Callable[[], Links]) -> Response:
        """The new table's screen with its seat links (shown once), or the lobby saying in one line why not."""
        try:
            links = make()
        except MagecraftError as exc:
            context = lobby_view(tables, token)
            context["error"] = str(exc)
            return page(request, "lobby.html", context, status=400)
        context = gm_view(tables, links.table, token)
        context["links"] = {seat: f"/t/{links.table}/{key}" for seat, key in links.seats.items()}
        return page(request, "gm.html", context)

    @app.post("/gm/{token}/tables")
    def open_table(request: Request, token: str, game: str = Form(...), name: str = Form(...),
                   people: str = Form(""), seed: str = Form(""), physical: str = Form(""),
                   options: str = Form(""), scenario: str = Form(""),
                   scenario_file: UploadFile | None = _NO_FILE) -> Response:
        check_gm(token)
        text = _upload(scenario_file) or scenario

        def make() -> Links:
            seed_value = int(seed) if seed.strip().isdigit() and len(seed) < 12 else None
            persons = [p.strip() for p in people.split(",") if p.strip()]
            if text.strip():
                # a scenario names its own game and sets up its own position ("--scenario")
                kind, state = from_scenario(text, seed_value)
                return tables.create(name.strip(), kind, persons, seed=seed_value, physical=bool(physical),
                                     state=state)
            return tables.create(name.strip(), game, persons, seed=seed_value, physical=bool(physical),
                                 options=plain_options(options))

        return opened(request, token, make)

    @app.post("/gm/{token}/saves")
    def open_save(request: Request, token: str, save: str = Form(...), people: str = Form("")) -> Response:
        check_gm(token)

        def make() -> Links:
            if not save.isdigit() or len(save) > 12:
                raise InputError(f"{save[:20]!r} is not a save of this store")
            return tables.open_save(int(save), [p.strip() for p in people.split(",") if p.strip()])

        return opened(request, token, make)



def _game_master_routes(app: FastAPI, tables: Tables, broadcaster: Broadcaster, page: Page,
                        check_gm: Callable[[str], None]) -> None:
    """The game master's screen of a table and its updates (``/gm/G/t/T``)."""
    @app.get("/gm/{token}/t/{table}", response_class=HTMLResponse)
    def gm_screen(request: Request, token: str, table: str) -> HTMLResponse:
        check_gm(token)
        return page(request, "gm.html", gm_view(tables, table, token))

    @app.get("/gm/{token}/t/{table}/view", response_class=HTMLResponse)
    def gm_fragment(request: Request, token: str, table: str) -> HTMLResponse:
        check_gm(token)
        return page(request, "gm_body.html", gm_view(tables, table, token))

    @app.get("/gm/{token}/t/{table}/events")
    def gm_events(token: str, table: str, seen: str = "") -> StreamingResponse:
        check_gm(token)
        return StreamingResponse(broadcaster.updates(table, tables.version(table, tables.revision(table)), seen),
                                 media_type="text/event-stream")


def _game_master_controls(app: FastAPI, tables: Tables, page: Page, check_gm: Callable[[str], None]) -> None:
    """The game master's controls of a table: pause, override, undo, a new seat link, a die for a bot
    (``/gm/G/t/T/...``); every one checked by the engine's table, never trusted from the page."""
    def gm_action(request: Request, token: str, table: str, form_token: str, revision: str,
                  change: Callable[[int], object]) -> Response:
        check_gm(token)
        rev = _revision(revision)
        context_error = None
        try:
            tables.check_form(table, GM, rev, form_token)
            change(rev)
        except Forbidden:
            raise  # another seat's form token: 403, not a refusal shown on the screen
        except Stale as exc:
            context_error = str(exc)
        except MagecraftError as exc:
            context_error = f"refused: {exc}"
        context = gm_view(tables, table, token)
        context["error"] = context_error
        return page(request, _answer("gm", request), context, status=409 if context_error else 200)

    @app.post("/gm/{token}/t/{table}/pause")
    def pause(request: Request, token: str, table: str, form_token: str = Form(...), revision: str = Form(...),
              paused: str = Form("1")) -> Response:
        return gm_action(request, token, table, form_token, revision,
                         lambda rev: tables.pause(table, paused == "1"))

    @app.post("/gm/{token}/t/{table}/override")
    def override(request: Request, token: str, table: str, form_token: str = Form(...),
                 revision: str = Form(...), path: str = Form(...), value: str = Form(...)) -> Response:
        return gm_action(request, token, table, form_token, revision,
                         lambda rev: tables.override(table, path, value, rev))

    @app.post("/gm/{token}/t/{table}/undo")
    def gm_undo(request: Request, token: str, table: str, form_token: str = Form(...),
                revision: str = Form(...)) -> Response:
        return gm_action(request, token, table, form_token, revision, lambda rev: tables.undo(table, GM, rev))

    @app.post("/gm/{token}/t/{table}/reissue")
    def reissue(request: Request, token: str, table: str, form_token: str = Form(...),
                revision: str = Form(...), seat: str = Form(...)) -> Response:
        check_gm(token)
        tables.check_form(table, GM, _revision(revision), form_token)
        key = tables.reissue(table, seat)
        links = {seat: f"/t/{table}/{key}"}
        if not _by_htmx(request):
            return page(request, "gm.html", {**gm_view(tables, table, token), "links": links})
        return page(request, "gm_links.html", {"links": links})

    @app.post("/gm/{token}/t/{table}/die")
    def gm_die(request: Request, token: str, table: str, form_token: str = Form(...), revision: str = Form(...),
               value: str = Form(...)) -> Response:
        return gm_action(request, token, table, form_token, revision,
                         lambda rev: tables.enter_die(table, GM, _die(value), rev))

    # -- a seat --------------------------------------------------------------------------------------


def _seat_routes(app: FastAPI, tables: Tables, broadcaster: Broadcaster, page: Page) -> None:
    """A seat's page, its updates and its changes (``/t/T/K/...``)."""
    @app.get("/t/{table}/{key}", response_class=HTMLResponse)
    def seat_page(request: Request, table: str, key: str) -> HTMLResponse:
        seat = tables.seat_of(table, key)
        return page(request, "seat.html", seat_view(tables, table, seat, key))

    @app.get("/t/{table}/{key}/view", response_class=HTMLResponse)
    def seat_fragment(request: Request, table: str, key: str) -> HTMLResponse:
        seat = tables.seat_of(table, key)
        return page(request, "seat_body.html", seat_view(tables, table, seat, key))

    @app.get("/t/{table}/{key}/events")
    def seat_events(table: str, key: str, seen: str = "") -> StreamingResponse:
        tables.seat_of(table, key)
        return StreamingResponse(broadcaster.updates(table, tables.version(table, tables.revision(table)), seen),
                                 media_type="text/event-stream")

    def seat_change(request: Request, table: str, key: str, form_token: str, revision: str,
                    change: Callable[[str, int], object]) -> Response:
        seat = tables.seat_of(table, key)
        rev = _revision(revision)
        error, status = None, 200
        try:
            tables.check_form(table, seat, rev, form_token)
            change(seat, rev)
        except Stale as exc:
            error, status = str(exc), 409
        except (RuleError, InputError) as exc:
            error, status = f"refused: {exc}", 422
        context = seat_view(tables, table, seat, key)
        context["error"] = error
        return page(request, _answer("seat", request), context, status=status)

    @app.post("/t/{table}/{key}/act")
    def act(request: Request, table: str, key: str, form_token: str = Form(...), revision: str = Form(...),
            action: str = Form(...)) -> Response:
        return seat_change(request, table, key, form_token, revision,
                           lambda seat, rev: tables.act(table, seat, action, rev))

    @app.post("/t/{table}/{key}/die")
    def die(request: Request, table: str, key: str, form_token: str = Form(...), revision: str = Form(...),
            value: str = Form(...)) -> Response:
        return seat_change(request, table, key, form_token, revision,
                           lambda seat, rev: tables.enter_die(table, seat, _die(value), rev))

    @app.post("/t/{table}/{key}/undo")
    def undo(request: Request, table: str, key: str, form_token: str = Form(...),
             revision: str = Form(...)) -> Response:
        return seat_change(request, table, key, form_token, revision,
                           lambda seat, rev: tables.undo(table, seat, rev))


def _answer(screen: str, request: Request) -> str:
    """The template that answers a form: the part HTMX swaps in, or the whole page when the browser posted the
    form itself (no script yet, or none at all), so a form works either way."""
    return f"{screen}_body.html" if _by_htmx(request) else f"{screen}.html"


def _by_htmx(request: Request) -> bool:
    """Whether HTMX sent the request (it swaps in a part of the page), not the browser itself."""
    return request.headers.get("HX-Request") == "true"


def _upload(file: UploadFile | None) -> str:
    """An uploaded scenario file's text ('' when none was chosen); a file that is not UTF-8 is refused."""
    if file is None or not file.filename:
        return ""
    try:
        return file.file.read(MAX_BODY).decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{file.filename[:60]!r} is not a text file") from None


def _revision(text: str) -> int:
    if not text.isdigit() or len(text) > 12:
        raise Forbidden("this form is not one of ours")
    return int(text)


def _die(text: str) -> int:
    text = text.strip()
    if not text.isdigit() or len(text) > 4:
        raise InputError(f"a die shows a whole number, not {text[:12]!r}")
    return int(text)


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
