"""What the #analysis panel shows (where a lost game was lost), as one plain value: computed in the worker
(static/worker/session.py, from canfield.insight.LostMoveSearch's answer), drawn by the thin page
(static/page/analysis.py). Pure: no DOM.

The value: ``{"open": True, "state": "running" | "done" | "failed", "kind": the Analysis
kind or None, "index": the losing move (0-based) or None, "undos": the undos back before it or None,
"title", "status": the panel's texts, "progress": [checked, total] while running (else None), "best": the
best-possible line or None, "timeline": [moves, first lost move (-1: all, None: none), its label], "back":
the back button's label or None (hidden), "cancel": the cancel button's label or None (hidden), "close":
the close button's label}``; ``{"open": False}`` once closed.
"""

KINDS = ("lost_at", "lost_from_start", "still_winnable", "won", "not_proved")


def foundation_cards(game) -> int:
    return sum(len(f) for f in game.foundations)


def _base(t, state):
    return {"open": True, "state": state, "kind": None, "index": None, "undos": None, "title": t("analyse.title"),
            "status": "", "progress": None, "best": None, "timeline": [0, None, t("analyse.timeline")], "back": None,
            "cancel": None, "close": t("action.close")}


def running(t, checked=0, total=0) -> dict:
    """The worker is replaying the game's positions: how far it is, with a cancel."""
    out = _base(t, "running")
    out["status"] = t("analyse.running", checked=checked, total=total or "…")
    out["progress"] = [checked, max(1, total)]
    out["cancel"] = t("assist.cancel")
    return out


def failed(t) -> dict:
    out = _base(t, "failed")
    out["status"] = t("assist.failed")
    return out


def closed() -> dict:
    return {"open": False}


def done(t, lang, a, game) -> dict:
    """The answer `a` (canfield.insight.Analysis.as_dict()) for `game`, the position it was asked for."""
    out = _base(t, "done")
    kind = a.get("kind")
    index = a.get("index")
    out["kind"] = str(kind)
    if kind == "lost_at" and index is not None:
        out["index"], out["undos"] = int(index), a.get("undos")
        out["status"] = t("analyse.lost_at", n=index + 1, move=words(game, index, t, lang))
        out["back"] = t("analyse.back", n=index + 1)
    elif kind in KINDS:
        out["status"] = t("analyse.%s" % kind)
    else:
        out["status"] = t("assist.failed")
    best = a.get("best")
    if best:
        key = "analyse.best" if best.get("exact") else "analyse.best.bound"
        out["best"] = t(key, best=best.get("cards"), you=foundation_cards(game))
    lost = index if kind == "lost_at" else (-1 if kind == "lost_from_start" else None)
    out["timeline"] = [len(game.history), lost, t("analyse.timeline")]
    return out


def words(game, index, t, lang) -> str:
    """The losing move `index` in the engine's words, read at the position it was played from."""
    g = game.copy()
    for _ in range(len(g.history) - index):
        g.undo()
    move = g.redo()
    if move is None:
        return ""
    if move.src == "S":
        return t("assist.hint.draw")
    if move.dst == "S":
        return t("assist.hint.recycle")
    return g.describe_move(move, lang)
