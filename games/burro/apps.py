from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class BurroConfig(GameApp):
    default = True
    name = "games.burro"
    label = "game_burro"
    verbose_name = _("Burro")  # the game's name, for makemessages
