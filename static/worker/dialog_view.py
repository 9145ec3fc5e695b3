"""What each dialog shows, as the protocol's typed values (static/shared/reply.py: NewGameDialog,
SettingsDialog, RulesDialog, StatsDialog, WinDialog): the worker's side of the two-sided page's dialogs.

static/worker/session.py adds it to an answer that opens a dialog (`OpenDialog`), or that starts the win
celebration (the win dialog follows the cascade); the thin layer (static/page/dialogs.py) fills the
dialog's elements with it and turns its buttons and form into actions. Pure Python (no DOM), tested
under CPython.
"""

from __future__ import annotations

from canfield import catalog
from canfield.rules import get_rules
from canfield.stats import GRADES, key as stats_key

from . import dates
from .assist import catalogue_note
from .choices import language_options, offered_names, offered_rulesets, rules_groups, rules_note, rules_options, successor
from shared.counters import best_text, clock_text, moves_made, next_daily, records_beaten
from shared.vocab import Dialog, NewGameDialog, RulesDialog, SettingsDialog, StatsDialog, WinDialog
from .persist import stats_rows
from .rules_view import draw_note, rules_html
from .settings import CHOICES, TOGGLES, form_name


def new_game(c) -> NewGameDialog:
    """The New game dialog: the draw checked, the games grouped by deck count, the game selected, for
    every game offered its draw note (None: the player chooses) and its line, and for every game and draw
    choice whose catalogue is not complete the line that says so (`catalog_notes`)."""
    game, t = c.game, c.t
    fixed = game.rules.draws is not None
    offered = offered_rulesets()
    return NewGameDialog(
        draw=str(c.settings.draw if fixed else game.draw), winnable=bool(c.settings.winnable),
        groups=[[label, [list(o) for o in options]] for label, options in rules_groups(t)],
        rules=successor(game.rules.name), first=next(iter(offered)),
        notes={name: [draw_note(get_rules(name), t), rules_note(name, t)] for name in offered},
        catalog=catalog_notes(offered, t))


def catalog_notes(names, t) -> dict:
    """{"<game>/<draw choice>": line} for the games `names` in draw 1 and 3 (a game with a fixed draw plays
    its own whatever the choice) whose catalogue of proved deals is not complete: how many the solver
    proved won of how many it tried, and what that means for Winnable deals and the daily deal
    (static/worker/assist.py `catalogue_note`)."""
    out = {}
    for name in names:
        for draw in (1, 3):
            note = catalogue_note(t, name, draw)
            if note is not None:
                out["%s/%d" % (name, draw)] = note
    return out


def settings(c) -> SettingsDialog:
    """The Settings dialog: each box (by its form name, with the setting it is) and each choice."""
    s = c.settings
    return SettingsDialog(toggles={form_name(f): [f, bool(getattr(s, f))] for f in TOGGLES},
                          choices={f: [getattr(s, f), list(CHOICES[f])] for f in CHOICES},
                          lang=c.lang, languages=[list(o) for o in language_options()])


