"""The page's replays, game links, Share and "Show me how" in the controller (static/worker/controller.py),
under CPython: a link in the address opens as a replay, a bad one changes nothing, the replay bar steps
the engine's undo and redo, a move of the player's takes the replay over, and Share writes links that
read back."""

from __future__ import annotations

import random

from ui_helpers import make_controller

from canfield import Game, links
from worker.state import motion_on
from worker.handle_replays import bar_state
from shared.vocab import (
    AskLine, Button, HashChanged, LineFound, NoticeShown, Replay, ReplayTick, ReplayTimer, SettingsChanged, Share, WriteHash,
)


def _played(n=25, seed=3):
    game = Game.from_code("CF1-D3-AAAAACL")
    rnd = random.Random(seed)
    for _ in range(n):
        game.play(rnd.choice(game.legal_moves()))
    return game


def _kinds(effects):
    return [e.kind for e in effects]


def test_a_link_opens_as_a_replay_at_the_deal_with_every_move_ahead():
    source = _played()
    c = make_controller()
    c.dispatch(HashChanged(links.encode(source)))
    effects = c.take_effects()
    assert c.ui.replay is not None and "replay" in _kinds(effects)
    assert c.game.history == () and c.game.redo_moves == source.history
    assert WriteHash(source.code, False) in effects    # the address shows the deal's code
    c.dispatch(Replay("forward"))
    c.dispatch(Replay("forward"))
    assert c.game.history == source.history[:2]
    c.dispatch(Replay("back"))
    assert c.game.history == source.history[:1]
    c.dispatch(Replay("end"))
    assert c.game.state() == source.state() and not c.game.can_redo
    c.dispatch(Replay("start"))
    assert c.game.history == () and c.game.redo_moves == source.history


def test_play_steps_on_the_timer_at_the_chosen_speed_and_stops_at_the_end():
    source = _played(4)
    steps = {}
    for speed in ("slow", "normal", "fast"):
        c = make_controller(speed=speed)
        c.dispatch(HashChanged(links.encode(source)))
        c.take_effects()
        c.dispatch(Replay("play"))
        timers = [e for e in c.take_effects() if isinstance(e, ReplayTimer)]
        assert len(timers) == 1 and c.ui.replay.playing
        steps[speed] = timers[0].ms
        for _ in range(10):
            c.dispatch(ReplayTick(c.ui.replay_seq))
        assert c.game.state() == source.state() and not c.ui.replay.playing
    assert steps["slow"] == 2 * steps["normal"] == 4 * steps["fast"]


def test_a_stale_tick_or_a_pause_plays_nothing():
    source = _played(6)
    c = make_controller()
    c.dispatch(HashChanged(links.encode(source)))
    c.dispatch(Replay("play"))
    seq = c.ui.replay_seq
    c.dispatch(Replay("play"))          # pause
    c.dispatch(ReplayTick(seq))
    assert c.game.history == () and not c.ui.replay.playing


def test_play_from_here_and_a_move_of_the_players_end_the_replay():
    source = _played(6)
    c = make_controller()
    c.dispatch(HashChanged(links.encode(source)))
    c.dispatch(Replay("forward"))
    c.dispatch(Replay("take"))
    assert c.ui.replay is None and c.game.history == source.history[:1]
    c.dispatch(HashChanged(links.encode(source)))   # untouched? no: one move was played, so it asks first
    assert c.ui.pending is not None and c.ui.pending.what == "link"
    from shared.vocab import Answer
    c.dispatch(Answer(True))
    assert c.ui.replay is not None and c.game.history == ()
    c.dispatch(Button("restart"))       # nothing played: no restart
    c.game.redo()
    c.play(c.game.legal_moves()[0])
    assert c.ui.replay is None


def test_a_bad_link_names_itself_and_changes_nothing(monkeypatch):
    from worker import handle_replays
    from worker.choices import offered_names

    # a page that does not draw Gate (as before it drew several reserves): a link to one is a bad link
    monkeypatch.setattr(handle_replays, "offered_names", lambda: tuple(n for n in offered_names() if n != "gate"))
    c = make_controller()
    c.play(c.game.legal_moves()[0])
    before = (c.game.code, c.game.history, c.game.state())
    c.take_effects()
    good = links.encode(_played(5))
    other = links.encode(Game.new(rules="gate", number=5))   # a game the page does not draw
    for bad in (good[:-1] + "Z", good.replace("CF1", "CF9"), "G1.", "G7." + good[3:], other):
        c.dispatch(HashChanged(bad))
        effects = c.take_effects()
        assert any(isinstance(e, NoticeShown) and (e.text, e.ms) == (c.t("notice.bad_link"), 5000)
                   for e in effects), bad
        assert c.ui.notice.text == c.t("notice.bad_link")
        assert WriteHash(c.game.code, False) in effects and c.ui.replay is None and c.ui.pending is None
        assert (c.game.code, c.game.history, c.game.state()) == before


