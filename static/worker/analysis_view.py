"""What the #analysis panel shows (where a lost game was lost), as one typed value (static/shared/reply.py
`AnalysisPanel`): computed in the worker (static/worker/session.py, from canfield.insight.LostMoveSearch's
answer), drawn by the thin page (static/page/analysis.py). Pure: no DOM.

The panel: open, its state ("running", "done" or "failed"), the Analysis kind, the losing move (0-based)
and the undos back before it (None while not known), the title and status texts, [checked, total] while
running (else None), the best-possible line or None, the timeline (moves, the first lost move: -1 all,
None none, its label), the back and cancel buttons' labels (None: hidden) and the close button's label;
`AnalysisPanel()` (not open) once closed.
"""

from shared.vocab import AnalysisPanel, Timeline

KINDS = ("lost_at", "lost_from_start", "still_winnable", "won", "not_proved")


def foundation_cards(game) -> int:
    return sum(len(f) for f in game.foundations)


def _base(t, state, moves=0, lost=None, **fields) -> AnalysisPanel:
    return AnalysisPanel(open=True, state=state, title=t("analyse.title"),
                         timeline=Timeline(moves, lost, t("analyse.timeline")), close=t("action.close"), **fields)


def running(t, checked=0, total=0) -> AnalysisPanel:
    """The worker is replaying the game's positions: how far it is, with a cancel."""
    return _base(t, "running", status=t("analyse.running", checked=checked, total=total or "…"),
                 progress=(checked, max(1, total)), cancel=t("assist.cancel"))


def failed(t) -> AnalysisPanel:
    return _base(t, "failed", status=t("assist.failed"))


def closed() -> AnalysisPanel:
    return AnalysisPanel()


def done(t, lang, a, game) -> AnalysisPanel:
    """The answer `a` (canfield.insight.Analysis.as_dict()) for `game`, the position it was asked for."""
    kind = a.get("kind")
    index = a.get("index")
    fields = {"kind": str(kind)}
    if kind == "lost_at" and index is not None:
        fields["index"], fields["undos"] = int(index), a.get("undos")
        fields["status"] = t("analyse.lost_at", n=index + 1, move=words(game, index, t, lang))
        fields["back"] = t("analyse.back", n=index + 1)
    elif kind in KINDS:
        fields["status"] = t("analyse.%s" % kind)
    else:
        fields["status"] = t("assist.failed")
    best = a.get("best")
    if best:
        key = "analyse.best" if best.get("exact") else "analyse.best.bound"
        fields["best"] = t(key, best=best.get("cards"), you=foundation_cards(game))
    lost = index if kind == "lost_at" else (-1 if kind == "lost_from_start" else None)
    return _base(t, "done", len(game.history), lost, **fields)


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
