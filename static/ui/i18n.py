"""Every text the player sees, one message table per language (fr, nl, en).

The vocabulary follows the rule texts: seed 000 (French) and seed 002 (Dutch).
Pure Python: imported by the page and by the CPython tests (which check that
every language has every key and the same placeholders).
"""

from __future__ import annotations

LANGUAGES = ("fr", "nl", "en")
DEFAULT_LANGUAGE = "en"

# Texts shown before Python runs (index.html keeps a copy of these in its boot
# script; tests/test_ui_static.py checks that both say the same).
BOOT_KEYS = ("boot.loading", "boot.runtime", "boot.game", "boot.error", "boot.retry")

FR = {
    "boot.loading": "Chargement du jeu…",
    "boot.runtime": "Démarrage de Python…",
    "boot.game": "Préparation de la donne…",
    "boot.error": "Le jeu n’a pas pu démarrer.",
    "boot.retry": "Réessayer",
    "title": "Canfield",
    "board": "Table de jeu",
    "pile.stock": "Pioche",
    "pile.waste": "Défausse",
    "pile.reserve": "Réserve",
    "pile.foundation": "Fondation {n}",
    "pile.tableau": "Colonne {n}",
    "stock.count": "{n} cartes",
    "reserve.count": "{n} cartes",
    "foundation.waits": "attend {card}",
    "score": "Points",
    "deal": "Donne",
    "action.undo": "Annuler",
    "action.redo": "Rétablir",
    "action.new": "Nouvelle partie",
    "action.restart": "Recommencer",
    "action.settings": "Réglages",
    "action.copy": "Copier le lien de la donne",
    "action.close": "Fermer",
    "action.deal": "Distribuer",
    "action.describe": "Lire la table",
    "newgame.title": "Nouvelle partie",
    "newgame.draw": "Pioche",
    "newgame.draw3": "3 cartes",
    "newgame.draw3.hint": "Difficile",
    "newgame.draw1": "1 carte",
    "newgame.draw1.hint": "Facile",
    "newgame.rules": "Règles",
    "rules.canfield": "Canfield",
    "rules.classic": "Canfield classique",
    "rules.storehouse": "Storehouse",
    "rules.rainbow": "Arc-en-ciel",
    "settings.title": "Réglages",
    "settings.double_click": "Double clic",
    "settings.double_click.hint": "Toucher une carte la pose aussi sur une colonne",
    "settings.auto_finish": "Finir automatiquement",
    "settings.auto_finish.hint": "Quand la fin est sûre, les cartes montent seules sur les fondations",
    "settings.four_color": "Jeu à quatre couleurs",
    "settings.language": "Langue",
    "win.title": "Gagné !",
    "win.score": "Score : {score} points",
    "notice.invalid_code": "Code de partie invalide : « {code} ». Une nouvelle donne commence.",
    "notice.copied": "Lien copié.",
    "notice.copy_failed": "Copie impossible ; le lien est : {url}",
    "notice.nothing": "Aucun coup possible pour cette carte.",
    "notice.finishing": "La partie se termine…",
    "rank.1": "A", "rank.2": "2", "rank.3": "3", "rank.4": "4", "rank.5": "5",
    "rank.6": "6", "rank.7": "7", "rank.8": "8", "rank.9": "9", "rank.10": "10",
    "rank.11": "V", "rank.12": "D", "rank.13": "R",
    "keys.help": "Flèches : choisir une pile · Entrée : prendre / poser · Échap : lâcher · D : piocher · U / R : annuler / rétablir · B : lire la table",
    "count.one": "1 carte",
    "a11y.pile": "{card}, {pile}, {count}",
    "a11y.pile_empty": "{pile}, vide",
    "a11y.selected_mark": "sélection",
    "a11y.selected": "Sélection : {card}.",
    "a11y.selected_n": "Sélection : {card}, {count}.",
    "a11y.unselected": "Sélection annulée.",
    "a11y.cursor": "{card}, {count}",
    "a11y.illegal": "Coup impossible.",
    "a11y.undo": "Coup annulé.",
    "a11y.nothing_to_undo": "Rien à annuler.",
    "a11y.nothing_to_redo": "Rien à rétablir.",
    "a11y.restart": "La donne recommence.",
    "a11y.new_deal": "Nouvelle donne {code}. Pioche {draw}.",
    "settings.large_cards": "Grandes cartes",
    "settings.large_cards.hint": "Cartes et chiffres plus grands ; la page défile si besoin",
}

