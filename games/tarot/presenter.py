"""What the tarot pages show beyond the generic ones: the generic record form, with the card points box
focused once the bouts are tapped (``tarot/record.html``), and with the rounds option the deals scored of them
(``tarot/state.html``)."""

from scoring.presenters import Presenter


class TarotPresenter(Presenter):
    record_template = "tarot/record.html"
    state_template = "tarot/state.html"


PRESENTER = TarotPresenter()
