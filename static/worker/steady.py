"""A steady table through a game: when the cards change size and the piles their arrangement.

Pure Python (tested under CPython). static/worker/layout.py computes the layout of one position; played
position after position, its largest cards would follow every change of the longest column: a column of
36 cards moved onto another and back made the cards go from 90 px to 64 and back from one move to the
next, and the foundations hop between the first and the second row. `Steady` holds, for one game in one
window, what the layout is sized for, and changes it only when the table would otherwise not fit:

- the cards are sized for `plan` cards in the longest column (the layout's `plan`), never fewer than it
  holds: while columns grow, the cards only shrink, and when they must, they are sized for a few more
  cards at once (`HEADROOM`), as long as that costs the cards little (`SLACK`);
- they grow again only once every column has stayed clearly shorter (`margin`, a quarter of the plan)
  for `GROW_AFTER` moves in a row (a draw, a move, an undo each count), and never as a column grows: a
  column taken apart and built again in a few moves keeps the size it has;
- the arrangement and the foundations' rows chosen for the game are kept (the layout's `keep`) as long
  as they fit at all;
- a face-up reserve is sized for the most cards it has held in the game (cards only leave it).

A new deal, a restart (no move made), another window, draw, card size, hand or table starts afresh,
from the game's positions since the deal when it has moves (`warm`): a game resumed after a reload, or
laid out for a window turned from portrait to landscape, is sized as if it had been played there.
"""

from __future__ import annotations

from dataclasses import replace

from .layout import compute

GROW_AFTER = 20     # moves in a row with every column clearly shorter before the cards grow again
HEADROOM = 6        # a shrink sizes for up to this many cards more than the longest column holds...
SLACK = 0.92        # ...while the cards keep this share of the width they would have without it


def margin(plan: int) -> int:
    """How much shorter than the plan every column must be for the cards to grow again."""
    return max(3, plan // 4)


class Steady:
    """The layout of each position of one game, sized steadily (see the module's text)."""

    def __init__(self) -> None:
        self.base = None        # (game, window, settings, table) this holds for
        self.plan = 0           # the column length the cards are sized for
        self.keep = None        # (arrangement, foundations' rows, columns' rows) of the game
        self.reserve = 0        # the most cards the face-up reserve has held
        self.cap = 0.0          # the cards' width now (0: none yet): the most a growing column allows
        self.moves = -1         # the game's history length last seen
        self.longest = 0        # the longest column last seen
        self.short = 0          # moves in a row with every column under plan - margin
        self.recent = []        # the longest column at each of those moves

    def fresh(self, game_key, moves: int, width, height, *, draw=3, large=False, coarse=False, counts=None,
              left_handed=False) -> bool:
        """Whether the next position of this game and window starts afresh (nothing followed yet)."""
        return moves == 0 or self._base(game_key, width, height, draw, large, coarse, counts, left_handed) != self.base

    @staticmethod
    def _base(game_key, width, height, draw, large, coarse, counts, left_handed):
        return (game_key, width, height, draw, large, coarse, left_handed,
                None if counts is None else (counts.columns, counts.foundations, counts.reserves, counts.reserve_up))

    def warm(self, game_key, positions, width, height, **args) -> None:
        """Follow a game's positions from its deal in order (`positions`: (its columns' lengths, its counts)
        of each, the deal first), as `layout` would have as they were played, without laying any out."""
        for moves, (columns, counts) in enumerate(positions):
            self.follow(game_key, moves, width, height, columns, counts=counts, **args)

    def layout(self, game_key, moves: int, width, height, columns, *, draw=3, large=False, coarse=False,
               counts=None, left_handed=False, dock=0.0):
        """The layout of this position: `game_key` names the game (its deal code), `moves` its history's
        length; the other arguments are `layout.compute`'s."""
        args = self.follow(game_key, moves, width, height, columns, draw=draw, large=large, coarse=coarse,
                           counts=counts, left_handed=left_handed)
        return compute(width, height, columns, dock=dock, plan=self.plan, keep=self.keep, cap=self.cap, **args)

    def follow(self, game_key, moves: int, width, height, columns, *, draw=3, large=False, coarse=False,
               counts=None, left_handed=False) -> dict:
        """Take this position into account (what the cards are sized for); `compute`'s other arguments."""
        base = self._base(game_key, width, height, draw, large, coarse, counts, left_handed)
        if base != self.base or moves == 0:
            self.base, self.plan, self.keep, self.reserve, self.cap = base, 0, None, 0, 0.0
            self.moves, self.short, self.recent, self.longest = moves, 0, [], 0
        if counts is not None:
            self.reserve = max(self.reserve, counts.reserve)
            counts = replace(counts, reserve=self.reserve)
        longest = max([1, *columns])
        args = dict(draw=draw, large=large, coarse=coarse, counts=counts, left_handed=left_handed)
        grown = longest > self.longest
        self.longest = longest
        if moves != self.moves:
            self.moves = moves
            if longest <= self.plan - margin(self.plan):
                self.short += 1
                self.recent.append(longest)
            else:
                self.short, self.recent = 0, []
        if longest > self.plan:
            self._size_for(longest, width, height, columns, args)
        elif self.short >= GROW_AFTER and not grown:
            self._size_for(max(self.recent), width, height, columns, args, grow=True)
        return args

    def _size_for(self, longest, width, height, columns, args, grow=False):
        """Size the cards for `longest` cards, and for a few more while that costs them nothing (no
        shrink needed) or little (a shrink); when growing, only if the cards do grow."""
        self.short, self.recent = 0, []
        cap = 0.0 if grow else self.cap
        first = compute(width, height, columns, plan=longest, keep=self.keep, cap=cap, **args)
        if grow and first.cw <= self.cap:
            return              # no larger: the plan stays (and the next grow waits for more moves)
        floor = first.cw if (not self.cap or first.cw >= self.cap) else SLACK * first.cw
        plan, cw = longest, first.cw
        for more in range(longest + 1, longest + HEADROOM + 1):
            lay = compute(width, height, columns, plan=more, keep=self.keep, cap=cap, **args)
            if (lay.cw < floor or lay.min_strip != first.min_strip
                    or (lay.arrangement, lay.frows, lay.crows) != (first.arrangement, first.frows, first.crows)):
                break
            plan, cw = more, lay.cw
        self.plan, self.cap = plan, cw
        self.keep = (first.arrangement, first.frows, first.crows)