NL = {
    "boot.loading": "Het spel wordt geladen…",
    "boot.runtime": "Python start…",
    "boot.game": "Het spel wordt gedeeld…",
    "boot.error": "Het spel kon niet starten.",
    "boot.retry": "Opnieuw proberen",
    "title": "Canfield",
    "board": "Speeltafel",
    "pile.stock": "Trekstapel",
    "pile.waste": "Aflegstapel",
    "pile.reserve": "Reserve",
    "pile.foundation": "Fundament {n}",
    "pile.tableau": "Kolom {n}",
    "stock.count": "{n} kaarten",
    "reserve.count": "{n} kaarten",
    "foundation.waits": "wacht op {card}",
    "score": "Punten",
    "deal": "Spel",
    "action.undo": "Ongedaan maken",
    "action.redo": "Opnieuw doen",
    "action.new": "Nieuw spel",
    "action.restart": "Opnieuw beginnen",
    "action.settings": "Instellingen",
    "action.copy": "Link naar dit spel kopiëren",
    "action.close": "Sluiten",
    "action.deal": "Delen",
    "action.describe": "Tafel voorlezen",
    "newgame.title": "Nieuw spel",
    "newgame.draw": "Trekstapel",
    "newgame.draw3": "3 kaarten",
    "newgame.draw3.hint": "Moeilijk",
    "newgame.draw1": "1 kaart",
    "newgame.draw1.hint": "Makkelijk",
    "newgame.rules": "Regels",
    "rules.canfield": "Canfield",
    "rules.classic": "Klassiek Canfield",
    "rules.storehouse": "Storehouse",
    "rules.rainbow": "Regenboog",
    "settings.title": "Instellingen",
    "settings.double_click": "Dubbelklik",
    "settings.double_click.hint": "Een aangetikte kaart gaat ook naar een kolom",
    "settings.auto_finish": "Automatisch afmaken",
    "settings.auto_finish.hint": "Als het einde zeker is, gaan de kaarten vanzelf naar de fundamenten",
    "settings.four_color": "Vierkleurig spel",
    "settings.language": "Taal",
    "win.title": "Gewonnen!",
    "win.score": "Score: {score} punten",
    "notice.invalid_code": "Ongeldige spelcode: “{code}”. Er wordt een nieuw spel gedeeld.",
    "notice.copied": "Link gekopieerd.",
    "notice.copy_failed": "Kopiëren lukt niet; de link is: {url}",
    "notice.nothing": "Geen zet mogelijk voor deze kaart.",
    "notice.finishing": "Het spel wordt afgemaakt…",
    "rank.1": "A", "rank.2": "2", "rank.3": "3", "rank.4": "4", "rank.5": "5",
    "rank.6": "6", "rank.7": "7", "rank.8": "8", "rank.9": "9", "rank.10": "10",
    "rank.11": "B", "rank.12": "V", "rank.13": "H",
    "keys.help": "Pijltjes: stapel kiezen · Enter: oppakken / neerleggen · Esc: loslaten · D: trekken · U / R: ongedaan maken / opnieuw · B: tafel voorlezen",
    "count.one": "1 kaart",
    "a11y.pile": "{card}, {pile}, {count}",
    "a11y.pile_empty": "{pile}, leeg",
    "a11y.selected_mark": "geselecteerd",
    "a11y.selected": "Geselecteerd: {card}.",
    "a11y.selected_n": "Geselecteerd: {card}, {count}.",
    "a11y.unselected": "Selectie opgeheven.",
    "a11y.cursor": "{card}, {count}",
    "a11y.illegal": "Deze zet kan niet.",
    "a11y.undo": "Zet ongedaan gemaakt.",
    "a11y.nothing_to_undo": "Niets om ongedaan te maken.",
    "a11y.nothing_to_redo": "Niets om opnieuw te doen.",
    "a11y.restart": "Het spel begint opnieuw.",
    "a11y.new_deal": "Nieuw spel {code}. Trekstapel {draw}.",
    "settings.large_cards": "Grote kaarten",
    "settings.large_cards.hint": "Grotere kaarten en cijfers; de pagina schuift als het moet",
}

