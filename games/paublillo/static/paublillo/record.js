// Paublillo's record form: a raise's stake is sent only when a team made the raise.
(function () {
  if (window.tapetePaublilloRaises) return;
  window.tapetePaublilloRaises = true;
  function sync() {
    document.querySelectorAll(".paublillo-record .raise").forEach(function (row) {
      var chosen = row.querySelector('input[type="radio"]:checked');
      var stake = row.querySelector('input[type="hidden"]');
      if (stake) stake.disabled = !(chosen && chosen.value);
    });
    // The alver question the monja has just made moot (hidden by the stylesheet) is sent unanswered.
    document.querySelectorAll(".paublillo-record #field-alver").forEach(function (field) {
      var none = field.querySelector('input[value=""]');
      if (none && !field.offsetParent) none.checked = true;
    });
  }
  // On a tap on a team, and once the entries are put back at once (a language chosen mid-deal, a deal opened
  // from the outbox: "change" is then said on the form, perhaps before this script ran).
  document.addEventListener("change", sync);
  document.addEventListener("htmx:load", sync);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sync);
  else sync();
})();
