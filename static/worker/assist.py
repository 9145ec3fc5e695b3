"""What the solver's answers mean for the player: the #assist panel a hint's or a "Show me how" answer
shows, in the player's language, and the deal a New game or daily deal asks for when the shipped
catalogue can give it. Pure Python (no DOM, no worker), tested under CPython.

The worker's session (static/worker/session.py) sends the requests to the solver (static/worker/solver_worker.py),
calls these on the answers and deals from the catalogue with `catalogue_deal`. One place for each
decision.
"""

from __future__ import annotations

from canfield import Game, catalog
from canfield.save import to_save

from shared.vocab import Panel

GRADES = ("easy", "medium", "hard", "expert")

# Interactive budgets: a hint answers within 3 s on a desktop and 8 s on a phone (the worker's Pyodide
# runs at about half CPython's speed). The node budgets end a desktop's searches (the same answer on
# every machine); the time limits end them on a slow phone or a loaded machine: at most 1.5 s, then
# 0.6 s for the search back (lost only), then 0.7 s for the fallback (no proved line only).
HINT_NODES = 100_000     # the position solved
HINT_SECONDS = 1.5
BACK_NODES = 20_000      # each earlier position, for the lost-position offer
BACK_SECONDS = 0.6
BEST_NODES = 6_000       # the move shown when no winning line is proved (canfield.tasks.HintSearch's rule)
BEST_SECONDS = 0.7
LINE_NODES = 300_000     # "Show me how": the whole winning line, a longer search
LINE_SECONDS = 6.0
WINNABLE_TRIES = 20      # a winnable deal the catalogue has not: deals tried from a random number on
WINNABLE_SECONDS = 20.0
GRADED_TRIES = 60        # deals tried for a chosen grade (about one in four is expert)


def hint_request(rid, game) -> dict:
    """The solver worker's `hint` request for `game` (static/worker/solver_worker.py)."""
    return {"id": rid, "save": to_save(game), "max_nodes": HINT_NODES, "max_seconds": HINT_SECONDS,
            "back_nodes": BACK_NODES, "back_seconds": BACK_SECONDS, "best_nodes": BEST_NODES,
            "best_seconds": BEST_SECONDS}


def line_request(rid, game) -> dict:
    """The solver worker's `line` request ("Show me how": the whole winning line) for `game`."""
    return {"id": rid, "save": to_save(game), "max_nodes": LINE_NODES, "max_seconds": LINE_SECONDS,
            "best_nodes": BEST_NODES, "best_seconds": BEST_SECONDS}


def sentence(game, move, t, lang, key="assist.hint") -> str:
    """The hint in the engine's sentence style, without revealing a card the player cannot see; `key` the
    message ("assist.hint" proved, "assist.guess" not proved, "assist.lost.hint" in a lost position) and
    its ".draw" and ".recycle" forms."""
    if move.src == "S":
        return t(key + ".draw")
    if move.dst == "S":
        return t(key + ".recycle")
    g = game.copy()
    g.play(move)
    text = g.describe_move(move, lang)
    if len(g.reserve) < len(game.reserve) or g.won:
        # the refill (the next reserve card) or the end of the game: keep the first sentence only
        text = text.split(". ", 1)[0].rstrip(".") + "."
    return t(key, sentence=text)


def answer_move(res, game):
    """The move of a solver's answer (canfield's Move), None when it has none."""
    text = res.get("move")
    return game.parse_move(text) if text else None


def hint_panel(res, game, move, t, lang):
    """The panel a hint's answer `res` shows (`move`: its move, `answer_move`), or None for an answer that
    shows nothing (cancelled)."""
    verdict = res.get("verdict")
    if verdict == "won" and move is not None and res.get("proved", True):
        return Panel("hint", sentence(game, move, t, lang), move=str(move))
    if verdict == "lost":
        undos = res.get("undos")
        said = " " + sentence(game, move, t, lang, "assist.lost.hint") if move is not None else ""
        shown = str(move) if move is not None else None
        if undos:
            label = t("assist.back.1") if undos == 1 else t("assist.back.n", n=undos)
            return Panel("lost", t("assist.lost") + " " + t("assist.lost.back") + said, ("back", "new", "analyse"),
                         move=shown, undos=undos, back_label=label)
        return Panel("lost", t("assist.lost") + " " + t("assist.lost.none") + said, ("new", "analyse"), move=shown)
    if move is not None and verdict in ("won", "unknown"):
        return Panel("guess", sentence(game, move, t, lang, "assist.guess"), move=str(move))
    if verdict in ("won", "unknown"):
        return Panel("unknown", t("assist.unknown"))
    if verdict == "error":
        return Panel("note", t("assist.failed"))
    return None


def line_panel(res, game, move, t, lang):
    """The panel a "Show me how" answer shows when it has no line to play (None when it has one, or
    shows nothing)."""
    verdict = res.get("verdict")
    if verdict == "won" and res.get("moves"):
        return None
    if verdict == "lost":
        return Panel("lost", t("assist.lost") + " " + t("replay.no_line"), ("new",))
    if verdict == "unknown" and move is not None:
        # no line to play, but a move to try: the unproved hint, said so
        return Panel("guess", t("assist.line.unknown") + " " + sentence(game, move, t, lang, "assist.guess"),
                     move=str(move))
    if verdict == "unknown":
        return Panel("unknown", t("assist.unknown"))
    if verdict == "error":
        return Panel("note", t("assist.failed"))
    return None


def catalogue_deal(game, draw, rules, winnable, wanted, rng):
    """What a New game dialog's Deal gives from the catalogue, at once: (deal, entry), the entry None for a
    plain deal; or (None, None) when only the solver's search can give it (winnable deals, or a `wanted`
    grade, of a game whose catalogue has none). A malformed catalogue raises ValueError."""
    same = game.draw == draw and game.rules.name == getattr(rules, "name", rules)
    avoid = game.number if same else None     # a new deal is another one than the deal on the table
    if wanted in GRADES:
        entry = catalog.pick(rules, draw, rng, grade=wanted, avoid=avoid)
    elif not winnable:
        return Game.new(draw=draw, rules=rules), None
    else:
        entry = catalog.pick(rules, draw, rng, avoid=avoid)
    if entry is None:
        return None, None
    return Game.new(draw=draw, rules=rules, number=entry.number), entry
