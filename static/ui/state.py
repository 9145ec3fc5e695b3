"""The old name of static/ui/table.py (the piles, what they show, the moves from them): kept so that
imports of `ui.state` still work."""

from .table import (  # noqa: F401 - re-exported under the old module name
    KEY_ROWS, PILES, TO_ENGINE, TO_UI, WASTE_FAN, Selection, code_from_hash, key_neighbour, move_count,
    moves_from, pile_length, route_hash, stock_move, visible_cards,
)
