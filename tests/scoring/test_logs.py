"""Link tokens never reach a log (issue 9): a 404 on an edit link is logged without the token."""

import logging

from scoring.logs import RedactTokens


def test_a_refused_request_is_logged_without_the_tables_token(client, tarot4, caplog):
    handler = logging.getLogger("django.request").handlers[0]
    assert any(isinstance(f, RedactTokens) for f in handler.filters)
    caplog.handler.addFilter(RedactTokens())
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/t/{tarot4.edit_token}/deal/99/").status_code == 404
        assert client.get(f"/api/tables/{tarot4.edit_token}/deals/99").status_code == 405
    logged = caplog.text
    assert "/t/…/deal/99/" in logged
    assert tarot4.edit_token not in logged and tarot4.view_token not in logged
