// Card-by-card entry (templates/scoring/play.html). Without this file every suit's cards are shown, each a
// submit button. With it, one suit at a time: the tabs show it (the server opens the suit led, so most cards
// are one tap), and the tab chosen stays open after each card while the trick's suit does not say otherwise.
(function () {
  "use strict";

  function show(picker, key) {
    picker.querySelectorAll("[data-play-tab]").forEach(function (tab) {
      tab.setAttribute("aria-selected", tab.getAttribute("data-play-tab") === key ? "true" : "false");
    });
    picker.querySelectorAll("[data-play-group]").forEach(function (group) {
      group.hidden = group.getAttribute("data-play-group") !== key;
    });
  }

  function setup(root) {
    (root || document).querySelectorAll("[data-play-picker]").forEach(function (picker) {
      if (picker.hasAttribute("data-ready")) return;
      picker.setAttribute("data-ready", "");
      var tabs = picker.querySelector("[data-play-tabs]");
      if (tabs) tabs.hidden = false;
      show(picker, picker.getAttribute("data-selected"));
    });
  }

  document.addEventListener("click", function (e) {
    var tab = e.target.closest && e.target.closest("[data-play-tab]");
    if (!tab) return;
    show(tab.closest("[data-play-picker]"), tab.getAttribute("data-play-tab"));
  });
  document.addEventListener("htmx:load", function (e) { setup(e.target); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setup(); });
  else setup();
})();
