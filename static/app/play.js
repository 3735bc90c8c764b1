// Card-by-card entry (templates/scoring/play.html). Without this file every suit's cards are shown, each a
// submit button. With it, one suit at a time: the tabs show it (the server opens the suit led, so most cards
// are one tap), and the tab chosen stays open after each card while the trick's suit does not say otherwise.
// The face-down toggle (a game with face-down plays) shows every suit while it is on, so a card played face
// down is two taps, whatever its suit: the toggle, then the card. Every suit takes the room of the largest, and
// Undo keeps the player's place (below), so that what the thumb taps next is where it was.
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

  function current(picker) {
    var tab = picker.querySelector('[data-play-tab][aria-selected="true"]');
    return tab ? tab.getAttribute("data-play-tab") : picker.getAttribute("data-selected");
  }

  function showAll(picker) {
    picker.querySelectorAll("[data-play-group]").forEach(function (group) { group.hidden = false; });
  }

  function setup(root) {
    (root || document).querySelectorAll("[data-play-picker]").forEach(function (picker) {
      if (picker.hasAttribute("data-ready")) return;
      picker.setAttribute("data-ready", "");
      var tabs = picker.querySelector("[data-play-tabs]");
      if (tabs) tabs.hidden = false;
      // every suit as tall as the tallest (all are shown until now): what is below stays put whatever suit shows
      var groups = picker.querySelectorAll("[data-play-group]"), tallest = 0;
      groups.forEach(function (group) { tallest = Math.max(tallest, group.offsetHeight); });
      groups.forEach(function (group) { group.style.minHeight = tallest + "px"; });
      show(picker, picker.getAttribute("data-selected"));
      var down = picker.querySelector("[data-play-face-down]");
      if (down && down.checked) showAll(picker);
    });
  }

  document.addEventListener("change", function (e) {
    var down = e.target.closest && e.target.closest("[data-play-face-down]");
    if (!down) return;
    var picker = down.closest("[data-play-picker]");
    if (down.checked) showAll(picker);
    else show(picker, current(picker));
  });

  document.addEventListener("click", function (e) {
    var tab = e.target.closest && e.target.closest("[data-play-tab]");
    if (!tab) return;
    show(tab.closest("[data-play-picker]"), tab.getAttribute("data-play-tab"));
  });
  // A card or a Save the server refused comes back as the page saying why (400, 409, 429): shown, where htmx
  // would drop an answer with an error status.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var status = e.detail.xhr.status;
    if ((status === 400 || status === 409 || status === 429) && e.detail.target && e.detail.target.id === "play-body") {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });
  // Undo keeps the player's place: the page is scrolled so that Undo is where the thumb tapped it, and the picker
  // just above it where it was (the next card to pick), rather than what the new page has there: a second quick
  // tap undoes another card, and never lands on "Throw this deal away…".
  var undoTop = null;
  document.addEventListener("htmx:beforeRequest", function (e) {
    var undo = e.detail.elt.querySelector && e.detail.elt.querySelector("#undo-card");
    undoTop = undo ? undo.getBoundingClientRect().top : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var undo = undoTop === null ? null : document.getElementById("undo-card");
    if (undo) {
      setup();  // one suit shown, before measuring
      window.scrollBy({top: undo.getBoundingClientRect().top - undoTop, behavior: "instant"});
    }
    undoTop = null;
  });
  document.addEventListener("htmx:load", function (e) { setup(e.target); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { setup(); });
  else setup();
})();
