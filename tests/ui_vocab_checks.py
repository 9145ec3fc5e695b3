"""The checks of static/shared/vocab.py that run under both Pythons: CPython (tests/test_ui_vocab.py) and
MicroPython, the page's main thread's (the same test, through node, when node_modules has it).
Plain Python only: no pytest, no f-strings, no typing. `run(vocab)` raises AssertionError or returns
the number of values it checked."""


def samples(v):
    """At least one value of every kind, with every field type and the awkward values of each."""
    panel = v.Panel("lost", "Lost.", ("back", "new"), move="T4-T2", undos=3, back_label="Back 3 moves")
    return [
        v.Tap("stock"), v.Tap("tableau-2", 0), v.Tap("waste", index=None),
        v.Drop("tableau-1", 2, None), v.Drop("reserve", 1, "foundation-3", {"QC": (12.5, -3.0), "KH2": (0, 7)}),
        v.Key("ArrowLeft"), v.Key("z", ctrl=True, shift=True, in_board=False), v.Key(" "), v.Key('"'),
        v.Button("deal", draw=1, rules="rainfall"), v.Button("undo"),
        v.Focus("tableau-4", keyboard=True), v.Pointer(),
        v.HashChanged("CF1-D3-AAAAACL"), v.HashChanged(""), v.HashChanged("G1.x\\y\n\t\u00e9\u2663\U0001f0a1"),
        v.Answer(True), v.Answer(False),
        v.NewDeal("CF1-D1-AAAAACL"), v.NewDeal("RF1-D1-AAAAACL", push=False, daily="2026-12-05", close_dialogs=True),
        v.SettingsChanged({"draw": 1, "lang": "fr", "winnable": True, "theme": None, "speed": "fast", "scale": 1.5}),
        v.SettingsChanged({}),
        v.MotionPreference(True), v.EarlyInputRefused(("stock", "tableau-1")), v.EarlyInputRefused(()),
        v.Announce("Le 7 de tr\u00e8fle \u2014 \"quoted\""), v.DialogClosed(),
        v.ShowNotice("Copied."), v.ShowNotice("Long.", 12000), v.HideNotice(), v.HideNotice(7),
        v.DragStart("tableau-3", 4), v.CelebrationStart(), v.CelebrationEnd(),
        v.HintShown("R-T2"), v.HintShown(None), v.GoBack(), v.GoBack(2),
        v.ShowPanel(panel), v.ShowPanel(v.Panel("note", "Hello.")), v.HidePanel(),
        v.Resize(1280.0, 800.0), v.Resize(375, 812.25), v.Dock(0.0), v.Dock(96.5), v.AutoFinish(),
        v.FinishStep(3), v.FinishStep(4, rest=True), v.Replay("play"), v.ReplayTick(12),
        v.LineFound(("S", "T4-T2", "R-F1"), 5), v.LineFound((), 0),
        v.Say("Undone."), v.Changed(), v.Celebrate(), v.OpenDialog("win"), v.CloseDialogs(),
        v.Confirm("Leave this game?"), v.Relayout(), v.MotionChanged(), v.FocusPile("reserve"), v.Helped(),
        v.NoticeShown("Restarted.", 5000, 2), v.Shake("tableau-1", 0), v.ApplySettings(), v.LanguageChanged(),
        v.SaveSettings(), v.SolverWanted(), v.FinishTimer(80, 1), v.PlaySound("win"), v.NewRecord(),
        v.CopyLink("CF1-D3-AAAAACL"), v.AskHint(), v.AskLine(), v.AskAnalysis(), v.AskDeal(3, "canfield"),
        v.AskDaily(1, "classic"), v.MarkDaily("2026-12-05"), v.WriteHash("CF1-D3-AAAAACL", True),
        v.ReplayChanged(), v.ReplayTimer(700, 3), v.Share("G1.abc", "Beat 120 points in 80 moves."),
        v.Reply(), v.Reply(ok=False, error="not started: Start comes first"),
        v.Reply(errors=("unknown kind: 'Nope'",), view='{"piles": {}}', effects=(v.encode(v.Say("Undone.")),),
                store={"canfield.save": "{}", "canfield.stats": None, "canfield.save.broken": {"copy": "canfield.save"}},
                page=v.PageFacts("fr", '{"a": "b"}', {"A": "A", "K": "R"}, {"dark": True, "four-color": False}, True,
                                 1.5, False, [["Canfield", [["canfield", "Canfield"]]]]),
                dialog=v.WinDialog({"win-score": "Score: 255", "win-best": None}, {"win-grade": {"data-grade": "easy"}},
                                   "today", 1, "rainfall", "easy"),
                counters=v.Counters("12", 3.25, True, True, False),
                cascade=v.Cascade(60, {"F": "ease-in", "L": "linear"}, [[0, "AS", 1.5, 900.0, [[0, 0, "F"], [0.5, 120.25, "L"]]],
                                                                         [3, "KH2", -2, 1200, []]]),
                replay=v.ReplayBar(True, 3, 12, True, "Replay", {"play": "Pause", "take": "Play from here"}),
                marks=v.Marks("idle", "0", None, "false"),
                analysis=v.AnalysisPanel(True, "done", "lost_at", 4, 2, "Where it was lost", "Lost at move 5.", None,
                                         "Best: 12", v.Timeline(9, 4, "Moves"), "Back 2 moves", None, "Close")),
        v.Reply(dialog=v.NewGameDialog("3", True, [["One deck", [["canfield", "Canfield"], ["rainfall", "Rainfall"]]]],
                                       "rainfall", "canfield", {"canfield": [None, "The classic."], "rainfall": ["Draw 1.", ""]},
                                       {"rainfall/1": "The solver has proved none of the 2,136 deals it tried."}),
                replay=v.ReplayBar(), analysis=v.AnalysisPanel(),
                page=v.PageFacts("en", "{}", {}, {}, False, 1, True, [["fr", "Fran\u00e7ais"]])),
        v.Reply(dialog=v.SettingsDialog({"tap-to-columns": ["tap_to_columns", True]},
                                        {"theme": ["auto", ["auto", "dark"]], "speed": ["fast", []]}, "nl",
                                        [["en", "English"], ["nl", "Nederlands"]]),
                analysis=v.AnalysisPanel(True, "running", title="Analysis", status="1 of 6", progress=(1, 6),
                                         cancel="Cancel", close="Close")),
        v.Reply(dialog=v.StatsDialog([["canfield", "Canfield"]], "canfield", "1", {"stats-won": "2"}, "Imported.", False,
                                     '{"format": 1}', "canfield-statistics.json", 125000)),
        v.Reply(dialog=v.StatsDialog()), v.Reply(dialog=v.RulesDialog("<h3>Canfield</h3>\n<p>\"x\"</p>")),
        v.Reply(dialog=v.WinDialog()), v.Reply(dialog=v.NewGameDialog()), v.Reply(dialog=v.SettingsDialog()),
    ]


