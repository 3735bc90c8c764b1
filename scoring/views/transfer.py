"""A table's file: export it (JSON to import again, CSV for a spreadsheet) with either link; import a JSON file
as a new table."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from scoring import transfer
from scoring.access import device_key, remember_table, resolve
from scoring.limits import limited

UPLOAD_SLACK = 64 * 1024  # the form's other bytes around the file in a multipart body


def _download(content: bytes | str, content_type: str, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    patch_cache_control(response, private=True, no_store=True)  # the table as it is now, behind a secret link
    return response


@require_GET
def export_json(request: HttpRequest, token: str) -> HttpResponse:
    """The whole table as a JSON file, every revision kept (never its links): import it to get it back."""
    table = resolve(token).table
    return _download(transfer.export_json(table), "application/json", transfer.file_name(table, "json"))


@require_GET
def export_csv(request: HttpRequest, token: str) -> HttpResponse:
    """The deals in play as a spreadsheet: scores and running totals per side."""
    table = resolve(token).table
    return _download(transfer.export_csv(table).encode(), "text/csv; charset=utf-8",
                     transfer.file_name(table, "csv"))


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Table file (.json)"),
                           widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json",
                                                                  "class": "form-control form-control-lg"}))

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > transfer.MAX_FILE_BYTES:
            raise forms.ValidationError(transfer.too_big_message())
        return bytes(upload.read())


@csrf_exempt  # checked below, once the body is known not to be too large (reading the token reads the body)
@require_http_methods(["GET", "POST"])
@limited("new_table")
def import_table(request: HttpRequest) -> HttpResponse:
    """Upload a table file: a new table with new links. A file too large is refused before it is read."""
    if request.method == "POST" and _content_length(request) > transfer.MAX_FILE_BYTES + UPLOAD_SLACK:
        return _page(request, ImportForm(), {"file": transfer.too_big_message()}, status=413)
    return _import_page(request)


def _page(request: HttpRequest, form: ImportForm, problems: dict[str, str], status: int) -> HttpResponse:
    return render(request, "scoring/import.html", {
        "form": form, "problems": problems, "message": _("Nothing was imported.") if problems else "",
        "max_mb": transfer.MAX_FILE_BYTES // (1024 * 1024)}, status=status)


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


@csrf_protect
def _import_page(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    problems: dict[str, str] = {}
    if request.method == "POST" and form.is_valid():
        try:
            table = transfer.import_table(form.cleaned_data["file"], device=device_key(request),
                                          user=request.user)
        except transfer.ImportRefused as refused:
            problems = refused.errors
        else:
            response = redirect("table", token=table.edit_token)
            remember_table(request, response, table.edit_token)
            return response
    return _page(request, form, problems, status=400 if problems or form.errors else 200)
