from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class PaublilloConfig(GameApp):
    default = True
    name = "games.paublillo"
    label = "game_paublillo"
    verbose_name = _("Paublillo")  # the game's name, for makemessages
