"""The newer games' rules: `ExtendedRules`, what a game of a rule set with `rules.extended` does in place of
`Game` (PySolFC's Eagle Wing, Gate, Little Gate, Duke, Dutchess, Minerva, Munger, Mystique, Candike,
Lafayette, Beehive and The Plot: several reserves, face-down column cards, a base the player chooses,
foundations down / by rank / of four of a kind / opening in order, a column's capacity, whole-column moves,
fills from several piles).

canfield/game.py mixes it into `Game`: `class ExtendedGame(ExtendedRules, Game)`, the class that
`Game(...)`, `Game.new`, `Game.from_code`, `Game.from_position` and `Game.from_piles` make for such a rule
set (`Game.__new__` chooses, once, from the rule set), so that `isinstance(game, Game)` holds. The mixin
overrides the deal, the position check, move generation, `apply` / `unapply` of card moves, the
foundations' next card and the reasons a move is refused, and reads every rule from the rule set's
parameters (docs/engine.md, "The twelve other games"); everything else (the notation, the position text,
play / undo / redo, the API) is `Game`'s. Its undo entry of a card move has a fourth part, (fill source,
turned card, base set); a draw's and a recycle's are `Game`'s. This module does not import canfield/game.py
(the engine's modules import in one direction): `super()` reaches `Game`.

Pure Python, no dependencies, no browser imports.
"""

from .cards import DECK_CARDS as CARDS
from .moves import _F_MOVES, RANK, SUIT, FoundationNext, _mv, _pile_label


