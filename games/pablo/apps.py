from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class PabloConfig(GameApp):
    default = True
    name = "games.pablo"
    label = "game_pablo"
    verbose_name = _("Pablo")  # the game's name, for makemessages
