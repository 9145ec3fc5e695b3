"""The dialogs on the thin page: New game, Settings, the rules, the win, the statistics and the confirmation.

The worker says what a dialog shows (a typed Dialog of static/shared/reply.py, one class per dialog, made by
static/worker/dialog_view.py and carried in the answer that opens it); this module reads its fields, fills the
dialog's elements with them, opens and closes it, and turns its buttons and its form into actions
for the worker (`Button`, `Answer`, `SettingsChanged`, `DialogClosed`, `Announce`, `StatsAsk`). No rule here:
which draw a game allows, what each game's line says, and every row of the statistics come with the data.
The statistics' reset (after the dialog's own confirmation), import (the page reads the file's text) and
export (the worker answers the JSON text; the page downloads it as a Blob URL) go to the worker.

Runs under MicroPython and CPython (given the document and `create_proxy`; no annotations).
"""

import json

from shared import vocab

NAMES = ("new", "settings", "win", "stats", "confirm", "rules")


def fill_select(document, select, options):
    """Replace the <option>s of `select` with `options`: [value, text] pairs, or [label, [[value, text],
    ...]] for an <optgroup>; written by static/paint.js in one call (thirty games' options were a hundred
    and fifty calls into JavaScript, in the task of the worker's first answer)."""
    document.defaultView.canfieldPaint.options(select, json.dumps(options))


