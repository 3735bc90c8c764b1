// When each change was made, in the phone's own time: the server writes its times in UTC (settings.TIME_ZONE),
// hours off at most tables (and off from the offline notice, which says the phone's time). Without JavaScript the
// server's time stays. Also in a part htmx draws later (the change log's next page).
// In the page's language as the phone's region writes it; English with its month named, as the server writes it
// (config/formats/en): "11/26/26" is the 11th of a 26th month to a British, Irish or Indian reader.
(function () {
  var lang = document.documentElement.lang || undefined;
  var wanted = [];
  (navigator.languages || [navigator.language]).forEach(function (tag) {
    if (tag && lang && tag.split("-")[0].toLowerCase() === lang) wanted.push(tag);
  });
  if (lang) wanted.push(lang);
  var style = lang === "en" ? "medium" : "short";
  var format = new Intl.DateTimeFormat(wanted, { dateStyle: style, timeStyle: "short" });
  var day = new Intl.DateTimeFormat(wanted, { dateStyle: style });  // data-local="date": the day alone
  function local(root) {
    root.querySelectorAll("time[data-local]").forEach(function (time) {
      var when = new Date(time.dateTime);
      if (!isNaN(when)) time.textContent = (time.dataset.local === "date" ? day : format).format(when);
    });
  }
  local(document);
  document.addEventListener("htmx:load", function (event) { local(event.detail.elt); });
})();
