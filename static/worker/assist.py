"""What the solver's answers mean for the player: the #assist panel a hint's or a "Show me how" answer
shows, in the player's language; the deal a New game asks for (`catalogue_deal`: from the shipped
catalogue, at once, never a search) and the notes that say what a deal is when the catalogue could not give
the deal wanted (`ordinary_note`, `daily_note`, `catalogue_note` for the New game dialog). Pure Python (no
DOM, no worker), tested under CPython.

The worker's session (static/worker/session.py) sends the hint requests to the solver
(static/worker/solver_worker.py) and calls these on the answers. One place for each decision.
"""

from __future__ import annotations

from canfield import Game, catalog
from canfield.save import to_save

from shared.vocab import Panel

from . import dates

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
    """What a New game dialog's Deal gives, at once and never with the solver: (deal, entry). With winnable
    deals, or a `wanted` grade, a random entry of the catalogue (never the deal on the table while another is
    there); a plain deal (entry None) when none is wanted, or when the catalogue has no entry (of that grade):
    `catalogue_note` then says why. A malformed catalogue raises ValueError."""
    same = game.draw == draw and game.rules.name == getattr(rules, "name", rules)
    avoid = game.number if same else None     # a new deal is another one than the deal on the table
    if wanted in GRADES:
        entry = catalog.pick(rules, draw, rng, grade=wanted, avoid=avoid)
    elif not winnable:
        return Game.new(draw=draw, rules=rules), None
    else:
        entry = catalog.pick(rules, draw, rng, avoid=avoid)
    if entry is None:
        return Game.new(draw=draw, rules=rules), None
    return Game.new(draw=draw, rules=rules, number=entry.number), entry


def _counts(rules, draw):
    """(entries, deals tried) of the pair's catalogue; (0, 0) when it cannot be read."""
    try:
        return len(catalog.winnable(rules, draw)), catalog.tried(rules, draw)
    except ValueError:   # a malformed catalogue: as if it had no entry
        return 0, 0


def _name(rules, t):
    return t.rules_name(getattr(rules, "name", rules))


def ordinary_note(t, rules, draw, wanted=""):
    """The note of a plain deal dealt where a winnable deal (or a deal of the grade `wanted`) was asked for
    and the catalogue has none: why, with how many deals the solver tried and proved."""
    won, tried = _counts(rules, draw)
    name = _name(rules, t)
    if wanted in GRADES and won:
        return t("assist.no_grade", grade=t("grade.%s" % wanted), name=name, won=t.count(won), tried=t.count(tried))
    if tried:
        return t("assist.no_winnable", name=name, tried=t.count(tried))
    return t("assist.no_winnable.untried", name=name)


def daily_note(t, lang, day, rules, draw, entry):
    """The note of the daily deal of `day` ("YYYY-MM-DD"): which day's deal it is; when it is not from the
    catalogue (`entry` None: the pair has no entry), that it is not proved winnable, and why."""
    label = dates.day_label(day, lang)
    if entry is not None:
        return t("assist.daily", date=label)
    _, tried = _counts(rules, draw)
    name = _name(rules, t)
    if tried:
        return t("assist.daily.unproved", date=label, name=name, tried=t.count(tried))
    return t("assist.daily.untried", date=label, name=name)


def catalogue_note(t, rules, draw):
    """The New game dialog's line for a game and draw whose catalogue is not complete (None when it is): how
    many deals the solver proved won of how many it tried, and what that means for Winnable deals and the
    daily deal."""
    won, tried = _counts(rules, draw)
    if won >= catalog.TARGET:
        return None
    name = _name(rules, t)
    if won == 0:
        return t("newgame.catalog.none", name=name, tried=t.count(tried)) if tried else t(
            "newgame.catalog.untried", name=name)
    if won == 1:
        return t("newgame.catalog.one", name=name, tried=t.count(tried))
    return t("newgame.catalog.some", name=name, won=t.count(won), tried=t.count(tried))
