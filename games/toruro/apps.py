from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class ToruroConfig(GameApp):
    default = True
    name = "games.toruro"
    label = "game_toruro"
    verbose_name = _("Toruro")  # the game's name, for makemessages
