// The record form of Tresillo and L'Ombre (games/tresillo/templates/tresillo/record.html). The form works
// without this file: the server works out a blank trick count. With it, the − and + buttons step a number,
// and the line under the tricks says the one left blank (worked out) or the running total against nine.
// Delegated, so a form swapped in by htmx works too; the server still checks everything.
(function () {
  "use strict";
  if (window.tapeteHombre) { window.tapeteHombre(); return; }

  function fmt(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (_m, k) { return values[k] == null ? "" : values[k]; });
  }

  function refresh(form) {
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-tricks]"));
    var check = form.querySelector("#tricks-check");
    if (!check || !inputs.length) return;
    var sum = 0, blanks = [], bad = false;
    inputs.forEach(function (input) {
      input.placeholder = "";
      var text = (input.value || "").trim();
      if (!text) { blanks.push(input); return; }
      if (!/^\d+$/.test(text)) { bad = true; return; }  // not a count (−1): no sum, the server says why
      sum += parseInt(text, 10);
    });
    if (bad) {
      check.textContent = "";
    } else if (blanks.length === 1 && sum <= 9) {
      blanks[0].placeholder = String(9 - sum);
      check.textContent = fmt(check.getAttribute("data-msg-rest"), { name: blanks[0].getAttribute("data-player"), n: 9 - sum });
    } else if (blanks.length === inputs.length) {
      check.textContent = "";
    } else {
      check.textContent = fmt(check.getAttribute("data-msg-sum"), { sum: sum }) + (sum === 9 && !blanks.length ? " ✓" : "");
    }
  }

  function refreshAll() {
    document.querySelectorAll("form.hombre-record").forEach(refresh);
  }

  window.tapeteHombre = refreshAll;
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-step]");
    if (!button) return;
    var input = button.parentNode.querySelector("input");
    var step = parseInt(button.getAttribute("data-step"), 10);
    var text = (input.value || "").trim();
    // A blank box counts from nothing (its grey number is the worked-out one, left blank on purpose).
    var value = /^\d+$/.test(text) ? parseInt(text, 10) : 0;
    value = Math.max(0, Math.min(9, value + step));
    input.value = String(value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("input", function (event) {
    var form = event.target && event.target.closest && event.target.closest("form.hombre-record");
    if (form) refresh(form);
  });
  document.addEventListener("htmx:load", refreshAll);
  refreshAll();
})();
