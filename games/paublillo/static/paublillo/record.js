// Paublillo's record form: a raise's stake is sent only when a team made the raise; a refusal or a give-up
// ends the deal, so no trick is asked or sent then.
(function () {
  if (window.tapetePaublilloRaises) return;
  window.tapetePaublilloRaises = true;
  function sync() {
    document.querySelectorAll(".paublillo-record .raise").forEach(function (row) {
      var chosen = row.querySelector('input[type="radio"]:checked');
      var stake = row.querySelector('input[type="hidden"]');
      if (stake) stake.disabled = !(chosen && chosen.value);
    });
    // A question made moot (hidden by the stylesheet) is sent unanswered: the alver choice once the monja
    // settles it, the answer to a raise once no raise is made.
    document.querySelectorAll(".paublillo-record #field-alver, .paublillo-record #field-refused").forEach(function (field) {
      var none = field.querySelector('input[value=""], input[value="false"]');
      if (none && !field.offsetParent) none.checked = true;
    });
    // Refused or given up: the deal ended there, its tricks are hidden and not sent (a pick made before stays
    // picked, should the refusal be taken back).
    document.querySelectorAll(".paublillo-record").forEach(function (form) {
      var ended = !!form.querySelector('#id_refused_yes:checked, #field-alver input[value="give_up"]:checked');
      form.classList.toggle("ended", ended);
      form.querySelectorAll('#field-tricks input[type="radio"]').forEach(function (trick) {
        trick.disabled = ended;
      });
    });
  }
  // On a tap on a team, and once the entries are put back at once (a language chosen mid-deal, a deal opened
  // from the outbox: "change" is then said on the form, perhaps before this script ran).
  document.addEventListener("change", sync);
  document.addEventListener("htmx:load", sync);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", sync);
  else sync();
})();
