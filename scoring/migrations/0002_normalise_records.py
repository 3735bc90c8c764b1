"""Deals stored before the typed game interface kept the raw input (``{"taker": " e ", "points": "49,0"}``).
This stores each one as its game's rules read it (seats with their names, canonical values), and derives the
cached outcomes and states again in the new shapes.

It uses the games' current rules, not a frozen copy: that is what reads the old input. A record the rules can
no longer read is left as it was and its table's cache emptied, so the table page derives it again (and says
which deal is wrong) rather than this migration failing.
"""

from __future__ import annotations

from django.db import migrations


def normalise(apps, schema_editor):
    from referee.game import InvalidRecord, get_game

    Table = apps.get_model("scoring", "Table")
    Deal = apps.get_model("scoring", "Deal")
    DealRevision = apps.get_model("scoring", "DealRevision")
    for table in Table.objects.all().iterator():
        try:
            game = get_game(table.game)
        except KeyError:
            continue
        seats = list(table.seats.select_related("player").order_by("position"))
        teams: dict[str, list[int]] = {}
        for seat in seats:
            if seat.team:
                teams.setdefault(seat.team, []).append(seat.position)
        try:
            spec = game.table([s.player.name for s in seats], table.options or {},
                              tuple(tuple(m) for _k, m in sorted(teams.items())), table.first_dealer)
        except InvalidRecord:
            continue
        table.options = spec.options.to_json()
        table.save(update_fields=["options"])
        state = game.initial_state(spec)
        broken = False
        for deal in Deal.objects.filter(table=table).order_by("number"):
            try:
                record = game.complete(spec, state, game.parse(spec, game.upgrade(spec, deal.record)))
                deal.record = record.to_json()
                if deal.withdrawn or broken:
                    deal.outcome = deal.state_after = None
                else:
                    state, outcome = game.apply(spec, state, record)
                    deal.outcome, deal.state_after = outcome.to_json(), state.to_json()
            except (InvalidRecord, ValueError, TypeError, KeyError):
                broken = True
                deal.outcome = deal.state_after = None
            deal.save(update_fields=["record", "outcome", "state_after"])
        for revision in DealRevision.objects.filter(deal__table=table):
            try:
                revision.record = game.parse(spec, game.upgrade(spec, revision.record)).to_json()
            except (InvalidRecord, ValueError, TypeError, KeyError):
                continue
            revision.save(update_fields=["record"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]
    operations = [migrations.RunPython(normalise, migrations.RunPython.noop)]
