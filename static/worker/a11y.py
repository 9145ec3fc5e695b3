"""What a screen reader hears: the accessible name of every pile and the sentences of the live region.

Pure Python (no DOM), tested under CPython. Card names and move sentences come from the engine
(`canfield.card_name`, `game.describe_move`, `game.describe`); this module only puts them
together with the page's words from the message tables.

Two live regions on the page:
- ``#announce`` (aria-live="polite"): what just happened, one short sentence per action (the move
  in the engine's words, a selection, an undo, the whole table on request).
- ``#description``: the whole table (`game.describe(lang)`) after every action, kept in the DOM
  for issue 3's contract but with aria-live="off", so that a screen reader does not read the whole
  table after every move on top of the move's sentence.
"""

from __future__ import annotations

from canfield import card_name
from canfield.describe import TABLES

from shared.table import TO_ENGINE, move_count, reserve_piles



def count_text(t, n: int) -> str:
    return t("count.one") if n == 1 else t("stock.count", n=n)


def _number(pile: str) -> int:
    return int(pile.rsplit("-", 1)[1])


def pile_name(t, pile: str) -> str:
    if pile.startswith("tableau-"):
        return t("pile.tableau", n=_number(pile))
    if pile.startswith("foundation-"):
        return t("pile.foundation", n=_number(pile))
    if pile.startswith("reserve-"):      # one of several reserves: "Reserve 2"
        return f"{t('pile.reserve')} {_number(pile)}"
    return t(f"pile.{pile}")


def _face_name(game, pile: str, index: int, lang: str) -> str:
    """The name of the card at `index` of `pile` as the player sees it: a face-down card is "face-down
    card" (the engine's word), never its name."""
    cards = game.pile(TO_ENGINE[pile])
    up = True
    if pile.startswith("tableau-"):
        up = game.tableau_faces[_number(pile) - 1][index]
    elif pile in reserve_piles(game):
        up = game.reserve_faces[reserve_piles(game).index(pile)][index]
    return card_name(cards[index], lang) if up else TABLES[lang]["hidden"]


def _next_name(nxt, lang: str):
    """What a foundation waits for in words: its card, its rank alone (any suit), or None (any card)."""
    if nxt.card is not None:
        return card_name(nxt.card, lang)
    if nxt.rank is not None:
        return TABLES[lang]["ranks"][nxt.rank - 1]
    return None


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def pile_label(game, pile: str, t, lang: str, cursor: int | None = None, selected: bool = False) -> str:
    """The accessible name of a pile: "dame de trèfle, réserve, 13 cartes".

    The card named first is the one a key would take: the top card, or in a column the card
    under the keyboard cursor (`cursor`, 0 = bottom). A foundation adds the card it waits for.
    """
    cards = game.pile(TO_ENGINE[pile])
    n = len(cards)
    name = pile_name(t, pile)
    if pile == "stock":
        text = f"{name}, {count_text(t, n)}" if n else t("a11y.pile_empty", pile=name)
    elif not n:
        text = t("a11y.pile_empty", pile=name)
    else:
        index = n - 1 if cursor is None or not pile.startswith("tableau-") else max(0, min(cursor, n - 1))
        text = t("a11y.pile", card=_face_name(game, pile, index, lang), pile=_lower_first(name),
                 count=count_text(t, n))
    if pile.startswith("foundation-"):
        nxt = game.foundation_next(_number(pile) - 1)
        said = None if nxt is None else _next_name(nxt, lang)
        if said is not None:
            text += ", " + t("foundation.waits", card=said)
    if selected:
        text += ", " + t("a11y.selected_mark")
    return _upper_first(text)


def selection_text(game, pile: str, count: int, t, lang: str) -> str:
    """ "Sélection : roi de cœur, 2 cartes." for a picked-up card or tail."""
    cards = game.pile(TO_ENGINE[pile])
    if not cards:
        return ""
    first = cards[len(cards) - count] if 0 < count <= len(cards) else cards[-1]
    if count > 1:
        return t("a11y.selected_n", card=card_name(first, lang), count=count_text(t, count))
    return t("a11y.selected", card=card_name(first, lang))


def illegal_drop_text(game, pile: str, count: int, dest: str, t, lang: str) -> str:
    """ "Not a legal move: 3 of spades cannot go there (Column 1). The card goes back." for cards dragged
    from `pile` and let go over `dest`, which does not take them."""
    cards = game.pile(TO_ENGINE[pile])
    if not cards:
        return t("a11y.illegal_drop")
    first = len(cards) - count if 0 < count <= len(cards) else len(cards) - 1
    if dest.startswith("foundation-"):    # named as the player sees it, by its top card (hints do the same)
        top = game.pile(TO_ENGINE[dest])
        where = t("pile.foundation.top", card=card_name(top[-1], lang)) if top else t("pile.foundation.empty")
    else:
        where = pile_name(t, dest)
    return t("a11y.illegal_drop_on", card=_face_name(game, pile, first, lang), pile=where)


def cursor_text(game, pile: str, index: int, t, lang: str) -> str:
    """The card under the keyboard cursor in a column and how many cards a key would take."""
    cards = game.pile(TO_ENGINE[pile])
    if not cards:
        return ""
    index = max(0, min(index, len(cards) - 1))
    return t("a11y.cursor", card=_face_name(game, pile, index, lang), count=count_text(t, move_count(game, pile, index)))
