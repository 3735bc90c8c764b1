from django.http import HttpResponse
from django.views.decorators.http import require_GET


@require_GET
def healthz(request):
    """Liveness for load balancers; also the bare-view baseline of ``make bench``."""
    return HttpResponse("ok", content_type="text/plain")
