from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class TarotConfig(GameApp):
    default = True
    name = "games.tarot"
    label = "game_tarot"
    verbose_name = _("French Tarot")  # the game's name, for makemessages
