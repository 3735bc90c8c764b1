from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class CasitaConfig(GameApp):
    default = True
    name = "games.casita"
    label = "game_casita"
    verbose_name = _("Casita Robada")  # the game's name, for makemessages
