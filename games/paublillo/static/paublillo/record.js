// Paublillo's record form: a raise's stake is sent only when a team made the raise.
(function () {
  // A raise's stake goes with the form only when a team made it.
  if (window.tapetePaublilloRaises) return;
  window.tapetePaublilloRaises = true;
  document.addEventListener("change", function (event) {
    var input = event.target;
    var row = input.closest && input.closest(".paublillo-record .raise");
    if (!row || input.type !== "radio") return;
    var stake = row.querySelector('input[type="hidden"]');
    if (stake) stake.disabled = !input.value;
  });
})();
