from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ToruroConfig(AppConfig):
    name = "games.toruro"
    label = "game_toruro"
    verbose_name = _("Toruro")  # the game's name, for makemessages

    def ready(self) -> None:
        from games.toruro.presenter import PRESENTER
        from scoring.presenters import register

        register("toruro", PRESENTER)
