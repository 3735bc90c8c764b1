from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PaublilloConfig(AppConfig):
    name = "games.paublillo"
    label = "game_paublillo"
    verbose_name = _("Paublillo")  # the game's name, for makemessages

    def ready(self) -> None:
        from games.paublillo.presenter import PRESENTER
        from scoring.presenters import register

        register("paublillo", PRESENTER)
