// Pablo's record form (pablo/record.html), beside the shared card picker (static/app/cards.js): rows summed live,
// "No cards" ("-"), points set aside while cards make them, ±, "Next player", the caller marked. Optional.
// Served minified as pablo.min.js: after a change, make it again as static/app/README.md says.
(function () {
  "use strict";
  if (window.tapetePablo) { window.tapetePablo(); return; }

  function value(code, variant) {  // games/pablo/values.py card_value
    var rank = code.slice(0, -1), suit = code.slice(-1);
    if (rank === "A") return variant === "english" ? -1 : 1;
    if (rank === "K") return suit === "D" || (variant === "english" && suit === "H") ? 0 : 10;
    if (rank === "J" || rank === "Q") return 10;
    var n = +rank;
    return n >= 2 && n <= 10 ? n : null;
  }
  function box(row) { return row.querySelector("[data-card-input]"); }
  function mark(input) { return input.getAttribute("data-no-cards") || "-"; }
  function codes(input) {
    return (input.value || "").toUpperCase().replace(/,/g, " ").split(/\s+/)
      .filter(function (code) { return code && code !== mark(input); });
  }
  function words(form, name) {
    var el = form.querySelector("[data-words]");
    return el ? el.getAttribute("data-" + name + "-template") || "" : "";
  }
  function toggle(el, name, on) {
    if (on) el.setAttribute(name, ""); else el.removeAttribute(name);
  }

  function renderRow(form, row) {
    var input = box(row), points = row.querySelector("[data-points]"), sum = row.querySelector("[data-sum]");
    var list = codes(input), total = 0, readable = true;
    list.forEach(function (code) {
      var v = value(code, form.getAttribute("data-variant"));
      if (v === null) readable = false; else total += v;
    });
    var none = !list.length && input.value.trim() === mark(input);
    points.disabled = !!list.length || none;  // the cards (or no cards) make the points: only they are sent
    if (points.disabled) points.value = "";
    sum.textContent = none ? words(form, "none") : list.length && readable ? "= " + total : "";
    toggle(row, "data-has-cards", list.length > 0);
    toggle(row, "data-no-cards", none);
    row.querySelector("[data-none]").setAttribute("aria-pressed", none ? "true" : "false");
  }

  function rows(form) { return form.querySelectorAll(".pablo-hand"); }

  // The rows as the outbox says them (static/app/offline.js reads the field's data-said): each player with what
  // the row shows, the cards as their chips read in the page's language: "Alice A♠ 2♥, Ben 12, Cara no cards = 0".
  // Once the picker has drawn its chips: after the event that changed them.
  function said(form) {
    var parts = [];
    rows(form).forEach(function (row) {
      var chips = Array.prototype.map.call(row.querySelectorAll("[data-chip]"), function (chip) {
        return chip.textContent;
      });
      var shown = row.hasAttribute("data-no-cards") ? words(form, "none")
        : (chips.length ? chips : codes(box(row))).join(" ") || row.querySelector("[data-points]").value.trim();
      if (shown) parts.push(row.querySelector('input[name$="__player"]').value + " " + shown);
    });
    var field = form.querySelector("#field-hands");
    if (field) field.setAttribute("data-said", parts.join(", "));
  }

  function markCaller(form) {
    var chosen = form.querySelector('input[name="caller"]:checked');
    rows(form).forEach(function (row) {
      toggle(row, "data-caller", !!chosen && row.querySelector('input[name$="__player"]').value === chosen.value);
    });
  }

  function setup() {
    document.querySelectorAll("form.pablo-record:not([data-ready])").forEach(function (form) {
      form.setAttribute("data-ready", "");
      var all = rows(form);
      all.forEach(function (row, i) {
        row.querySelectorAll("[data-none], [data-negate]").forEach(function (b) { b.hidden = false; });
        var done = row.querySelector("[data-card-done]");
        if (done && i < all.length - 1) done.textContent = words(form, "next");
        renderRow(form, row);
      });
      markCaller(form);
      said(form);
    });
  }

  document.addEventListener("click", function (e) {
    var target = e.target, row = target.closest && target.closest(".pablo-hand");
    var form = row && row.closest("form.pablo-record");
    if (!form) return;
    if (target.closest("[data-none]")) {
      var input = box(row);
      input.value = input.value.trim() === mark(input) ? "" : mark(input);  // a second tap takes it off
      form.dispatchEvent(new Event("change", { bubbles: true }));  // the picker redraws the form's cards
      renderRow(form, row);
    } else if (target.closest("[data-negate]")) {
      var points = row.querySelector("[data-points]"), text = points.value.trim();
      points.value = text.charAt(0) === "-" ? text.slice(1) : "-" + text;
      points.dispatchEvent(new Event("input", { bubbles: true })); // as typing: the live preview follows
      points.focus();
    } else if (target.closest("[data-card-done]")) {
      var next = row.nextElementSibling;
      var open = next && next.classList.contains("pablo-hand") && next.querySelector("[data-card-open]");
      if (open) setTimeout(function () { open.click(); next.scrollIntoView({ block: "nearest" }); });
    }
  });
  function changed(e) {
    var form = e.target.closest && e.target.closest("form.pablo-record");
    if (!form) return;
    queueMicrotask(function () { said(form); });
    if (e.target === form) {  // the whole form changed at once (reset for the next deal saved offline)
      markCaller(form);
      rows(form).forEach(function (each) { renderRow(form, each); });
      return;
    }
    if (e.target.name === "caller") markCaller(form);
    var row = e.target.closest(".pablo-hand");
    if (row) renderRow(form, row);
  }
  document.addEventListener("input", changed);
  document.addEventListener("change", changed);
  document.addEventListener("htmx:load", setup);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
  window.tapetePablo = setup;
})();
