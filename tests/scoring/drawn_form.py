"""A form as a browser sends it when Save is pressed without touching anything: for the tests of a page's form
posted back as it was drawn."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str):
        super().__init__(convert_charrefs=True)
        self.form_id, self.inside, self.select, self.textarea = form_id, False, "", ""
        self.first: str | None = None  # a select's first option: sent when none is selected
        self.chosen = False
        self.data: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = at.get("id") == self.form_id
        if not self.inside or not at.get("name") and tag != "option" or "disabled" in at:
            return
        kind = at.get("type", "text").lower()
        if tag == "input" and kind not in ("submit", "button", "image", "reset", "file") and (
                kind not in ("checkbox", "radio") or "checked" in at):
            self.data.append((at["name"], at.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "select":
            self.select, self.first, self.chosen = at["name"], None, False
        elif tag == "option" and self.select:
            self.first = at.get("value", "") if self.first is None else self.first
            if "selected" in at:
                self.data.append((self.select, at.get("value", "")))
                self.chosen = True
        elif tag == "textarea":
            self.textarea = at["name"]
            self.data.append((self.textarea, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self.select:
            if not self.chosen and self.first is not None:
                self.data.append((self.select, self.first))
            self.select = ""
        elif tag == "textarea":
            self.textarea = ""

    def handle_data(self, data: str) -> None:
        if self.textarea:
            name, text = self.data.pop()
            self.data.append((name, text + data))


def as_drawn(html: str, form_id: str = "record") -> dict[str, str | list[str]]:
    """What the form ``form_id`` of ``html`` sends as drawn: each named field's value (a list for a name given
    more than once, as the toggle buttons of a set of players), the checked boxes only, no disabled field, no
    submit button.

    >>> as_drawn('<form id="record"><input name="a" value="1"><input type="checkbox" name="p" value="N" checked>'
    ...          '<input type="checkbox" name="p" value="E"><input type="checkbox" name="p" value="S" checked>'
    ...          '<select name="c"><option value="x">X</option><option value="y" selected>Y</option></select>'
    ...          '<button type="submit" name="go" value="1">Go</button></form>')
    {'a': '1', 'p': ['N', 'S'], 'c': 'y'}
    """
    reader = _FormReader(form_id)
    reader.feed(html)
    sent: dict[str, str | list[str]] = {}
    for name, value in reader.data:
        if name in sent:
            before = sent[name]
            sent[name] = [*before, value] if isinstance(before, list) else [before, value]
        else:
            sent[name] = value
    return sent
