"""The controller's replays and links (issue 20): a game link in the address (opened as a replay, after a
confirmation when a game is in progress), the replay bar's buttons and timer, "Show me how" (the
solver's line played by the replay bar) and Share.

Each handler takes the controller `c` (static/worker/controller.py) and the action; `HANDLERS` says which
handler takes which action.
"""

from canfield import links
from canfield.errors import InvalidLink

from .choices import offered_names
from .motion import REPLAY_STEP_MS, speed_factor
from .state import Pending, ReplayState
from shared.vocab import (CloseDialogs, LineFound, PlaySound, Replay, ReplayBar, ReplayChanged, ReplayTick, ReplayTimer,
                          Share, WriteHash)


def _offered(link):
    """The link, when its game is one this page draws; raises InvalidLink otherwise (a game of the engine
    the page does not offer yet reads as a bad link, and changes nothing)."""
    if link.game.rules.name not in offered_names():
        raise InvalidLink(f"{link.game.rules.title} is not played on this page")
    return link


def link_in_address(c, text):
    """A game link in the address: a bad one is named and changes nothing (the address gets the game's
    code back); a good one opens as a replay, after a confirmation when a game is in progress."""
    try:
        _offered(links.read(text))
    except InvalidLink:
        c.notice(c.t("notice.bad_link"))
        c.emit(WriteHash(c.game.code or "", False))
        return
    if c.touched():
        c.emit(WriteHash(c.game.code or "", False))
        c.ask(Pending("link", code=text))
        return
    open_link(c, text)


def open_link(c, text):
    try:
        link = _offered(links.read(text))
    except InvalidLink:
        c.notice(c.t("notice.bad_link"))
        return
    game = link.game
    moves = len(game.history)
    while game.undo():        # the deal, with the link's moves ready in redo
        pass
    c.emit(CloseDialogs())
    c.show_game(game, push=False)
    ui = c.ui
    ui.challenge = link.moves if link.score is not None else None
    if moves:
        ui.replay = ReplayState("link")
        c.helped()
        c.emit(ReplayChanged())
        c.say(c.t("replay.ready", moves=moves))
    if ui.challenge is not None:
        c.notice(c.t("replay.challenge", moves=ui.challenge, score=link.score))


def _replay_next(c):
    r = c.ui.replay
    if r is not None and r.playing and c.game.can_redo:
        c.emit(ReplayTimer(round(REPLAY_STEP_MS * speed_factor(c.settings.speed)), c.ui.replay_seq))
    elif r is not None:
        r.playing = False
        c.emit(ReplayChanged())


def on_replay(c, a):
    ui, game = c.ui, c.game
    r = ui.replay
    if r is None:
        return
    ui.selection = None
    ui.replay_seq += 1        # every button stops the timer of a play in progress
    name = a.name
    if name == "take":
        c.end_replay()
        c.say(c.t("replay.taken"))
        return
    if name == "play":
        r.playing = not r.playing and game.can_redo
        c.emit(ReplayChanged())
        _replay_next(c)
        return
    r.playing = False
    moved = False
    if name in ("start", "back"):
        while game.undo():
            moved = True
            if name == "back":
                break
    elif name in ("forward", "end"):
        while game.redo():
            moved = True
            if name == "forward":
                break
    if moved:
        c.changed(animate=name in ("back", "forward"))
        if name == "forward":
            c.say(game.describe_move(game.history[-1], c.lang))
    c.emit(ReplayChanged())
    c.say(c.t("replay.at", done=len(game.history), total=len(game.history) + len(game.redo_moves)))


def on_replay_tick(c, a):
    ui, game = c.ui, c.game
    if ui.replay is None or not ui.replay.playing or a.seq != ui.replay_seq:
        return
    move = game.redo()
    if move is not None:
        c.changed()
        c.emit(PlaySound("win" if game.won else "move"))
        ui.slide_origin = "stock" if move.src == "S" else None
        c.say(game.describe_move(move, c.lang))
    _replay_next(c)


def on_line_found(c, a):
    """"Show me how": the solver's line becomes the moves ahead (redo), and the replay bar plays them."""
    game, ui = c.game, c.ui
    if a.version != ui.version or game.won:
        return
    played = 0
    for text in a.moves:
        try:
            game.play(text)
        except ValueError:    # a line for another position: what was played is taken back
            break
        played += 1
    for _ in range(played):
        game.undo()
    if not played:
        return
    c.helped()
    c.changed(animate=False)
    ui.replay = ReplayState("solver", playing=True)
    ui.replay_seq += 1
    c.emit(ReplayChanged())
    c.say(c.t("replay.showing", moves=played))
    _replay_next(c)


def share_link(c):
    """What Share sends: the game's link (its moves, its score and moves as the result to beat) and a
    sentence; a won game shares the deal alone with its result, a challenge."""
    game = c.game
    result = (game.score, len(game.history))
    if game.won:
        text = links.encode(game, moves=False, result=result)
        return text, c.t("share.text.won", moves=result[1], score=result[0])
    return links.encode(game, result=result if game.history else None), c.t("share.text")


def share(c):
    if c.game.code is None:
        return
    link, text = share_link(c)
    c.emit(Share(link, text))


HANDLERS = {Replay: on_replay, ReplayTick: on_replay_tick, LineFound: on_line_found}


def bar_state(ui, game, t) -> ReplayBar:
    """What the replay bar shows (static/page/replay.py ReplayBar.sync), off when no replay is on: where it
    stands (`done` of `total` moves), whether it plays, and its labels in the player's language."""
    replay = ui.replay
    showing = replay is not None and replay.source == "solver" and bool(replay.playing)
    # the toolbar's Show me how pauses the solver's line while it plays (handle_keys.on_button)
    show = {"show_me_how": t("replay.pause") if showing else t("action.show_me_how")}
    if replay is None:
        return ReplayBar(labels=show)
    done, total = len(game.history), len(game.history) + len(game.redo_moves)
    labels = {name: t("replay.pause" if name == "play" and replay.playing else "replay." + name)
              for name in ("start", "back", "play", "forward", "end", "take")}
    labels.update(show)
    return ReplayBar(True, done, total, bool(replay.playing), t("replay.label"), labels, showing)
