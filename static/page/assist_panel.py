"""The solver's #assist panel element: made once, in the dock below the board (the layout ends the board
above the dock, so the panel covers no card). static/page/render.py draws it from the view's `assist`.

Runs under MicroPython (the page's thin layer makes it): no imports, no annotations.
"""

MARKUP = ('<p id="assist-text"></p><div class="assist-buttons">'
          '<button type="button" data-assist="back"></button>'
          '<button type="button" data-assist="undo"></button>'
          '<button type="button" data-assist="new"></button>'
          '<button type="button" data-assist="analyse" data-action="analyse"></button>'
          '<button type="button" data-assist="cancel"></button>'
          '<button type="button" data-assist="close" class="close"></button></div>')


def build(document):
    """The #assist element, hidden, in the dock (or before the notice on a page without one)."""
    panel = document.createElement("div")
    panel.id = "assist"
    panel.className = "assist"
    panel.hidden = True
    panel.innerHTML = MARKUP
    dock = document.getElementById("dock")
    if dock is not None:
        dock.appendChild(panel)
    else:
        notice = document.getElementById("notice")
        notice.parentNode.insertBefore(panel, notice)
    return panel
