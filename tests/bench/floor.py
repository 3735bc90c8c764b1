"""The floor ``make bench`` measures Tapete against, served by the same gunicorn with the same settings and
database: a bare view, and a view that does one INSERT (a player row) — what any Django page or write costs
before Tapete does anything of its own."""

from django.http import HttpResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scoring.models import Player


@require_GET
def bare(request):
    return HttpResponse("ok", content_type="text/plain")


@csrf_exempt
@require_POST
def insert(request):
    Player.objects.create(name="floor")
    return HttpResponse("ok", content_type="text/plain", status=201)


urlpatterns = [
    path("floor/bare", bare),
    path("floor/insert", insert),
    path("", include("config.urls")),
]
