"""Players, tables, seats and deals. Deals are facts (records with revisions); standings are derived."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    """An unguessable link token: 32 random bytes (256 bits), URL-safe."""
    return secrets.token_urlsafe(32)


class Player(models.Model):
    name = models.CharField(_("name"), max_length=40)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="players", verbose_name=_("account"))
    device = models.CharField(_("device"), max_length=64, blank=True, db_index=True,
                              help_text=_("The device (browser session) that first used this name."))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    game = models.CharField(_("game"), max_length=30)
    name = models.CharField(_("name"), max_length=80, blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True, encoder=DjangoJSONEncoder)
    stake_minor = models.PositiveIntegerField(
        _("stake"), default=0, help_text=_("Money per point (or per chip) in cents."))
    currency = models.CharField(_("currency"), max_length=8, default="EUR")
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"), default=0)
    view_token = models.CharField(_("view link token"), max_length=64, unique=True, default=new_token,
                                  editable=False)
    edit_token = models.CharField(_("edit link token"), max_length=64, unique=True, default=new_token,
                                  editable=False)
    owner_device = models.CharField(_("device that started it"), max_length=64, blank=True)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="tables", verbose_name=_("account"))
    carried = models.JSONField(_("carried over"), null=True, blank=True, encoder=DjangoJSONEncoder,
                               help_text=_("The game's state when it was started from a game under way on paper."))
    settle_choices = models.JSONField(
        _("saved settle-up choices"), default=dict, blank=True, encoder=DjangoJSONEncoder,
        help_text=_("The game's settle-up choices saved with the stake, by name: the whole night reads them."))
    closed = models.BooleanField(_("closed (the players changed)"), default=False,
                                 help_text=_("The game as it stood when someone joined or left: kept, read-only."))
    version = models.PositiveIntegerField(_("version"), default=0,
                                          help_text=_("Bumped at every change; live views poll it."))
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches",
                                   verbose_name=_("rematch of"),
                                   help_text=_("The finished game this table was started as the rematch of."))
    night_with = models.ManyToManyField("self", symmetrical=True, blank=True, verbose_name=_("same night as"),
                                        help_text=_("Other games of the same night, added to its settle-up by hand."))
    # Unique: two taps served at the same moment cannot both start a table under one id (NULLs never collide).
    client_id = models.UUIDField(_("client id"), null=True, blank=True, unique=True, editable=False,
                                 help_text=_("The id the phone gave this table as it started it: a second tap or a "
                                             "retry is recognised."))
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-updated"]

    def __str__(self) -> str:
        """The table's name, else its game's and its number (to tell tables apart in the admin and in file names)."""
        return self.name or f"{self.title} #{self.pk}"

    def get_absolute_url(self) -> str:
        """The table's page: by its edit link, unless the game was closed when the players changed (read-only)."""
        return reverse("table", args=[self.view_token if self.closed else self.edit_token])

    def get_view_url(self) -> str:
        return reverse("table", args=[self.view_token])

    @property
    def title(self) -> str:
        """The table as its pages name it: its name, else its game's display name (the slug if the game is
        unknown), as the table page's heading."""
        if self.name:
            return self.name
        from referee.game import get_game

        try:
            return gettext(get_game(self.game).name)
        except KeyError:
            return self.game


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("player"))
    position = models.PositiveSmallIntegerField(_("position in the order of play"))
    team = models.CharField(_("team"), max_length=8, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["table", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.table} · {self.position + 1}. {self.player}"


class Deal(models.Model):
    """One deal as recorded (the latest revision), and its derived outcome cached for the table page."""

    # No index of its own: the unique (table, number) leads with it, and each index is written at every deal.
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="deals", verbose_name=_("table"),
                              db_index=False)
    number = models.PositiveIntegerField(_("number"))
    record = models.JSONField(_("record"), encoder=DjangoJSONEncoder)
    withdrawn = models.BooleanField(_("withdrawn (undone)"), default=False)
    revision = models.PositiveIntegerField(_("revision"), default=1)
    client_id = models.UUIDField(_("client id"), null=True, blank=True, editable=False,
                                 help_text=_("The id the phone gave this deal: a retry is recognised."))
    # Derived from the records by the rules module; recomputed from the first changed deal on.
    outcome = models.JSONField(_("outcome"), null=True, blank=True, encoder=DjangoJSONEncoder)
    state_after = models.JSONField(_("state after"), null=True, blank=True, encoder=DjangoJSONEncoder)
    created = models.DateTimeField(_("recorded"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="deal_number_unique_per_table"),
            models.UniqueConstraint(fields=["table", "client_id"], condition=models.Q(client_id__isnull=False),
                                    name="client_id_unique_per_table"),
        ]
        indexes = [models.Index(fields=["table", "withdrawn", "number"], name="active_deals")]

    def __str__(self) -> str:
        return f"{self.table} · deal {self.number}"


