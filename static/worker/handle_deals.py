"""The controller's deals and the address: a new deal, a deal code or a game link in the address, and
the confirmation asked before a started game is left (unless it is won or untouched).

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from canfield import Game, links

from . import handle_replays
from .state import Pending
from .choices import route_hash
from shared.vocab import Answer, AskDaily, AskDeal, CloseDialogs, HashChanged, MarkDaily, NewDeal, WriteHash


def deal(c, name, draw, rules, grade=""):
    """The New game dialog's Deal or Daily deal: at once, or after a confirmation when a game is in progress."""
    pending = Pending(name, draw=draw, rules=rules, grade=grade)
    if c.touched():
        c.ask(pending)
    else:
        proceed(c, pending)


def proceed(c, p):
    if p.what == "deal":
        c.emit(AskDeal(p.draw, p.rules, p.grade))      # a winnable deal when that setting is on
    elif p.what == "daily":
        c.emit(AskDaily(p.draw, p.rules))
    elif p.what == "hash":
        load_code(c, p.code)
    elif p.what == "link":
        handle_replays.open_link(c, p.code)


def on_answer(c, a):
    pending, c.ui.pending = c.ui.pending, None
    if pending is not None and a.yes:
        proceed(c, pending)


def on_new_deal(c, a):
    if a.close_dialogs:
        c.emit(CloseDialogs())
    c.show_game(Game.from_code(a.code), push=a.push)
    if a.daily:
        c.emit(MarkDaily(a.daily))   # the win dialog's next daily deal


def on_hash_changed(c, a):
    code = a.code
    if links.is_link(code):
        handle_replays.link_in_address(c, code)
        return
    what, _ = route_hash(code, c.game.code)
    if what == "stay":
        return
    if what == "refuse":   # InvalidCode / InvalidDeck: the game in progress stays, its address too
        c.notice(c.t("notice.invalid_code_kept", code=code[:120]))
        c.emit(WriteHash(c.game.code or "", False))
        return
    if c.touched():
        c.emit(WriteHash(c.game.code or "", False))   # the address says the game on the table
        c.ask(Pending("hash", code=code))
        return
    load_code(c, code)


def load_code(c, code):
    try:
        game = Game.from_code(code)
    except ValueError:
        c.notice(c.t("notice.invalid_code", code=code[:120]))
        return
    c.emit(CloseDialogs())
    c.show_game(game, push=False)


HANDLERS = {NewDeal: on_new_deal, HashChanged: on_hash_changed, Answer: on_answer}
