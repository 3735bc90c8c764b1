// French Tarot's record form: once the bouts are tapped, the card points box takes the focus, so the phone's
// number pad opens without a tap on the box (only when it is still empty: a correction leaves it alone).
(function () {
  "use strict";
  if (window.tapeteTarotRecord) return;  // the form comes back in htmx swaps: one listener is enough
  window.tapeteTarotRecord = true;
  document.addEventListener("change", function (event) {
    var input = event.target;
    if (input.name !== "bouts" || input.type !== "radio" || !input.form) return;
    var points = input.form.elements.namedItem("points");
    if (points && !points.value && typeof points.focus === "function") points.focus();
  });
})();
