from django.contrib import admin
from django.urls import include, path

from scoring.api import api
from scoring.limits import limited
from scoring.views import deals, health, play, players, preview, pwa, rules, settle, share, sheet, tables
from scoring.views import transfer as table_files

admin.site.login = limited("admin_login")(admin.site.login)  # guessing a password: a few tries a minute

urlpatterns = [
    path("t/<str:token>/live/", tables.live, name="live"),  # first: every watching phone asks it every 2 s
    path("api/", api.urls),  # then the API, whose phones record deals: Django tries the patterns in order
    path("", tables.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("new/", tables.new_table, name="new_table"),
    path("new/<slug:game>/", tables.new_table, name="new_table_game"),
    path("t/<str:token>/", tables.table_page, name="table"),
    path("t/<str:token>/chart.svg", tables.chart, name="chart"),
    path("t/<str:token>/deal/", deals.record, name="record_deal"),
    path("t/<str:token>/deal/<int:number>/", deals.detail, name="deal"),
    path("t/<str:token>/deal/<int:number>/edit/", deals.edit, name="edit_deal"),
    path("t/<str:token>/deal/<int:number>/restore/", deals.restore, name="restore_deal"),
    path("t/<str:token>/undo/", deals.undo, name="undo"),
    path("t/<str:token>/play/", play.play, name="play"),
    path("t/<str:token>/play/card/", play.add_card, name="play_card"),
    path("t/<str:token>/play/undo/", play.undo_card, name="play_undo"),
    path("t/<str:token>/play/correct/", play.correct_card, name="play_correct"),
    path("t/<str:token>/play/discard/", play.discard, name="play_discard"),
    path("t/<str:token>/play/save/", play.save, name="play_save"),
    path("t/<str:token>/deal/<int:number>/cards/", play.deal_cards, name="deal_cards"),
    path("t/<str:token>/rematch/", tables.rematch, name="rematch"),
    path("t/<str:token>/players/", tables.players, name="table_players"),
    path("t/<str:token>/carry-over/", tables.carry_over, name="carry_over"),
    path("t/<str:token>/revert/<int:revision>/", deals.revert, name="revert"),
    path("t/<str:token>/history/", deals.history, name="history"),
    path("t/<str:token>/sheet/", sheet.sheet, name="sheet"),
    path("t/<str:token>/big/", sheet.big, name="big"),
    path("t/<str:token>/preview/", preview.preview, name="preview_deal"),
    path("t/<str:token>/share/", share.share, name="share"),
    path("t/<str:token>/qr/<str:which>.svg", share.qr, name="qr"),
    path("t/<str:token>/settle/", settle.settle, name="settle"),
    path("t/<str:token>/export.json", table_files.export_json, name="export_json"),
    path("t/<str:token>/export.csv", table_files.export_csv, name="export_csv"),
    path("import/", table_files.import_table, name="import_table"),
    path("players/", players.players, name="players"),
    path("players/<int:pk>/", players.player, name="player"),
    path("rules/<slug:game>/", rules.rules_page, name="rules"),
    path("referee/", rules.referee_index, name="referee_index"),
    path("referee/<slug:game>/", rules.referee, name="referee"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
