"""What the tarot pages show beyond the generic ones."""

from scoring.presenters import Presenter

PRESENTER = Presenter()