# texts decode must refuse with a ValueError (and nothing else)
BAD_TEXTS = [
    "", "   ", "{", "[1,", "null", "42", '"Tap"', "[]", "{}", '{"kind": null}', '{"kind": 3}',
    '{"kind": "Nope"}', '{"kind": "Panel", "kind2": 1}', '{"kind": "Tap"}', '{"kind": "Tap", "pile": 3}',
    '{"kind": "Tap", "pile": "stock", "index": "0"}', '{"kind": "Tap", "pile": "stock", "index": 1.5}',
    '{"kind": "Tap", "pile": "stock", "index": true}', '{"kind": "Tap", "pile": "stock", "extra": 1}',
    '{"kind": "Key", "key": "a", "ctrl": 1}', '{"kind": "Resize", "width": "1", "height": 2}',
    '{"kind": "Resize", "width": true, "height": 2}',
    '{"kind": "Drop", "pile": "waste", "count": 1, "dest": null, "drawn_at": {"QC": [1]}}',
    '{"kind": "Drop", "pile": "waste", "count": 1, "dest": null, "drawn_at": {"QC": [1, "2"]}}',
    '{"kind": "Drop", "pile": "waste", "count": 1, "dest": null, "drawn_at": [[1, 2]]}',
    '{"kind": "LineFound", "moves": "S", "version": 1}', '{"kind": "LineFound", "moves": [1], "version": 1}',
    '{"kind": "SettingsChanged", "changes": {"draw": [1]}}', '{"kind": "SettingsChanged", "changes": 1}',
    '{"kind": "ShowPanel", "panel": {"kind": "note"}}', '{"kind": "ShowPanel", "panel": "note"}',
    '{"kind": "ShowPanel", "panel": {"kind": "note", "text": "x", "buttons": [1]}}',
    '{"kind": "ShowPanel", "panel": {"kind": "note", "text": "x", "colour": "red"}}',
    '{"kind": "WriteHash", "code": "x"}', '{"kind": "say", "text": "a"} trailing',
    "[" * 5000, '{"kind": "Tap", "pile": "\\ud800"', "\x00",
    '{"kind": "Reply", "ok": "yes"}', '{"kind": "Reply", "store": {"k": 1}}', '{"kind": "Reply", "store": {"k": {"copy": 1}}}',
    '{"kind": "Reply", "store": {"k": {"copy": "a", "more": "b"}}}', '{"kind": "Reply", "effects": [{"kind": "say"}]}',
    '{"kind": "Reply", "page": {"lang": "en"}}', '{"kind": "Reply", "counters": {"moves": 3, "seconds": 1, "running": true,'
    ' "show_moves": true, "show_clock": true}}', '{"kind": "Reply", "marks": {"solver": "idle"}}',
    '{"kind": "Reply", "dialog": [1]}', '{"kind": "Reply", "view": 3}', '{"kind": "Reply", "colour": "red"}',
    '{"kind": "Reply", "page": {"lang": "en", "messages": "", "ranks": {"A": 1}, "look": {}, "motion": true,'
    ' "speed": 1, "sound": false, "groups": []}}',
    '{"kind": "Reply", "page": {"lang": "en", "messages": "", "ranks": {}, "look": {}, "motion": true,'
    ' "speed": 1, "sound": false, "groups": [["fr"]]}}',
    '{"kind": "Reply", "marks": {"kind": "x", "solver": "idle", "answers": "0", "stuck": "false"}}',
    '{"kind": "Reply", "marks": {"name": "win", "solver": "idle", "answers": "0", "stuck": "false"}}',
]
# the reply's typed values: a dialog told by its name, the replay bar, the #analysis panel, the cascade
BAD_TEXTS += ['{"kind": "Reply", "dialog": ' + d + '}' for d in (
    '{"name": "nope"}', '{"html": "x"}', '{"name": ["win"]}', '{"name": null}', '"win"', '{"name": "rules", "html": 3}',
    '{"name": "rules", "colour": 1}', '{"name": "rules", "rows": {}}', '{"name": "new", "notes": {"x": [1, ""]}}',
    '{"name": "new", "notes": {"x": ["a"]}}', '{"name": "new", "notes": ["x"]}', '{"name": "new", "draw": 3}',
    '{"name": "new", "groups": [["One", [["a", 1]]]]}', '{"name": "new", "groups": [["One", "a", "b"]]}',
    '{"name": "new", "groups": {"a": "b"}}', '{"name": "new", "groups": [["One", 2]]}',
    '{"name": "settings", "toggles": {"x": ["f", 1]}}', '{"name": "settings", "toggles": {"x": "f"}}',
    '{"name": "settings", "choices": {"theme": ["auto", "dark"]}}', '{"name": "settings", "choices": {"t": ["a", [1]]}}',
    '{"name": "settings", "languages": [["en"]]}', '{"name": "settings", "languages": [[1, "English"]]}',
    '{"name": "stats", "max_bytes": "1"}', '{"name": "stats", "message": 1}', '{"name": "stats", "rows": {"a": null}}',
    '{"name": "win", "texts": {"a": 1}}', '{"name": "win", "texts": ["a"]}', '{"name": "win", "attrs": {"a": {"b": 1}}}',
    '{"name": "win", "attrs": {"a": "b"}}', '{"name": "win", "draw": "3"}', '{"name": "win", "next_daily": false}')]
