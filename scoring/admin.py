from django.contrib import admin

from scoring.models import Deal, DealRevision, Player, Seat, Table


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "game", "created", "updated", "version"]
    list_filter = ["game"]
    search_fields = ["name", "seats__player__name"]
    readonly_fields = ["view_token", "edit_token", "version", "created", "updated"]
    raw_id_fields = ["night_with", "rematch_of"]  # not a list of every table
    inlines = [SeatInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "user", "created"]
    search_fields = ["name"]


class RevisionInline(admin.TabularInline):
    model = DealRevision
    extra = 0
    readonly_fields = ["revision", "action", "record", "withdrawn", "author", "created"]
    can_delete = False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "revision", "withdrawn", "created"]
    list_filter = ["withdrawn", "table__game"]
    readonly_fields = ["outcome", "state_after", "created", "updated"]
    inlines = [RevisionInline]


@admin.register(DealRevision)
class DealRevisionAdmin(admin.ModelAdmin):
    list_display = ["deal", "revision", "action", "withdrawn", "author", "created"]
    list_filter = ["action"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["table", "position", "player", "team"]
    autocomplete_fields = ["player"]
