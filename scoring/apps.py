from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from referee.game import all_games

        # The games are found once, before any request: two threads serving the first requests at once (the
        # dev server's, a test's) would otherwise race, one seeing the list half filled ("no such game", 404).
        all_games()
