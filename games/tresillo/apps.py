from django.utils.translation import gettext_lazy as _

from scoring.presenters import GameApp


class TresilloConfig(GameApp):
    default = True
    name = "games.tresillo"
    label = "game_tresillo"
    verbose_name = _("Tresillo and L'Ombre")  # the family's name, for makemessages