BAD_TEXTS += ['{"kind": "Reply", "replay": ' + r + '}' for r in (
    '{"bar": null}', '{"on": "yes"}', '{"on": true, "done": 1.5}', '{"on": true, "labels": {"play": 1}}', 'true')]
BAD_TEXTS += ['{"kind": "Reply", "analysis": ' + a + '}' for a in (
    '{"state": null}', '{"open": 1}', '{"open": true, "progress": [1]}', '{"open": true, "progress": [1, "2"]}',
    '{"open": true, "progress": [1, 2.5]}', '{"open": true, "progress": 3}', '{"open": true, "timeline": [1, null, "x"]}',
    '{"open": true, "timeline": {"moves": 1, "lost": "x"}}', '{"open": true, "timeline": null}',
    '{"open": true, "index": "4"}', '{"open": true, "best": false}')]
BAD_TEXTS += ['{"kind": "Reply", "cascade": ' + c + '}' for c in (
    '[[0, "AS", 1.5, -2]]', '{"launch_ms": 60, "easings": {}}', '{"launch_ms": 60, "easings": {"F": 1}, "throws": []}',
    '{"launch_ms": 6.5, "easings": {}, "throws": []}', '{"launch_ms": 60, "easings": {}, "throws": [[0, "AS", 1, 2]]}',
    '{"launch_ms": 60, "easings": {}, "throws": [[0, "AS", 1, 2, [[0, 0]]]]}',
    '{"launch_ms": 60, "easings": {}, "throws": [["0", "AS", 1, 2, []]]}',
    '{"launch_ms": 60, "easings": {}, "throws": [[0, "AS", 1, 2, [[0, 0, 1]]]]}',
    '{"launch_ms": 60, "easings": {}, "throws": {"a": 1}}', '{"launch_ms": 60, "easings": {}, "throws": {}}',
    '{"launch_ms": 60, "easings": {}, "throws": 3}')]


