// When each change was made, in the phone's own time: the server writes its times in UTC (settings.TIME_ZONE),
// hours off at most tables (and off from the offline notice, which says the phone's time). Without JavaScript the
// server's time stays. Also in a part htmx draws later (the change log's next page).
(function () {
  var lang = document.documentElement.lang || undefined;
  var format = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" });
  var day = new Intl.DateTimeFormat(lang, { dateStyle: "short" });  // data-local="date": the day alone
  function local(root) {
    root.querySelectorAll("time[data-local]").forEach(function (time) {
      var when = new Date(time.dateTime);
      if (!isNaN(when)) time.textContent = (time.dataset.local === "date" ? day : format).format(when);
    });
  }
  local(document);
  document.addEventListener("htmx:load", function (event) { local(event.detail.elt); });
})();
