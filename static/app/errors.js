// The messages of a refused save beside its fields (scoring/record/_top.html loads this with them, never with a
// form drawn afresh): a field the player changes since is no longer marked wrong, since Save checks it again. Its
// own messages and its red go (a part of it with messages of its own keeps them), and the summary that sends the
// player to the fields marked goes with the last message.
(function () {
  "use strict";
  if (window.tapeteErrors) return;  // drawn again with each refused save: one listener is enough
  window.tapeteErrors = true;
  document.addEventListener("input", function (event) {
    var field = event.target.closest && event.target.closest(".has-error");
    if (!field) return;
    field.querySelectorAll(".field-error, [aria-invalid], .is-invalid").forEach(function (el) {
      if (el.closest(".has-error") !== field) return;
      if (el.matches(".field-error")) el.remove();
      el.removeAttribute("aria-invalid");
      el.classList.remove("is-invalid");
    });
    field.classList.remove("has-error");
    var summary = document.getElementById("fields-marked");
    if (summary && !document.querySelector(".field-error")) summary.remove();
  });
})();
