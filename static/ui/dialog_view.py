"""What each dialog shows, as plain data: the worker's side of the two-sided page's dialogs.

static/ui/session.py adds it to an answer that opens a dialog (`OpenDialog`), or that starts the win
celebration (the win dialog follows the cascade); the thin layer (static/page/dialogs.py) fills the
dialog's elements with it and turns its buttons and form into actions. Pure Python (no DOM), tested
under CPython. The PyScript page (static/ui/dialogs.py) fills the same dialogs from the same functions
(rules_groups, rules_html, draw_note, rules_note, the win's texts).
"""

from __future__ import annotations

from canfield.rules import get_rules

from . import dates
from .choices import language_options, offered_rulesets, rules_groups, rules_note, successor
from .counters import best_text, clock_text, moves_made, next_daily, records_beaten
from .rules_view import draw_note, rules_html
from .settings import CHOICES, TOGGLES, form_name


def new_game(c) -> dict:
    """The New game dialog: the draw checked, the games grouped by deck count, the game selected, and
    for every game offered its draw note (None: the player chooses) and its line."""
    game, t = c.game, c.t
    fixed = game.rules.draws is not None
    offered = offered_rulesets()
    return {"draw": str(c.settings.draw if fixed else game.draw),
            "groups": [[label, [list(o) for o in options]] for label, options in rules_groups(t)],
            "rules": successor(game.rules.name), "first": next(iter(offered)),
            "notes": {name: [draw_note(get_rules(name), t), rules_note(name, t)] for name in offered}}


def settings(c) -> dict:
    """The Settings dialog: each box (by its form name, with the setting it is) and each choice."""
    s = c.settings
    return {"toggles": {form_name(f): [f, bool(getattr(s, f))] for f in TOGGLES},
            "choices": {f: [getattr(s, f), list(CHOICES[f])] for f in CHOICES},
            "lang": c.lang, "languages": [list(o) for o in language_options()]}


def win(c, records) -> dict:
    """The win dialog: the score, moves and time, the records beaten, a challenge's result, the next daily
    deal (element id -> its text, or None: hidden), and whether the next daily deal is today's."""
    t, lang, game = c.t, c.lang, c.game
    won = records.last_win
    beaten = []
    if won is not None and won["id"] == records.id:
        beaten = records_beaten(won["before"], won["score"], won["seconds"], won["moves"])
    texts = {"win-score": t("win.score", score=game.score), "win-moves": t("win.moves", moves=moves_made(game)),
             "win-time": t("win.time", time=clock_text(records.elapsed())),
             "win-best": best_text(beaten, t) if beaten else None}
    to_beat = c.ui.challenge
    texts["win-challenge"] = None if to_beat is None else t(
        "win.challenge.beaten" if moves_made(game) < to_beat else "win.challenge.missed", moves=to_beat)
    today = dates.today()
    nxt = next_daily(records.daily, today, records.dailies)
    texts["win-daily"] = (t("win.daily.today", date=dates.day_label(today, lang)) if nxt == "today" else
                          t("win.daily.tomorrow", date=dates.day_label(dates.add_days(today, 1), lang))
                          if nxt == "tomorrow" else None)
    return {"texts": texts, "next_daily": nxt, "draw": game.draw, "rules": game.rules.name}


def dialog(name, c, records) -> dict:
    """What the dialog `name` shows now ({} for the confirmation: its effect carries its text)."""
    if name == "new":
        return new_game(c)
    if name == "settings":
        return settings(c)
    if name == "rules":
        return {"html": rules_html(c.game.rules, c.t, c.lang, c.game.draw)}
    if name == "win":
        return win(c, records)
    return {}