def win(c, records, grades=None) -> WinDialog:
    """The win dialog: the score, moves and time, the records beaten, a challenge's result, the next daily
    deal (element id -> its text, or None: hidden), whether the next daily deal is today's, and the deal's
    grade and par when known: the shipped catalogue's, else the solver's (`grades`: deal code -> (grade,
    par), what the session's searches found); "grade" says which (None: not known)."""
    t, lang, game = c.t, c.lang, c.game
    won = records.last_win
    beaten, seconds = [], records.elapsed()
    if won is not None and won["id"] == records.id:
        beaten = records_beaten(won["before"], won["score"], won["seconds"], won["moves"])
        seconds = won["seconds"]           # the time Statistics keeps for this game
    texts = {"win-score": t("win.score", score=game.score), "win-moves": t("win.moves", moves=moves_made(game)),
             "win-time": t("win.time", time=clock_text(seconds)),
             "win-best": best_text(beaten, t) if beaten else None}
    to_beat = c.ui.challenge
    texts["win-challenge"] = None if to_beat is None else t(
        "win.challenge.beaten" if moves_made(game) < to_beat else "win.challenge.missed", moves=to_beat)
    today = dates.today()
    nxt = next_daily(records.daily, today, records.dailies)
    texts["win-daily"] = (t("win.daily.today", date=dates.day_label(today, lang)) if nxt == "today" else
                          t("win.daily.tomorrow", date=dates.day_label(dates.add_days(today, 1), lang))
                          if nxt == "tomorrow" else None)
    grade, par = known_grade(game, grades)
    texts["win-grade"] = None if grade is None else t("win.grade", grade=t("grade.%s" % grade))
    texts["win-par"] = None if par is None else t("win.par", par=par, moves=len(game.history))
    attrs = {} if grade is None else {"win-grade": {"data-grade": grade}, "win-par": {"data-par": str(par)}}
    return WinDialog(texts=texts, attrs=attrs, next_daily=nxt, draw=game.draw, rules=game.rules.name, grade=grade)


def known_grade(game, grades=None):
    """(grade, par) of the deal on the table, from the shipped catalogue, else from `grades` (deal code ->
    (grade, par), the solver's answers); (None, None) when neither knows it."""
    if game.number is not None:
        try:
            entry = catalog.find(game.rules, game.draw, game.number)
        except ValueError:   # a malformed catalogue: as if it had no entry
            entry = None
        if entry is not None:
            return entry.grade, entry.par
    found = (grades or {}).get(game.code)
    if found is None or found[0] not in GRADES:
        return None, None
    return found[0], found[1]


EXPORT_NAME = "canfield-statistics.json"   # the exported file's name (static/page/dialogs.py saves it)
# A larger file is not read: its text goes through the page's MicroPython (whose heap refuses a single text of
# a few MB) and must fit in one StatsAsk, whose encoding may take 6 characters for a control character
# (static/shared/vocab.py MAX_TEXT). A statistics file is a few kB: it needs no message.
MAX_FILE_BYTES = 125_000


def stats(c, records, rules=None, draw=None, message=None, error=False, export=None) -> StatsDialog:
    """The statistics dialog for `rules` and `draw` (the game's when not offered or not given): the rule
    sets to pick from, the rows' texts by their element's id, a message for the player (None: hidden;
    `error`: the import failed), and an export's JSON text with the file's name."""
    t, game = c.t, c.game
    rules = rules if rules in offered_names() else game.rules.name
    draw = draw if draw in (1, 3) else game.draw
    table = records.stats.table(stats_key(rules, draw))
    rows = {"stats-" + name: text for name, text in stats_rows(table, t)}
    grades = table.get("grades") or {}
    rows["stats-grades"] = ", ".join(f"{t('grade.' + g)} {grades[g]}" for g in GRADES if grades.get(g)) or t(
        "stats.none")
    lb = table.get("lost_best")
    rows["stats-best_lost"] = (t("analyse.best", best=round(lb["best"] / lb["games"], 1),
                                 you=round(lb["you"] / lb["games"], 1)) if lb and lb.get("games") else t("stats.none"))
    return StatsDialog(rules_options=[list(o) for o in rules_options(t)], rules=rules, draw=str(draw), rows=rows,
                       message=message, error=bool(error), export=export, export_name=EXPORT_NAME,
                       max_bytes=MAX_FILE_BYTES)


def dialog(name, c, records, grades=None) -> Dialog | None:
    """What the dialog `name` shows now (None for the confirmation: its effect carries its text); `grades`:
    the win dialog's (see `win`)."""
    if name == "new":
        return new_game(c)
    if name == "settings":
        return settings(c)
    if name == "rules":
        return RulesDialog(html=rules_html(c.game.rules, c.t, c.lang, c.game.draw))
    if name == "win":
        return win(c, records, grades)
    if name == "stats":
        return stats(c, records)
    return None