def test_share_writes_the_games_link_and_a_won_game_shares_a_challenge():
    c = make_controller()
    for m in _played(8).history:
        c.play(m)
    c.take_effects()
    c.dispatch(Button("share"))
    (share,) = [e for e in c.take_effects() if isinstance(e, Share)]
    link = links.read(share.link)
    assert link.game.history == c.game.history and (link.score, link.moves) == (c.game.score, 8)
    # a challenge link: the deal alone with a result, remembered for the win dialog
    challenge = links.encode(Game.from_code(c.game.code), moves=False, result=(200, 90))
    fresh = make_controller()
    fresh.dispatch(HashChanged(challenge))
    assert fresh.ui.challenge == 90 and fresh.ui.replay is None and fresh.game.history == ()


def test_show_me_how_puts_the_line_ahead_and_plays_it():
    from canfield.solver import solve

    c = make_controller()
    line = solve(c.game, max_nodes=200_000).moves
    assert line
    c.dispatch(Button("show-me-how"))
    assert AskLine() in c.take_effects()
    c.dispatch(LineFound(tuple(line), c.ui.version))
    assert c.ui.replay is not None and c.ui.replay.playing and c.ui.helped
    assert c.game.history == () and len(c.game.redo_moves) == len(line)
    bar = bar_state(c.ui, c.game, c.t)
    assert bar.showing and bar.labels["show_me_how"] == c.t("replay.pause")
    c.dispatch(ReplayTick(c.ui.replay_seq))
    # the same button pauses the line it shows (no new search), and plays it on
    c.dispatch(Button("show-me-how"))
    assert not c.ui.replay.playing and AskLine() not in c.take_effects()
    bar = bar_state(c.ui, c.game, c.t)
    assert not bar.showing and bar.labels["show_me_how"] == c.t("action.show_me_how")
    c.dispatch(ReplayTick(c.ui.replay_seq))      # a tick of the timer before the pause plays nothing
    assert len(c.game.history) == 1
    c.dispatch(Button("show-me-how"))
    assert c.ui.replay.playing and AskLine() not in c.take_effects()
    for _ in range(len(line) + 2):
        c.dispatch(ReplayTick(c.ui.replay_seq))
    assert c.game.won
    assert not bar_state(c.ui, c.game, c.t).showing
    # an answer for a position gone by is dropped
    d = make_controller()
    d.dispatch(LineFound(tuple(line), d.ui.version + 1))
    assert d.ui.replay is None and not d.game.redo_moves


def test_sure_cards_go_up_by_themselves_only_with_the_setting_each_an_undoable_move():
    from test_sure_moves import _needed_host

    for on in (False, True):
        c = make_controller(sure_cards=on)
        c.show_game(_needed_host(), push=False)
        c.play(c.game.parse_move("R-T2"))      # the 4 of clubs onto the 5 of hearts frees the 2 of clubs, a sure card
        assert [str(m) for m in c.game.history] == (["R-T2", "R-F4"] if on else ["R-T2"])
        c.dispatch(Button("undo"))
        assert [str(m) for m in c.game.history] == (["R-T2"] if on else [])
    # never straight back up after a take-back: the player's F-T stays where it was put (the 9 of hearts,
    # taken back onto the 10 of clubs, is a sure card again at once)
    suit = lambda s, n: [f"{r}{s}" for r in "A23456789TJQK"[:n]]  # noqa: E731
    game = Game.from_piles(stock=["QH", "KH", "QC", "KC"], tableau=[["TC"], ["TH"], ["JC"], ["JH"]],
                           foundations=[suit("S", 13), suit("D", 13), suit("H", 9), suit("C", 9)], draw=1)
    c = make_controller(sure_cards=True)
    c.show_game(game, push=False)
    c.play(c.game.parse_move("F3-T1"))
    assert [str(m) for m in c.game.history] == ["F3-T1"]


def test_reduced_motion_still_wins_over_the_speed():
    c = make_controller(speed="slow")
    c.dispatch(SettingsChanged({"speed": "fast"}))
    assert c.settings.speed == "fast"
    assert motion_on(True, True) is False
