# The thin layer of the prototype (issue 33): MicroPython on the page's main thread, through PyScript's
# <script type="mpy">. It adopts the cards bench/thin/paint.js painted (or builds them), forwards taps
# to the engine's worker (Pyodide, a PyScript named worker) as actions, and applies the view the worker
# answers, keyed by card, once per animation frame. No rule and no layout arithmetic here.
#
# Timings go to window.thinLog(kind, start, end, cards) (bench/thin/paint.js), read by bench/bench_thin.py.
from pyscript import document, window, workers
from pyscript.ffi import create_proxy

import thin_view

perf = window.performance
perf.mark("thin-mpy-start")

SYM = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
board = document.getElementById("board")
root = document.getElementById("game")
shown = thin_view.Applied()
elements = {}
counters = {}
pending = [None]       # the latest view text not applied yet (only the latest counts)
scheduled = [False]
last_text = [None]
queued = []            # taps before the worker is ready
engine = [None]
code = [str(window.location.hash)[1:] or "CF1-D3-AAAAACL"]


def adopt():
    nodes = board.querySelectorAll("[data-card]")
    for i in range(nodes.length):
        node = nodes.item(i)
        elements[node.getAttribute("data-card")] = node


def build(card_id):
    el = document.createElement("div")
    el.setAttribute("data-card", card_id)
    el.textContent = card_id[0] + SYM.get(card_id[1], "")
    board.appendChild(el)
    elements[card_id] = el
    return el


def apply(text):
    t0 = perf.now()
    changes, counts = shown.diff(text)
    for card_id, style, cls, pile in changes:
        el = elements.get(card_id)
        if el is None:
            el = build(card_id)
        el.style.cssText = style
        if cls is not None:
            el.className = cls
        if pile is not None:
            el.setAttribute("data-pile", pile)
    for name, value in counts:
        out = counters.get(name)
        if out is None:
            out = counters[name] = document.getElementById("count-" + name)
        if out is not None:
            out.textContent = value
    t1 = perf.now()
    window.thinLog("apply", t0, t1, len(changes))
    last_text[0] = text
    window.localStorage.setItem("thin.view", text)   # the next visit's painted board


def frame(_stamp):
    scheduled[0] = False
    text = pending[0]
    pending[0] = None
    if text is not None:
        apply(text)
        if root.getAttribute("data-ready") != "true":
            root.setAttribute("data-ready", "true")
            perf.mark("thin-ready")


frame_proxy = create_proxy(frame)


def on_view(text):
    pending[0] = text
    if not scheduled[0]:
        scheduled[0] = True
        window.requestAnimationFrame(frame_proxy)


on_view_proxy = create_proxy(on_view)


def send(action):
    engine[0].tap(action).then(on_view_proxy)


def on_pointerdown(event):
    target = event.target.closest("[data-pile]")
    if target is None:
        return
    action = thin_view.tap_text(target.getAttribute("data-pile"), target.getAttribute("data-card"))
    if engine[0] is None:
        queued.append(action)
    else:
        send(action)


def long_game(moves):
    engine[0].long_game(code[0], moves).then(on_view_proxy)


def rebuild():
    # the benchmark's measure of building all the cards from a view: drop them, apply the last view again
    for card_id in elements:
        elements[card_id].remove()
    elements.clear()
    shown.forget()
    on_view(last_text[0])


board.addEventListener("pointerdown", create_proxy(on_pointerdown))
window.thinLongGame = create_proxy(long_game)
window.thinRebuild = create_proxy(rebuild)
adopt()
root.setAttribute("data-live", "true")
perf.mark("thin-live")

engine[0] = await workers["engine"]
perf.mark("thin-worker-ready")
on_view(await engine[0].view(code[0]))
for action in queued:
    send(action)
queued.clear()
