from django.contrib import admin
from django.urls import include, path

from scoring.api import api
from scoring.limits import limited
from scoring.views import deals, health, rules, settle, share, tables

admin.site.login = limited("admin_login")(admin.site.login)  # guessing a password: a few tries a minute

urlpatterns = [
    path("", tables.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("new/", tables.new_table, name="new_table"),
    path("new/<slug:game>/", tables.new_table, name="new_table_game"),
    path("t/<str:token>/", tables.table_page, name="table"),
    path("t/<str:token>/live/", tables.live, name="live"),
    path("t/<str:token>/chart.svg", tables.chart, name="chart"),
    path("t/<str:token>/deal/", deals.record, name="record_deal"),
    path("t/<str:token>/deal/<int:number>/", deals.detail, name="deal"),
    path("t/<str:token>/deal/<int:number>/edit/", deals.edit, name="edit_deal"),
    path("t/<str:token>/deal/<int:number>/restore/", deals.restore, name="restore_deal"),
    path("t/<str:token>/undo/", deals.undo, name="undo"),
    path("t/<str:token>/revert/<int:revision>/", deals.revert, name="revert"),
    path("t/<str:token>/history/", deals.history, name="history"),
    path("t/<str:token>/share/", share.share, name="share"),
    path("t/<str:token>/qr/<str:which>.svg", share.qr, name="qr"),
    path("t/<str:token>/settle/", settle.settle, name="settle"),
    path("rules/<slug:game>/", rules.rules_page, name="rules"),
    path("referee/<slug:game>/", rules.referee, name="referee"),
    path("api/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]
