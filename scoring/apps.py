from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

# The games' names live in the referee (no Django there); these lines let makemessages find them.
GAME_NAMES = (gettext_noop("French Tarot"), gettext_noop("Paublillo"), gettext_noop("Toruro"))


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")
    default_auto_field = "django.db.models.BigAutoField"
