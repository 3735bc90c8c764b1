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
    if (empty) { empty.value = b.dataset.chip; }
    refresh();
  });
  inputs.forEach(function (i) { i.addEventListener("input", refresh); });
  refresh();
})();