class DealRevision(models.Model):
    """Every change to a deal, kept forever: the table's change log."""

    class Action(models.TextChoices):
        RECORD = "record", _("recorded")
        EDIT = "edit", _("edited")
        UNDO = "undo", _("undone")
        RESTORE = "restore", _("restored")
        REVERT = "revert", _("reverted")

    # No index of its own: the unique (deal, revision) leads with it.
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="revisions", verbose_name=_("deal"),
                             db_index=False)
    revision = models.PositiveIntegerField(_("revision"))
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    record = models.JSONField(_("record"), encoder=DjangoJSONEncoder)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    author = models.CharField(_("by"), max_length=80, blank=True)
    client_id = models.UUIDField(_("client id"), null=True, blank=True, editable=False, db_index=True,
                                 help_text=_("The id the phone gave the deal it recorded: a retry is recognised "
                                             "even once the deal was undone and another took its number."))
    created = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("deal revision")
        verbose_name_plural = _("deal revisions")
        ordering = ["-created", "-pk"]
        constraints = [models.UniqueConstraint(fields=["deal", "revision"], name="revision_unique_per_deal")]

    def __str__(self) -> str:
        return f"{self.deal} r{self.revision} {self.action}"

    @property
    def is_as_now(self) -> bool:
        """The deal reads as this revision left it: reverting to it would change nothing."""
        return self.record == self.deal.record and self.withdrawn == self.deal.withdrawn


class TableChange(models.Model):
    """A change to the table itself, kept forever beside the deals' revisions: the players' names, a game
    carried over from paper, a player joining or leaving (:mod:`scoring.seating`), the rematch started from it
    (``details``: the new table's tokens), another game added to the night's settle-up or taken out of it
    (:mod:`scoring.night`; ``details``: that game's name, players and view token)."""

    class Kind(models.TextChoices):
        PLAYERS = "players", _("players changed")
        CARRIED = "carried", _("carried over")
        SEATS = "seats", _("a player joined or left")
        REMATCH = "rematch", _("rematch started")
        NIGHT = "night", _("a game of the same night")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="changes", verbose_name=_("table"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    after_deals = models.PositiveIntegerField(_("deals in play before it"), default=0)
    details = models.JSONField(_("details"), encoder=DjangoJSONEncoder)
    author = models.CharField(_("by"), max_length=80, blank=True)
    created = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("table change")
        verbose_name_plural = _("table changes")
        ordering = ["-created", "-pk"]

    def __str__(self) -> str:
        return f"{self.table} · {self.get_kind_display()}"


@receiver(post_save, sender=Player)
@receiver(post_save, sender=Seat)
def a_changed_seat_changes_its_tables(sender: type, instance: Player | Seat, created: bool, **kwargs: object) -> None:
    """A player renamed or a seat changed (in the admin) is a change to their tables: pages, live views and the
    cached table specs renew, as they are keyed on the table's version and last save."""
    if created:
        return
    tables = (Table.objects.filter(seats__player=instance) if isinstance(instance, Player)
              else Table.objects.filter(pk=instance.table_id))
    tables.update(updated=timezone.now(), version=F("version") + 1)
