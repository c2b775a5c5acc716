"""What each page shows, as plain data for the templates: a seat sees ``observation(seat)``, the events
it may see and, when the decision is its own, its legal actions grouped kind first; the game master sees
the whole state, every seat and the whole log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from magecraft.core.events import Event
from magecraft.core.state import GameState
from magecraft.games import registry
from magecraft.web.boards import panels
from magecraft.web.tables import GM, Tables

LOG_LINES = 30


def event_line(event: Event) -> dict[str, Any]:
    """An event in words: its label, the die and value of a roll, its target if any, the book's section."""
    data = event.data
    die = data.get("dice") or data.get("die")
    roll = f"{die}: {data['value']}" if event.kind == "roll" and "value" in data else ""
    target = data.get("target") or data.get("needed") or data.get("difficulty")
    return {"seq": event.seq, "kind": event.kind, "label": event.label, "roll": roll,
            "target": "" if target is None or isinstance(target, dict | list) else str(target),
            "section": event.section or ""}


def grouped(state: GameState[Any], actions: Sequence[Any]) -> list[dict[str, Any]]:
    """The legal actions as the play loop groups them: by their first word (the kind), then, where a kind
    offers more than fit a phone's screen, by their second word (the target: ``INTERFERE courtier-11 ...``).
    An action a roll decides carries its chance (``percent``) and the roll in words (``odds``): the state's
    own ``chance_of``, worked out here and never by the page."""
    groups: dict[str, list[dict[str, str]]] = {}
    for action in actions:
        text = state.action_text(action)
        kind, _, rest = text.partition(" ")
        chance = state.chance_of(action)
        groups.setdefault(kind, []).append({"text": text, "rest": rest or kind,
                                            "percent": chance.percent if chance else "",
                                            "odds": chance.text() if chance else ""})
    return [{"kind": kind, "actions": items, "targets": _targets(items)} for kind, items in groups.items()]


#: A kind offering more actions than this is split by target (a 740 px screen holds about a dozen buttons).
MANY = 12


def _targets(items: list[dict[str, str]]) -> list[dict[str, Any]]:
    """``items`` by their target (the first word after the kind); none when they are few or all different."""
    if len(items) <= MANY:
        return []
    targets: dict[str, list[dict[str, str]]] = {}
    for item in items:
        target, _, rest = item["rest"].partition(" ")
        targets.setdefault(target, []).append({**item, "rest": rest or target})
    if len(targets) in (1, len(items)):
        return []
    return [{"target": target, "actions": found} for target, found in targets.items()]


def tree(value: Any, depth: int = 0) -> Any:
    """A JSON value trimmed for a page: long lists cut, deep nesting summarised."""
    if depth > 6:
        return "…"
    if isinstance(value, Mapping):
        return {str(k): tree(v, depth + 1) for k, v in value.items() if k not in ("log", "rng", "randomness")}
    if isinstance(value, list | tuple):
        items = [tree(v, depth + 1) for v in value[:60]]
        return items + ([f"… {len(value) - 60} more"] if len(value) > 60 else [])
    return value


def _seats(tables: Tables, table: str, state: GameState[Any]) -> list[dict[str, Any]]:
    info = tables.info(table)
    player = state.current_player()
    return [{"name": s.name, "bot": s.bot, "joined": s.joined, "to_act": s.name == player}
            for s in info.seats]


def seat_view(tables: Tables, table: str, seat: str, key: str) -> dict[str, Any]:
    state, revision = tables.state(table)
    info = tables.info(table)
    decision = state.decision()
    mine = decision is not None and decision.player == seat and not info.paused and info.wanted is None
    log = [event_line(e) for e in state.log if e.kind != "randomness" and state.event_visible(e, seat)]
    observation = state.observation(seat)
    return {
        "title": registry().get(info.game).title, "table": table, "seat": seat, "base": f"/t/{table}/{key}",
        "revision": revision, "form_token": tables.form_token(table, seat, revision),
        "version": tables.version(table, revision),
        "board": (board := panels(info.game, observation)),
        # a banquet drawn square by square needs no tree of its values (the page is sent at every update)
        "observation": tree(observation) if board is None or board["kind"] != "banquet" else None,
        "seats": _seats(tables, table, state),
        "groups": grouped(state, decision.actions) if mine and decision else [],
        "waiting_for": decision.player if decision else None, "paused": info.paused,
        "wanted": info.wanted if info.wanted is not None and info.wanted.seat == seat else None,
        "typed": info.typed_dice, "undo": _undo(tables, table, seat, state),
        "finished": state.is_terminal(), "result": state.result() if state.is_terminal() else None,
        "log": log[-LOG_LINES:], "error": None,
    }


def _undo(tables: Tables, table: str, who: str, state: GameState[Any]) -> dict[str, Any] | None:
    """The undo button of ``who``'s page, with the reason it is refused now if it is; None before ``who``
    has played anything."""
    info = tables.info(table)
    if who != GM and info.played_by(who) == 0 and (info.wanted is None or info.wanted.seat != who):
        return None
    if who == GM and info.last is None and info.wanted is None:
        return None
    what = info.wanted.action if info.wanted is not None else info.last.words if info.last else "your action"
    return {"what": what, "refusal": tables.undo_refusal(table, who, state)}


def gm_view(tables: Tables, table: str, token: str) -> dict[str, Any]:
    state, revision = tables.state(table)
    info = tables.info(table)
    decision = state.decision()
    whole = state.to_dict()
    return {
        "title": registry().get(info.game).title, "table": table, "base": f"/gm/{token}/t/{table}",
        "lobby": f"/gm/{token}", "revision": revision, "form_token": tables.form_token(table, GM, revision),
        "version": tables.version(table, revision),
        "state": tree(whole), "board": panels(info.game, {**whole, "viewer": GM}),
        "seats": _seats(tables, table, state),
        "waiting_for": decision.player if decision else None, "paused": info.paused,
        "wanted": info.wanted if info.wanted is not None and info.wanted.seat == GM else None,
        "typed": info.typed_dice, "undo": _undo(tables, table, GM, state),
        "pending_die": info.wanted, "finished": state.is_terminal(),
        "result": state.result() if state.is_terminal() else None,
        "log": [event_line(e) for e in state.log if e.kind != "randomness"][-LOG_LINES * 2:],
        "error": None, "links": {},
    }


def lobby_view(tables: Tables, token: str) -> dict[str, Any]:
    games = [{"name": g.name, "title": g.title, "description": g.description} for g in registry()]
    rows = []
    for name, info in tables.tables.items():
        rows.append({"name": name, "game": info.game, "url": f"/gm/{token}/t/{name}",
                     "seats": ", ".join(s.name + (f" ({s.bot})" if s.bot else "") for s in info.seats)})
    saves = [{"id": s.id, "name": s.name, "game": g.name, "title": g.title, "revision": s.revision,
              "updated": s.updated[:16].replace("T", " "), "seats": ", ".join(_seat_names(tables, g, s.id))}
             for s, g in tables.saves_to_open()]
    return {"title": "magecraft", "games": games, "tables": rows, "saves": saves, "base": f"/gm/{token}",
            "error": None}


def _seat_names(tables: Tables, game_type: Any, save_id: int) -> tuple[str, ...]:
    """The seats of a saved game, for the lobby's form (a save that does not load shows none)."""
    from magecraft.core.errors import MagecraftError

    try:
        seats: tuple[str, ...] = game_type.load(tables.store.get(save_id).state).seats()
    except MagecraftError:
        return ()
    return seats