class ExtendedRules:
    """The rules of the newer games, mixed into `Game` by `canfield.game.ExtendedGame` (see the module
    docstring); it reads and writes `Game`'s piles and state."""

    # ---- the position --------------------------------------------------------------------

    def _set_position(self, split, reserves, down, base_rank, fsuits, error, score, recycles):
        """Checks the position `split` (see `Game._from_split`) against the rule set and starts there."""
        rules = self.rules
        nf, kind = rules.foundations, rules.foundation
        fpiles, cols = split[3:3 + nf], split[3 + nf:]
        if base_rank is None and rules.base_rank not in ("player", None) and kind != "set":
            base_rank = rules.base_rank
        if base_rank is None and rules.base_rank is None and kind != "set":
            if not fpiles[0]:
                raise error("give base_rank when foundation 1 is empty")
            base_rank = RANK[fpiles[0][0]] + 1
        if kind == "set" or rules.base_rank == "player" and not any(fpiles):
            base_rank = None  # no base, or none chosen yet: no card on a foundation
        elif base_rank is None:
            raise error("give base_rank: a card is on a foundation")
        base = None if base_rank is None else base_rank - 1
        if kind in ("rank", "set"):
            fsuits = (None,) * nf
        elif kind == "up_down":
            fsuits = (0, 1, 2, 3) * 2
        elif fsuits is None:
            fs = [SUIT[f[0]] if f else None for f in fpiles]
            for i in range(nf):
                if fs[i] is None:
                    fs[i] = next(s for s in range(4) if fs.count(s) < rules.decks)
            fsuits = tuple(fs)
        if kind == "suit" and sorted(fsuits) != sorted(list(range(4)) * rules.decks):
            raise error(f"the {nf} foundations hold each suit {rules.decks} time{'s' if rules.decks > 1 else ''}")
        for i, f in enumerate(fpiles):
            for n, c in enumerate(f):
                if kind == "set":
                    ok = RANK[c] == RANK[f[n - n % 4]]
                elif kind == "up_down":
                    other = len(fpiles[i + 4 if i < 4 else i - 4])
                    ok = SUIT[c] == fsuits[i] and RANK[c] == (n if i < 4 else 12 - n) and len(f) + other <= 13
                else:
                    ok = ((fsuits[i] is None or SUIT[c] == fsuits[i]) and RANK[c] == (base + n) % 13 and n < 13
                          and not (i and rules.foundations_in_order and len(fpiles[0]) < 13))
                if not ok:
                    raise error(f"foundation {i + 1} cannot hold {CARDS[c].code} at position {n + 1}")
        if kind == "set" and len(fpiles[0]) % 4:
            raise error("foundation 1 holds whole sets of four")
        for i, col in enumerate(cols):
            if rules.column_max is not None and len(col) > rules.column_max:
                raise error(f"column {i + 1} holds at most {rules.column_max} cards")
            for n, (a, b) in enumerate(zip(col, col[1:])):
                if n + 1 >= len(rules.column_deal) and not self._fits_on(b, a):
                    raise error(f"column {i + 1}: {CARDS[b].code} cannot lie on {CARDS[a].code}")
            if not col and any(reserves) and rules.refills:
                raise error(f"column {i + 1} is empty while the reserve has cards")
        self._set_foundation_suits(fsuits)
        self._position = split
        self._start_reserves = [list(r) for r in reserves]
        self._start_down = frozenset(down)
        self._start_base = base
        self._deck = None
        self._start_score = score
        self._start_recycles = recycles
        self._setup()
        return self

    def _deal(self):
        """The deal (docs/engine.md, "The deal, ours"): the reserves' cards one a reserve in turn (R1 first),
        the base card where one is dealt, the columns row by row (the bottom row first, faces as
        `column_deal` says), the rest the stock (first dealt, first drawn)."""
        rules = self.rules
        deck = list(self._deck)
        nf, kind, base = rules.foundations, rules.foundation, rules.base_rank
        foundations = [[] for _ in range(nf)]
        if type(base) is int and rules.starters:
            self._base = base - 1
            starters = sorted((c for c in deck if RANK[c] == self._base), key=lambda c: (SUIT[c], c))
            deck = [c for c in deck if RANK[c] != self._base]
            fsuits = tuple(SUIT[c] for c in starters)
            foundations = [[c] for c in starters]
        else:
            self._base = base - 1 if type(base) is int else None
            fsuits = (tuple(s for s in range(4) for _ in range(rules.decks)) if kind == "suit"
                      else (0, 1, 2, 3) * 2 if kind == "up_down" else (None,) * nf)
        nr, size = rules.reserves, rules.reserve
        head = deck[:nr * size]
        self._reserves = [list(head[j::nr]) for j in range(nr)]
        i = nr * size
        if base is None and kind != "set":
            card = deck[i]
            i += 1
            self._base = RANK[card]
            if kind == "suit":
                order = (SUIT[card],) + tuple(s for s in range(4) if s != SUIT[card])
                fsuits = tuple(s for s in order for _ in range(rules.decks))
            foundations[0].append(card)
        self._tab = [[] for _ in range(rules.columns)]
        self._down = set()
        for up in rules.column_deal:
            for col in self._tab:
                col.append(deck[i])
                if not up:
                    self._down.add(deck[i])
                i += 1
        self._set_foundation_suits(fsuits)
        self._stock = list(reversed(deck[i:]))
        self._waste = []
        self._reserve = self._reserves[0]
        self._found = foundations
        self._link_piles()

    def state(self):
        """`Game.state`, then the other reserves, the face-down cards and the base."""
        return super().state() + (tuple(tuple(r) for r in self._reserves[1:]), frozenset(self._down), self._base)

    # ---- the rules (docs/engine.md, "The twelve other games") ----------------------------

    def _fnext(self, i):
        """The rank (0-based) foundation i takes next; -1 when any rank would do (a base not chosen yet);
        None when it takes nothing now (full, or not open yet). Not for a "set" foundation."""
        n = len(self._found[i])
        kind = self.rules.foundation
        if kind == "up_down":
            if n + len(self._found[i ^ 4 if i < 4 else i - 4]) >= 13:
                return None
            return n if i < 4 else 12 - n
        if n >= 13:
            return None
        if self._base is None:
            return -1
        if i and self.rules.foundations_in_order and len(self._found[0]) < 13:
            return None
        return (self._base + n) % 13

    def foundation_next(self, i):
        """`Game.foundation_next`; a foundation of sets takes any four of a kind (rank and suit None, direction
        0); an up-down game's foundations F5-F8 build down (direction -1)."""
        if self.rules.foundation == "set":
            return FoundationNext(None, None, 0, None) if len(self._found[i]) < self.rules.cards else None
        nxt = super().foundation_next(i)
        if nxt is not None and self.rules.foundation == "up_down" and i >= 4:
            return nxt._replace(direction=-1)
        return nxt

    def _run(self, col):
        """How many cards at the top of column `col` are face up, each built on the one below."""
        n, k, down, fits = len(col), 1, self._down, self._fits
        while k < n and col[-k - 1] not in down and col[-k] in fits[col[-k - 1]]:
            k += 1
        return k

    def _empty_ok(self, src, card):
        """Does an empty column take `card` (heading what would go there) from pile `src` now?"""
        base = self._base
        return self.rules.empty_takes(src, any(self._reserves), RANK[card] + 1, None if base is None else base + 1,
                                      len(self._found[0]) >= 13)

    def _foundations_for(self, c):
        """The foundations (indices) that take card c next, from a pile other than a foundation."""
        out = []
        for f in self._fof[SUIT[c]]:
            want = self._fnext(f)
            if want is not None and (want == RANK[c] or want < 0):
                out.append(f)
        return out

    def _reserve_plays(self, pile):
        """Does the top of this reserve play? (Eagle Wing's trunk: only its last card, face up.)"""
        return bool(pile) and (not self.rules.reserve_down or len(pile) == 1)

    def legal_moves(self):
        """Every legal move, in a fixed order: to foundations, reserve and waste tops to columns, columns to
        columns, take-backs, the stock."""
        rules = self.rules
        moves = []
        add = moves.append
        tab, cols, fnames, fits = self._tab, self.columns, self.foundation_names, self._fits
        cap = rules.column_max
        base_unset = rules.base_rank == "player" and self._base is None
        reserves = [(name, pile) for name, pile in zip(self.reserve_names, self._reserves) if self._reserve_plays(pile)]
        tops = reserves + ([] if base_unset or not self._waste else [("W", self._waste)])
        # Onto foundations.
        if rules.foundation == "set":
            for name, col in zip(cols, tab):
                if len(col) >= 4 and self._run(col) >= 4 and len({RANK[c] for c in col[-4:]}) == 1:
                    add(_mv(name, "F1", 4))
        else:
            sources = tops if base_unset else tops + [(name, col) for name, col in zip(cols, tab) if col]
            for name, pile in sources:
                if base_unset and name[0] != "R":
                    continue
                for f in self._foundations_for(pile[-1]):
                    add(_F_MOVES[name, fnames[f]])
        # Reserve and waste tops onto columns.
        for name, pile in tops:
            if name[0] == "R" and rules.reserve_to == "foundations":
                continue
            c = pile[-1]
            for j, col in enumerate(tab):
                if col:
                    if c in fits[col[-1]] and (cap is None or len(col) < cap):
                        add(_mv(name, cols[j]))
                elif self._empty_ok(name, c):
                    add(_mv(name, cols[j]))
        if base_unset:
            return moves
        # Columns onto columns.
        for i, col in enumerate(tab):
            n = len(col)
            if not n:
                continue
            counts = rules.take_counts(n, self._run(col))
            for j, dst in enumerate(tab):
                if j == i:
                    continue
                for k in counts:
                    c = col[-k]
                    if dst:
                        if c in fits[dst[-1]] and (cap is None or len(dst) + k <= cap):
                            add(_mv(cols[i], cols[j], k))
                    elif self._empty_ok(cols[i], c) and (cap is None or k <= cap):
                        add(_mv(cols[i], cols[j], k))
        # Foundation tops back onto columns (and onto the other foundation of their suit).
        if self._takeback:
            for i, fp in enumerate(self._found):
                if not fp:
                    continue
                c = fp[-1]
                for j, col in enumerate(tab):
                    if col:
                        if c in fits[col[-1]] and (cap is None or len(col) < cap):
                            add(_mv(fnames[i], cols[j]))
                    elif self._empty_ok(fnames[i], c):
                        add(_mv(fnames[i], cols[j]))
                if rules.foundation == "up_down":  # the other foundation of the suit, when it takes c next
                    other = i + 4 if i < 4 else i - 4
                    n = len(self._found[other])
                    if (n if other < 4 else 12 - n) == RANK[c]:
                        add(_mv(fnames[i], fnames[other]))
        # The stock.
        if self._stock:
            add(_mv("S", "W", min(self.draw_count, len(self._stock))))
        elif self._waste and self.can_recycle:
            add(_mv("W", "S", len(self._waste)))
        return moves

    def is_legal(self, move):
        """Is `move` (a Move) legal here? The same answer as `move in legal_moves()`."""
        try:
            s, d, k = move
        except (TypeError, ValueError):
            return False
        if k is None and (s == "S" or d == "S"):
            return any(m.src == s and m.dst == d for m in self.legal_moves())
        return (s, d, k) in self.legal_moves()

    # ---- effects -----------------------------------------------------------------------

    def apply(self, move):
        """`Game.apply` (unchecked): the cards, the points, the base a player's first foundation card sets,
        then the column's new top turned up or the emptied column filled, each recorded in the undo entry
        (move, filled column, points, (fill source, turned card, base set)); a draw and a recycle as in
        every game (an entry of three)."""
        s, d, k = move
        if s == "S" or d == "S":
            return super().apply(move)
        src, dst = self._p[s], self._p[d]
        rules = self.rules
        dst.extend(src[-k:])
        del src[-k:]
        gain = 5 * k if d[0] == "F" and s[0] != "F" else 0
        self._score += gain
        base_set = False
        if d[0] == "F" and self._base is None and rules.base_rank == "player":
            self._base = RANK[dst[-1]]
            base_set = True
        refill = fill_src = turned = None
        if s[0] == "T":
            if src:
                if src[-1] in self._down:
                    turned = src[-1]
                    self._down.discard(turned)
            elif rules.refills:
                fill_src = self._fill_source()
                if fill_src is not None:
                    src.append(self._p[fill_src].pop())
                    refill = s
        self._undo.append((move, refill, gain, (fill_src, turned, base_set)))

    def _fill_source(self):
        """The pile that fills a column emptied now (the rule set's `fill`), or None: the reserve with the
        most cards (R1 on a tie), then, for "larger_reserve_then_waste", the waste."""
        best = max(range(len(self._reserves)), key=lambda j: (len(self._reserves[j]), -j))
        if self._reserves[best]:
            return self.reserve_names[best]
        if self.rules.fills_from_waste and self._waste:
            return "W"
        return None

    def _pop(self):
        """`Game._pop` (undo's and `unapply`'s): a card move's fills, face turned and base taken back too."""
        if len(self._undo[-1]) == 3:  # a draw or a recycle
            return super()._pop()
        move, refill, gain, (fill_src, turned, base_set) = self._undo.pop()
        s, d, k = move
        p = self._p
        src, dst = p[s], p[d]
        if refill is not None:
            p[fill_src].append(src.pop())
        if turned is not None:
            self._down.add(turned)
        src.extend(dst[-k:])
        del dst[-k:]
        if base_set:
            self._base = None
        self._score -= gain
        return move

    unapply = _pop

    # ---- reasons ---------------------------------------------------------------------

    def _why_rules(self, move, text):
        """Why a card move is not legal here (`Game._why_illegal` has said what every game says)."""
        s, d, k = move
        rules = self.rules
        src = self._p[s]
        if not src:
            return f"{text}: {_pile_label(s)} is empty"
        if k > len(src):
            return f"{text}: {_pile_label(s)} has only {len(src)} card{'s' if len(src) > 1 else ''}"
        if rules.base_rank == "player" and self._base is None and s[0] != "R":
            return f"{text}: until a reserve's card starts a foundation, only the reserves' top cards move"
        if s[0] == "R" and not self._reserve_plays(src):
            return f"{text}: {_pile_label(s)} is face down until one card is left"
        if s[0] == "F" and not self._takeback:
            return f"{text}: in {rules.name} rules a foundation card never returns to play"
        card = src[-k]
        name = CARDS[card].code
        if card in self._down:
            return f"{text}: {_pile_label(s)} has a face-down card there"
        if d[0] == "F":
            if rules.foundation == "set":
                if s[0] != "T" or k != 4:
                    return f"{text}: the foundation takes four cards of one rank at once, from a column"
                return f"{text}: the last four cards of {_pile_label(s)} are not four of a kind"
            if k > 1:
                return f"{text}: cards go to a foundation one at a time"
            f = self.foundation_names.index(d)
            nxt = self.foundation_next(f)
            if nxt is None:
                return f"{text}: foundation {f + 1} takes no card now"
            return f"{text}: foundation {f + 1} does not take {name} now"
        if s[0] == "R" and rules.reserve_to == "foundations":
            return f"{text}: a reserve's top plays only to the foundations"
        if rules.foundation == "set" and s[0] == "F":
            return f"{text}: a foundation card never returns to play"
        if s[0] == "T" and k not in rules.take_counts(len(src), self._run(src)):
            return f"{text}: in {rules.name} rules {k} card{'s' if k > 1 else ''} of {_pile_label(s)} cannot move together"
        dst = self._p[d]
        if rules.column_max is not None and len(dst) + k > rules.column_max:
            return f"{text}: a column holds at most {rules.column_max} cards"
        if dst:
            words = {"alternate": "down in alternating colours", "suit": "down in suit", "any": "down regardless of colour",
                     "rank": "by rank (a card onto one of its rank)"}[rules.build]
            return f"{text}: {name} cannot go on {CARDS[dst[-1]].code}: the tableau builds {words}"
        return f"{text}: in {rules.name} rules {_pile_label(d)}, empty, does not take {name} from {_pile_label(s)} now"
