"""A deal's stored outcome no longer carries the whole list of debts after it (a game whose list grows every deal
made a long night's outcomes grow with its square), only the lines of the debts that deal added or paid: the
``lulo_list`` and ``payable`` of each stored outcome's details become ``lulos``, picked from that same list by
the deal's own number (its state's count of deals), so no game's rules are needed. A deal whose state is no
longer cached, or a void deal, says none."""

from __future__ import annotations

from django.db import migrations


def own_lines_only(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    for deal in Deal.objects.filter(outcome__details__has_key="lulo_list").iterator(chunk_size=500):
        outcome = dict(deal.outcome)
        details = dict(outcome["details"])
        lines = details.pop("lulo_list") or []
        details.pop("payable", None)
        number = (deal.state_after or {}).get("deals")
        mine = [] if outcome.get("void") or not isinstance(number, int) else [
            line for line in lines if isinstance(line, dict) and number in (line.get("deal"), line.get("paid_deal"))]
        outcome["details"] = {**details, "lulos": mine}
        deal.outcome = outcome
        deal.save(update_fields=["outcome"])


class Migration(migrations.Migration):
    dependencies = [("scoring", "0010_table_change_rematch")]
    operations = [migrations.RunPython(own_lines_only, migrations.RunPython.noop)]