def texts(v):
    """The samples' texts, one a line (the same under both Pythons)."""
    return "\n".join(v.encode(x) for x in samples(v))


def check(ok, *what):
    if not ok:
        raise AssertionError(" ".join(str(w) for w in what))


def run(v):
    """Every sample: kind and class registered, a round trip through the text that gives an equal value
    (the same text again, the same hash), a repr that reads like the constructor call, equality and
    inequality; every bad text refused with ValueError; values that cannot be text refused by encode."""
    values = samples(v)
    kinds = set()
    for x in values:
        kinds.add(x.kind)
        check(v._registered(x.kind) is type(x), "not registered", x)
        text = v.encode(x)
        check(text.startswith('{"kind": "' + x.kind + '"'), "kind first", text)
        y = v.decode(text)
        check(type(y) is type(x) and y == x and not (y != x), "round trip", x, y)
        check(hash(y) == hash(x), "hash", x)
        check(v.encode(y) == text, "the same text again", text)
        for field in x.FIELDS:
            a, b = getattr(x, field[0]), getattr(y, field[0])
            check(type(a) is type(b) or (field[1] == "num" and a == b), "field type", x, field[0], a, b)
            if type(a) is dict:
                for key in a:
                    check(type(a[key]) is type(b[key]), "dict value type", x, key)
        check(repr(x).startswith(type(x).__name__ + "("), "repr", repr(x))
        check(eval(repr(x), v.__dict__) == x, "repr reads back", repr(x))
    every = set(c.kind for c in v.ACTIONS + v.EFFECTS)
    check(kinds - every == {"Reply"}, "kinds without a sample", sorted(every - kinds), sorted(kinds - every))
    check(len(v.KINDS) == len(v.ACTIONS) + len(v.EFFECTS), "kinds unique")
    check(v.Tap("stock") != v.Tap("stock", 0) and v.Tap("stock") != v.FocusPile("stock"), "unequal")
    check(v.Drop("waste", 1, None, {"QC": (1, 2)}) != v.Drop("waste", 1, None), "drawn_at compared")
    check(hash(v.Drop("waste", 1, None, {"QC": (1, 2)})) == hash(v.Drop("waste", 1, None)), "drawn_at unhashed")
    check(v.Shake("stock", 0) != ("shake", "stock", 0) and v.Shake("stock", 0).kind == "shake", "a value, not a tuple")
    check(v.ShowNotice("x").ms == v.NOTICE_MS and v.Drop("w", 1, None).drawn_at == {}, "defaults")
    check(v.Drop("w", 1, None).drawn_at is not v.Drop("w", 1, None).drawn_at, "a fresh default")
    check(v.LineFound(["S"], 1).moves == ("S",), "strs as a tuple")
    for text in BAD_TEXTS:
        try:
            v.decode(text)
        except ValueError:
            continue
        check(False, "decoded", repr(text)[:60])
    for x in (v.Tap(3), v.Resize(float("inf"), 1.0), v.Resize(float("nan"), 1.0), v.Drop("w", 1, None, {1: (0, 0)}),
              v.Key("a", ctrl=None), v.Panel("note", "x"), v.LineFound(("S", 2), 1), "Tap", None):
        try:
            v.encode(x)
        except ValueError:
            continue
        check(False, "encoded", repr(x))
    for text in (None, 42, b'{"kind": "Pointer"}'):
        try:
            v.decode(text)
        except ValueError:
            continue
        check(False, "decoded", repr(text))
    for args, kw in (((), {}), (("a", 1, 2), {}), (("a",), {"pile": "b"}), (("a",), {"colour": 1})):
        try:
            v.Tap(*args, **kw)
        except TypeError:
            continue
        check(False, "built", args, kw)
    return len(values)
