"""A plain start of Python imports the game in small steps, giving the browser its turn between two.

Without a memory snapshot (a first visit), importing the game's modules was one long main-thread task:
the painted board could take no tap and nothing else could run until it ended. static/main.py now
imports the modules of index.html's facts ("imports", written by scripts/build_facts.py) one at a time.
The proof here is an order of tasks, not a duration: a timer chain started before the page's scripts
must get a turn between the marks "canfield:python" and "canfield:imported".
"""

from __future__ import annotations

# a chain of zero-delay timers from before the first script: each turn it gets is a task boundary
TICKS = """
window.__ticks = [];
(function tick() { window.__ticks.push(performance.now()); setTimeout(tick, 0); })();
"""


def test_a_plain_start_imports_the_game_in_steps_the_browser_can_run_between(page, open_game):
    page.add_init_script(TICKS)
    open_game(path="index.html?memory-snapshot=off")
    python, imported, ticks, loaded = page.evaluate("""() => {
        const at = (n) => performance.getEntriesByName(n, 'mark')[0].startTime;
        return [at('canfield:python'), at('canfield:imported'), window.__ticks, !!window.__ticks.length];
    }""")
    assert loaded
    between = [t for t in ticks if python < t < imported]
    # one turn between two imports at the least; many more in practice (the list has ~50 modules)
    assert len(between) >= 2, f"no task ran while the game was imported ({python:.0f}..{imported:.0f} ms)"