class Dialogs:
    def __init__(self, document, create_proxy, send, window=None):
        self.document = document
        self.window = window
        self.proxy = create_proxy
        self.send = send
        self.el = {}
        for name in NAMES:
            self.el[name] = document.getElementById("dlg-" + name)
        self.data = {}            # name -> what the worker said the dialog shows (a Dialog), when it last opened
        self.lang = ""            # the language the Settings dialog shows, or the player last chose in it

    def bind(self):
        p = self.proxy
        buttons = self.document.querySelectorAll("[data-dialog]")
        for i in range(buttons.length):
            buttons.item(i).addEventListener("click", p(self.on_button))
        self.el["settings"].addEventListener("change", p(self.on_settings_change))
        self.el["new"].querySelector('select[name="rules"]').addEventListener(
            "change", p(lambda *_: self.sync_draw()))
        self.el["new"].querySelector("fieldset").addEventListener(     # the draw: its catalogue line
            "change", p(lambda *_: self.sync_draw()))
        box = self.el["new"].querySelector('input[name="winnable"]')
        if box is not None:   # winnable deals: a setting, kept by the worker
            box.addEventListener("change", p(lambda *_: self.send(vocab.SettingsChanged({"winnable": bool(box.checked)}))))
        # Escape on the confirmation is its No
        self.el["confirm"].addEventListener("cancel", p(lambda *_: self.answer(False)))
        for name in NAMES:
            self.el[name].addEventListener("close", p(lambda *_: self.send(vocab.DialogClosed())))
        stats = self.el["stats"]
        buttons = stats.querySelectorAll("[data-stats]")
        for i in range(buttons.length):
            buttons.item(i).addEventListener("click", p(self.on_stats_button))
        for name in ("stats-rules", "stats-draw"):
            stats.querySelector('select[name="' + name + '"]').addEventListener(
                "change", p(lambda *_: self.stats_ask("show")))
        stats.querySelector('input[type="file"]').addEventListener("change", p(self.on_stats_file))

    def busy(self):
        for name in NAMES:
            if self.el[name].open:
                return True
        return False

    def close_all(self):
        for name in NAMES:
            if self.el[name].open:
                self.el[name].close()

    # ---- opening ---------------------------------------------------------------------------------

    def fill_rules(self, groups):
        """The New game dialog's games, in the page's language (the dialog is filled again when it opens),
        the one chosen kept."""
        select = self.el["new"].querySelector('select[name="rules"]') if self.el.get("new") is not None else None
        if select is not None:
            chosen = select.value
            fill_select(self.document, select, groups)
            if chosen:
                select.value = chosen

    def open(self, name, data):
        """Open the dialog `name`, filled with the worker's `data` (a Dialog of that name; None: the empty one)."""
        dlg = self.el.get(name)
        if dlg is None:
            return
        if data is None and name in vocab.DIALOGS:
            data = vocab.DIALOGS[name]()
        self.data[name] = data
        d = self.document
        if name == "new":
            radios = dlg.querySelectorAll('input[name="draw"]')
            for i in range(radios.length):
                radios.item(i).checked = radios.item(i).value == data.draw
            box = dlg.querySelector('input[name="winnable"]')
            if box is not None:
                box.checked = data.winnable
            select = dlg.querySelector('select[name="rules"]')
            fill_select(d, select, data.groups)
            select.value = data.rules
            self.sync_draw()
        elif name == "settings":
            toggles = data.toggles
            for form in toggles:
                box = dlg.querySelector('input[name="' + form + '"]')
                if box is not None:
                    box.checked = bool(toggles[form][1])
            choices = data.choices
            for field in choices:
                select = dlg.querySelector('select[name="' + field + '"]')
                if select is not None:
                    select.value = choices[field][0]
            lang = dlg.querySelector('select[name="lang"]')
            fill_select(d, lang, data.languages)
            lang.value = data.lang
            self.lang = data.lang
        elif name == "rules":
            d.getElementById("rules-body").innerHTML = data.html
        elif name == "stats":
            fill_select(d, dlg.querySelector('select[name="stats-rules"]'), data.rules_options)
            d.getElementById("stats-confirm").hidden = True
            self.fill_stats(data)
        elif name == "win":
            texts = data.texts
            for el_id in texts:
                el = d.getElementById(el_id)
                if el is not None:
                    el.textContent = texts[el_id] or ""
                    el.hidden = texts[el_id] is None
            attrs = data.attrs
            for el_id in attrs:
                el = d.getElementById(el_id)
                for name in (attrs[el_id] if el is not None else ()):
                    el.setAttribute(name, attrs[el_id][name])
            dlg.querySelector('[data-dialog="next-daily"]').hidden = data.next_daily is None
            if dlg.open:
                return
        self.close_all()
        dlg.showModal()

    # ---- the statistics ------------------------------------------------------------------------------

    def fill_stats(self, data):
        """The statistics dialog as the worker says (a StatsDialog): the rules and draw shown, each row, the
        message, and an export's file to download."""
        self.data["stats"] = data
        dlg, d = self.el["stats"], self.document
        dlg.querySelector('select[name="stats-rules"]').value = data.rules
        dlg.querySelector('select[name="stats-draw"]').value = data.draw or "3"
        rows = data.rows
        for el_id in rows:
            el = d.getElementById(el_id)
            if el is not None:
                el.textContent = rows[el_id]
        message = d.getElementById("stats-message")
        text = data.message
        message.textContent = text or ""
        message.hidden = not text
        message.classList.toggle("error", data.error)
        if data.export is not None:
            self.download(data.export_name or "canfield-statistics.json", data.export)

    def stats_ask(self, what, text=""):
        dlg = self.el["stats"]
        rules = dlg.querySelector('select[name="stats-rules"]').value
        draw = 1 if dlg.querySelector('select[name="stats-draw"]').value == "1" else 3
        self.send(vocab.StatsAsk(what, rules=str(rules or ""), draw=draw, text=text))

    def on_stats_button(self, ev):
        what = str(ev.currentTarget.dataset.stats)
        dlg, d = self.el["stats"], self.document
        confirm = d.getElementById("stats-confirm")
        message = d.getElementById("stats-message")
        if what == "reset":            # the dialog's own question first
            message.hidden = True
            confirm.hidden = False
            confirm.querySelector('[data-stats="reset-no"]').focus()
        elif what == "reset-no":
            confirm.hidden = True
        elif what == "reset-yes":
            confirm.hidden = True
            self.stats_ask("reset")
        elif what == "export":
            confirm.hidden = True
            self.stats_ask("export")
        elif what == "import":
            confirm.hidden = True
            message.hidden = True
            chooser = dlg.querySelector('input[type="file"]')
            chooser.value = ""
            chooser.click()

    def on_stats_file(self, ev):
        files = self.el["stats"].querySelector('input[type="file"]').files
        if files is None or files.length == 0:
            return
        chosen = files.item(0)
        shown = self.data["stats"] if "stats" in self.data else None
        if chosen.size > ((shown.max_bytes if shown is not None else 0) or 1000000):
            self.stats_ask("too_large")
            return
        chosen.text().then(self.proxy(lambda text: self.stats_ask("import", str(text))),
                           self.proxy(lambda err: self.stats_ask("read_failed", str(err))))

    def download(self, name, text):
        """`text` saved as the file `name`: a Blob URL (nothing leaves the page's origin), revoked later."""
        from page.ffi import to_js       # the browser only (the tests import this module under CPython)
        w = self.window
        blob = w.Blob.new(to_js([text]), to_js({"type": "application/json"}))
        url = w.URL.createObjectURL(blob)
        link = self.document.createElement("a")
        link.href = url
        link.download = name
        link.hidden = True
        self.el["stats"].appendChild(link)
        link.click()
        link.remove()
        w.setTimeout(self.proxy(lambda *_: w.URL.revokeObjectURL(url)), 60000)

    def confirm(self, text):
        dlg = self.el["confirm"]
        self.document.getElementById("confirm-text").textContent = text
        self.close_all()
        dlg.showModal()
        dlg.querySelector('[data-dialog="confirm-no"]').focus()

    def sync_draw(self):
        """The draw choice for the game selected: offered when the player chooses, else disabled with the
        line that says which draw the game uses; the line that says what is special about the game; and,
        for a game and draw whose catalogue of proved deals is not complete, the line that says so."""
        dlg = self.el["new"]
        data = self.shown("new")
        notes = data.notes
        select = dlg.querySelector('select[name="rules"]')
        rules = select.value if select.value in notes else data.first
        note, line_text = notes[rules] if rules in notes else (None, "")
        fieldset = dlg.querySelector("fieldset")
        radios = fieldset.querySelectorAll('input[name="draw"]')
        for i in range(radios.length):
            radios.item(i).disabled = note is not None
        line = fieldset.querySelector("[data-draw-note]")
        if line is None:
            line = self.document.createElement("small")   # a grid item of the fieldset: a line of its own
            line.setAttribute("data-draw-note", "")
            line.id = "newgame-draw-note"
            fieldset.appendChild(line)
            fieldset.setAttribute("aria-describedby", line.id)
        line.textContent = note or ""
        line.hidden = note is None
        rules_line = dlg.querySelector("[data-rules-note]")
        if rules_line is None:
            rules_line = self.document.createElement("small")
            rules_line.setAttribute("data-rules-note", "")
            rules_line.id = "newgame-rules-note"
            rules_line.className = "rules-note"
            select.closest("label").insertAdjacentElement("afterend", rules_line)
            select.setAttribute("aria-describedby", rules_line.id)
        rules_line.textContent = line_text or ""
        # the game and draw's catalogue, when it is not complete: how many deals the solver proved
        checked = fieldset.querySelector('input[name="draw"]:checked')
        key = rules + "/" + (str(checked.value) if checked is not None else "3")
        catalog = data.catalog
        cat_text = catalog[key] if key in catalog else None
        cat_line = dlg.querySelector("[data-catalog-note]")
        if cat_line is None:
            cat_line = self.document.createElement("small")
            cat_line.setAttribute("data-catalog-note", "")
            cat_line.id = "newgame-catalog-note"
            cat_line.style.margin = "0 0 10px"      # a line of its own, under the game's line
            rules_line.insertAdjacentElement("afterend", cat_line)
            select.setAttribute("aria-describedby", rules_line.id + " " + cat_line.id)
        cat_line.textContent = cat_text or ""
        cat_line.hidden = cat_text is None
        cat_line.style.display = "none" if cat_text is None else "block"

    # ---- buttons and the form --------------------------------------------------------------------

    def shown(self, name):
        """What the dialog `name` showed when it last opened (a Dialog; the empty one before it opened)."""
        return self.data[name] if name in self.data else vocab.DIALOGS[name]()

    def choice(self):
        dlg = self.el["new"]
        checked = dlg.querySelector('input[name="draw"]:checked')
        draw = int(checked.value) if checked is not None else 3
        data = self.shown("new")
        rules = dlg.querySelector('select[name="rules"]').value
        return draw, rules if rules in data.notes else (data.first or "canfield")

    def answer(self, yes):
        dlg = self.el["confirm"]
        if dlg.open:
            dlg.close()
        self.send(vocab.Answer(yes))

    def on_button(self, ev):
        what = str(ev.currentTarget.dataset.dialog)
        dlg = ev.currentTarget.closest("dialog")
        if what == "close":
            dlg.close()
        elif what in ("deal", "daily"):
            draw, rules = self.choice()
            grade = dlg.querySelector('select[name="grade"]') if what == "deal" else None
            dlg.close()
            self.send(vocab.Button(what, draw=draw, rules=rules, grade=str(grade.value) if grade is not None else ""))
        elif what == "restart":
            dlg.close()
            self.send(vocab.Button("restart"))
        elif what == "new":
            dlg.close()
            self.send(vocab.Button("new"))
        elif what == "next-daily":
            win = self.shown("win")
            if win.next_daily == "today":
                dlg.close()
                self.send(vocab.Button("daily", draw=win.draw or 3, rules=win.rules or "canfield"))
            else:
                self.send(vocab.Announce(str(self.document.getElementById("win-daily").textContent)))
        elif what == "confirm-yes":
            self.answer(True)
        elif what == "confirm-no":
            self.answer(False)

    def on_settings_change(self, ev):
        """Any change in the Settings dialog: every field read from the form, one SettingsChanged."""
        dlg = self.el["settings"]
        data = self.shown("settings")
        changes = {}
        toggles = data.toggles
        for form in toggles:
            box = dlg.querySelector('input[name="' + form + '"]')
            if box is not None:
                changes[toggles[form][0]] = bool(box.checked)
        choices = data.choices
        for field in choices:
            allowed = choices[field][1]
            value = dlg.querySelector('select[name="' + field + '"]').value
            changes[field] = value if value in allowed else allowed[0]
        lang = dlg.querySelector('select[name="lang"]').value
        if lang != self.lang:
            changes["lang"] = lang
            self.lang = lang
        self.send(vocab.SettingsChanged(changes))
