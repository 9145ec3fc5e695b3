"""The worker's replies to the page (static/shared/vocab.py `Reply`): one built from what a message did
(`answer`), one for a batch of messages (`merged`), and the error reply (`failed`, `error`)."""

from __future__ import annotations

from shared.vocab import Reply, encode


def answer(view_text, effects, store=None, page=None, dialog=None, counters=None, cascade=None, replay=None,
           marks=None, analysis=None) -> Reply:
    """The reply: the view's text (None: unchanged), the effects in order, the storage writes, the page's
    facts (a PageFacts, None: unchanged), a dialog's contents (a Dialog of static/worker/dialog_view.py), the
    counters (a Counters, None: unchanged), the win cascade's throws (a Cascade, None: no cascade starts),
    the replay bar (a ReplayBar of handle_replays.bar_state; None: unchanged), the marks on #game (a Marks,
    None: unchanged), the #analysis panel (an AnalysisPanel of static/worker/analysis_view.py; None:
    unchanged)."""
    return Reply(view=view_text, effects=tuple(encode(e) for e in effects), store=store or {}, page=page,
                 dialog=dialog, counters=counters, cascade=cascade, replay=replay, marks=marks, analysis=analysis)


_LATEST = ("view", "page", "dialog", "counters", "cascade", "replay", "marks", "analysis")


def merged(replies) -> Reply:
    """One reply for the replies of messages handled in order: the last view, page facts, dialog,
    counters, cascade, replay bar, marks and analysis given; every effect in order; every storage write,
    a later one of a key winning. A message that failed adds its reason to `errors` (ok while one did)."""
    good = [r for r in replies if r.ok]
    if not good:
        return replies[-1]
    fields = {name: None for name in _LATEST}
    effects, store = [], {}
    for r in good:
        effects += r.effects
        store.update(r.store)
        for name in _LATEST:
            if getattr(r, name) is not None:
                fields[name] = getattr(r, name)
    return Reply(effects=tuple(effects), store=store, errors=tuple(r.error for r in replies if not r.ok), **fields)


def failed(why) -> Reply:
    """The error reply: nothing changed, nothing to draw, nothing to do."""
    return Reply(ok=False, error=str(why)[:300])


def error(why) -> str:
    return encode(failed(why))
