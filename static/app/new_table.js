// The new-table form: names already used on this phone, one tap each into the first empty seat.
(function () {
  var chips = document.getElementById("known-chips");
  if (!chips) return;
  chips.hidden = false;
  var inputs = Array.prototype.slice.call(document.querySelectorAll("input[data-player]"));
  function used(name) {
    return inputs.some(function (i) { return i.value.trim().toLowerCase() === name.toLowerCase(); });
  }
  function refresh() {
    chips.querySelectorAll("[data-chip]").forEach(function (b) { b.disabled = used(b.dataset.chip); });
  }
  chips.addEventListener("click", function (e) {
    var b = e.target.closest("[data-chip]");
    if (!b || used(b.dataset.chip)) return;
    var empty = inputs.find(function (i) { return !i.value.trim(); });
    if (empty) { empty.value = b.dataset.chip; empty.dispatchEvent(new Event("input")); }
    refresh();
  });
  inputs.forEach(function (i) { i.addEventListener("input", refresh); });
  refresh();
})();

// A variant's own options are offered only with that variant (data-shown-with: the other option's field name,
// data-shown-value: its value); a hidden switch is turned off, so it is not sent.
(function () {
  function current(form, name) {
    var fields = form.querySelectorAll('[name="' + name + '"]');
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i];
      if (f.type === "radio") { if (f.checked) return f.value.toLowerCase(); }
      else if (f.type === "checkbox") return f.checked ? "true" : "false";
      else return String(f.value).toLowerCase();
    }
    return "";
  }
  function update() {
    document.querySelectorAll("[data-shown-with]").forEach(function (box) {
      var form = box.closest("form");
      if (!form) return;
      var shown = current(form, box.dataset.shownWith) === box.dataset.shownValue;
      box.hidden = !shown;
      if (!shown) box.querySelectorAll("input[type=checkbox]").forEach(function (c) { c.checked = false; });
    });
  }
  document.addEventListener("change", update);
  document.addEventListener("htmx:afterSwap", update);
  update();
})();

// Who deals first: once names are typed, a button per name (so nobody picks a seat by counting, nor an empty
// one), wide enough to read it; the seats' numbers until then.
(function () {
  var inputs = document.querySelectorAll("input[data-player]");
  function update() {
    var named = Array.prototype.some.call(inputs, function (input) { return input.value.trim(); });
    inputs.forEach(function (input, i) {
      var label = document.querySelector('label[for="id_first_dealer_' + i + '"]'), name = input.value.trim();
      if (!label) return;
      label.textContent = name || String(i + 1);
      label.hidden = named && !name;
      label.parentNode.classList.toggle("compact", !named);
    });
  }
  inputs.forEach(function (input) { input.addEventListener("input", update); });
  update();
})();

// Back from the table this form just started does not bring the form back, ready to start a second table (a
// tester: Back after recording deals led here). Where the browser lists its history (the Navigation API), this
// page's place in it becomes that table, so that Back from there leaves as it would have before the form; else the
// player is sent on to the table, once. Started: this tab sent the form and has not been shown it afresh since.
(function () {
  var form = document.getElementById("new-table");
  if (!form) return;
  var key = "tapete:started:" + location.pathname;
  form.addEventListener("submit", function () {
    try { sessionStorage.setItem(key, "1"); } catch (e) { /* no storage: Back shows the form */ }
  });
  window.addEventListener("pageshow", function (event) {
    var loaded = performance.getEntriesByType("navigation")[0];
    var back = event.persisted || (loaded && loaded.type === "back_forward");
    try {
      var started = sessionStorage.getItem(key);
      sessionStorage.removeItem(key);
      if (!back || !started) return;
    } catch (e) { return; }
    var listed = window.navigation, here = listed && listed.currentEntry;
    var table = here && listed.entries()[here.index + 1];
    if (table) location.replace(table.url); else history.forward();
  });
})();
