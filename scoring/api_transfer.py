"""The API's table files (registered on :data:`scoring.api.api`): a table's file, and a new table from a file.

- ``GET /api/tables/{token}/file``: the table as a lossless JSON file (either token; never the tokens).
- ``POST /api/table-files``: a new table from such a file (the JSON as the body, or a multipart ``file``).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import Status

from scoring import transfer
from scoring.api import ApiError, access_or_error, api, invalid, limit, table_urls
from scoring.api_schemas import ErrorOut, TableCreated

UPLOAD_SLACK = 64 * 1024  # a multipart body's bytes around the file

FILE_BODY = {"requestBody": {"required": True, "content": {
    "application/json": {"schema": {"type": "object", "description": "A table file, as `GET "
                                    "/api/tables/{token}/file` gives it."}},
    "multipart/form-data": {"schema": {"type": "object", "required": ["file"],
                                       "properties": {"file": {"type": "string", "format": "binary"}}}},
}}}


@api.get("/tables/{token}/file", response={200: dict, 404: ErrorOut}, tags=["tables"], url_name="table_file",
         summary="Download a table file")
def table_file(request: HttpRequest, token: str) -> HttpResponse:
    """The whole table as a JSON file (either token): game, options, stake, seats, and every deal with every
    revision (record, action, author, time) and its client id, with a format version. Never the link tokens,
    nor what the deals derive (outcomes, states). `POST /api/table-files` makes a new table from it."""
    table = access_or_error(token).table
    response = HttpResponse(transfer.export_json(table), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{transfer.file_name(table, "json")}"'
    return response


@api.post("/table-files", response={201: TableCreated, 400: ErrorOut, 413: ErrorOut, 422: ErrorOut},
          tags=["tables"], summary="Import a table file", openapi_extra=FILE_BODY)
def import_table_file(request: HttpRequest) -> Status:
    """A new table, with new tokens, from a table file: the same seats, deals and every revision, the scores
    derived again by the game. The file is the body (JSON, up to the server's request size) or a multipart
    `file` (up to 32 MB). A file that cannot be read answers 400; one that is not right, 422 with a message per
    problem under its place in the file (`deals.2.record.points`: the game refuses deal 3). Nothing is stored
    unless the whole file is right."""
    limit(request, "new_table")
    if request.content_type == "multipart/form-data":
        if _content_length(request) > transfer.MAX_FILE_BYTES + UPLOAD_SLACK:
            raise ApiError(413, transfer.too_big_message(), {"file": transfer.too_big_message()})
        upload = request.FILES.get("file")
        if upload is None:
            raise invalid({"file": _("Send the table file as “file”.")}, status=400)
        if upload.size > transfer.MAX_FILE_BYTES:
            raise ApiError(413, transfer.too_big_message(), {"file": transfer.too_big_message()})
        data = upload.read()
    else:
        data = request.body
    try:
        table = transfer.import_table(data)
    except transfer.ImportRefused as refused:
        raise invalid(refused.errors, status=400 if refused.unreadable else 422) from None
    return Status(201, {"view_token": table.view_token, "edit_token": table.edit_token,
                        "urls": table_urls(request, table)})


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
