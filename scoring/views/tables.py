# Being written: see the lead's plan. Every name urls.py uses exists so the project imports.
from django.http import HttpResponse


def _todo(request, *args, **kwargs):
    return HttpResponse("coming", status=501)


home = new_table = table_page = live = chart = _todo