EN = {
    "boot.loading": "Loading the game…",
    "boot.runtime": "Starting Python…",
    "boot.game": "Dealing…",
    "boot.error": "The game could not start.",
    "boot.retry": "Try again",
    "title": "Canfield",
    "board": "Game table",
    "pile.stock": "Stock",
    "pile.waste": "Waste",
    "pile.reserve": "Reserve",
    "pile.foundation": "Foundation {n}",
    "pile.tableau": "Column {n}",
    "stock.count": "{n} cards",
    "reserve.count": "{n} cards",
    "foundation.waits": "waits for {card}",
    "score": "Score",
    "deal": "Deal",
    "action.undo": "Undo",
    "action.redo": "Redo",
    "action.new": "New game",
    "action.restart": "Restart",
    "action.settings": "Settings",
    "action.copy": "Copy a link to this deal",
    "action.close": "Close",
    "action.deal": "Deal",
    "action.describe": "Read the table",
    "newgame.title": "New game",
    "newgame.draw": "Draw",
    "newgame.draw3": "3 cards",
    "newgame.draw3.hint": "Hard",
    "newgame.draw1": "1 card",
    "newgame.draw1.hint": "Easy",
    "newgame.rules": "Rules",
    "rules.canfield": "Canfield",
    "rules.classic": "Classic Canfield",
    "rules.storehouse": "Storehouse",
    "rules.rainbow": "Rainbow",
    "settings.title": "Settings",
    "settings.double_click": "Double click",
    "settings.double_click.hint": "A tapped card also goes onto a column",
    "settings.auto_finish": "Auto-finish",
    "settings.auto_finish.hint": "When the finish is certain, the cards go to the foundations by themselves",
    "settings.four_color": "Four-colour deck",
    "settings.language": "Language",
    "win.title": "You won!",
    "win.score": "Score: {score} points",
    "notice.invalid_code": "Invalid deal code: “{code}”. A new deal starts.",
    "notice.copied": "Link copied.",
    "notice.copy_failed": "Could not copy; the link is: {url}",
    "notice.nothing": "No move for this card.",
    "notice.finishing": "Finishing the game…",
    "rank.1": "A", "rank.2": "2", "rank.3": "3", "rank.4": "4", "rank.5": "5",
    "rank.6": "6", "rank.7": "7", "rank.8": "8", "rank.9": "9", "rank.10": "10",
    "rank.11": "J", "rank.12": "Q", "rank.13": "K",
    "keys.help": "Arrows: choose a pile · Enter: pick up / put down · Esc: let go · D: draw · U / R: undo / redo · B: read the table",
    "count.one": "1 card",
    "a11y.pile": "{card}, {pile}, {count}",
    "a11y.pile_empty": "{pile}, empty",
    "a11y.selected_mark": "selected",
    "a11y.selected": "Selected: {card}.",
    "a11y.selected_n": "Selected: {card}, {count}.",
    "a11y.unselected": "Selection cancelled.",
    "a11y.cursor": "{card}, {count}",
    "a11y.illegal": "Not a legal move.",
    "a11y.undo": "Move undone.",
    "a11y.nothing_to_undo": "Nothing to undo.",
    "a11y.nothing_to_redo": "Nothing to redo.",
    "a11y.restart": "The deal starts again.",
    "a11y.new_deal": "New deal {code}. Draw {draw}.",
    "settings.large_cards": "Large cards",
    "settings.large_cards.hint": "Bigger cards and figures; the page scrolls when it must",
}

MESSAGES = {"fr": FR, "nl": NL, "en": EN}

LANGUAGE_NAMES = {"fr": "Français", "nl": "Nederlands", "en": "English"}

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pick_language(*candidates: str | None) -> str:
    """The first candidate that names a supported language ("fr-BE" -> "fr"), else English."""
    for cand in candidates:
        if not cand:
            continue
        base = str(cand).strip().lower().replace("_", "-").split("-")[0]
        if base in MESSAGES:
            return base
    return DEFAULT_LANGUAGE


class Translator:
    """`t(key, **values)` in one language; a missing key falls back to English, then to the key."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE):
        self.lang = lang if lang in MESSAGES else DEFAULT_LANGUAGE
        self.table = MESSAGES[self.lang]

    def __call__(self, key: str, **values) -> str:
        text = self.table.get(key)
        if text is None:
            text = EN.get(key, key)
        return text.format(**values) if values else text

    def card_label(self, rank: int, suit: str) -> str:
        """Short face of a card as drawn in its corner: "D♣", "10♥", "K♠"."""
        return self(f"rank.{rank}") + SUIT_SYMBOLS[suit]

    def rules_name(self, name: str) -> str:
        key = f"rules.{name}"
        text = self(key)
        return name.capitalize() if text == key else text
