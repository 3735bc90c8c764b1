from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TarotConfig(AppConfig):
    name = "games.tarot"
    label = "game_tarot"
    verbose_name = _("French Tarot")  # the game's name, for makemessages

    def ready(self) -> None:
        from games.tarot.presenter import PRESENTER
        from scoring.presenters import register

        register("tarot", PRESENTER)
