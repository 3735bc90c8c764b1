// Pablo's record form (games/pablo/templates/pablo/record.html). The form works without this file (card codes
// and points typed in boxes); with it, each player's cards are tapped in a small picker (a suit, then ranks),
// shown as chips (tap one to take it off) and summed live for the table's variant; "Next player" takes the
// picker to the next row; "No cards" puts the form's no-cards mark ("-") in the row's cards box, so the round
// records no cards (0 points), not points typed; the caller's row is marked. The server still counts and checks
// everything.
(function () {
  "use strict";
  if (window.tapetePablo) { window.tapetePablo(); return; }

  var FACES = { J: 10, Q: 10, K: 10 };
  var SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function value(code, variant) {
    var rank = code.slice(0, -1), suit = code.slice(-1);
    if (rank === "A") return variant === "english" ? -1 : 1;
    if (rank === "K") {
      if (variant === "english") return suit === "H" || suit === "D" ? 0 : 10;
      return suit === "D" ? 0 : 10;
    }
    if (FACES[rank]) return FACES[rank];
    var n = parseInt(rank, 10);
    return isNaN(n) ? null : n;
  }
  function mark(input) {
    return input.getAttribute("data-no-cards") || "-";
  }
  function noCards(input) {
    return (input.value || "").trim() === mark(input);
  }
  function codes(input) {
    var none = mark(input);
    return (input.value || "").toUpperCase().replace(/,/g, " ").split(/\s+/)
      .filter(function (code) { return code && code !== none; });
  }
  function label(code) {
    var suit = code.slice(-1);
    return SYMBOLS[suit] ? code.slice(0, -1) + SYMBOLS[suit] : code;
  }
  function words(form, name) {
    var el = form.querySelector("[data-words]");
    return el ? el.getAttribute("data-" + name + "-template") || "" : "";
  }

  function renderRow(form, row) {
    var variant = form.getAttribute("data-variant");
    var input = row.querySelector("[data-cards]");
    var points = row.querySelector("[data-points]");
    var chips = row.querySelector("[data-chips]");
    var sum = row.querySelector("[data-sum]");
    var list = codes(input);
    chips.textContent = "";
    var total = 0, readable = true;
    list.forEach(function (code) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip" + (/[HD]$/.test(code) ? " red" : "");
      chip.setAttribute("data-card", code);
      chip.textContent = label(code);
      chips.appendChild(chip);
      var v = value(code, variant);
      if (v === null) readable = false; else total += v;
    });
    var none = !list.length && noCards(input);
    if (list.length || none) {
      points.disabled = true;  // the cards (or no cards) make the points: only they are sent
      points.value = "";
      points.placeholder = none ? "0" : readable ? String(total) : "?";
      sum.textContent = none ? words(form, "none") : readable ? "= " + total : "";
    } else {
      points.disabled = false;
      points.placeholder = points.getAttribute("data-placeholder") || "";
      sum.textContent = "";
    }
    toggle(row, "data-has-cards", list.length > 0);
    toggle(row, "data-no-cards", none);
    var button = row.querySelector("[data-none]");
    if (button) button.setAttribute("aria-pressed", none ? "true" : "false");
  }

  function toggle(el, name, on) {
    if (on) el.setAttribute(name, ""); else el.removeAttribute(name);
  }

  function used(form) {
    var count = {};
    form.querySelectorAll("[data-cards]").forEach(function (input) {
      codes(input).forEach(function (code) { count[code] = (count[code] || 0) + 1; });
    });
    return count;
  }

  function refreshPicker(form) {
    var picker = form.querySelector("[data-picker]");
    if (!picker || picker.hidden) return;
    var suit = picker.getAttribute("data-current-suit") || "S";
    var decks = parseInt(form.getAttribute("data-decks"), 10) || 1;
    var count = used(form);
    picker.querySelectorAll("[data-rank]").forEach(function (button) {
      var code = button.getAttribute("data-rank") + suit;
      button.disabled = (count[code] || 0) >= decks;
      button.textContent = button.getAttribute("data-rank") + SYMBOLS[suit];
      button.classList.toggle("red", suit === "H" || suit === "D");
    });
    picker.querySelectorAll("[data-suit]").forEach(function (button) {
      var on = button.getAttribute("data-suit") === suit;
      button.classList.toggle("active", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
  }

  function activeRow(form) {
    return form.querySelector(".pablo-hand[data-picking]");
  }

  function nextRow(row) {
    var next = row.nextElementSibling;
    while (next && !next.classList.contains("pablo-hand")) next = next.nextElementSibling;
    return next;
  }

  function openPicker(form, row) {
    var picker = form.querySelector("[data-picker]");
    form.querySelectorAll(".pablo-hand[data-picking]").forEach(function (r) { r.removeAttribute("data-picking"); });
    row.setAttribute("data-picking", "");
    row.appendChild(picker);
    picker.hidden = false;
    var close = picker.querySelector("[data-close]");
    if (close) {
      close.textContent = close.getAttribute(nextRow(row) ? "data-next-label" : "data-done-label") || close.textContent;
    }
    refreshPicker(form);
  }

  function closePicker(form) {
    var picker = form.querySelector("[data-picker]");
    if (picker) picker.hidden = true;
    form.querySelectorAll(".pablo-hand[data-picking]").forEach(function (r) { r.removeAttribute("data-picking"); });
  }

  function setCards(form, row, list) {
    row.querySelector("[data-cards]").value = list.join(" ");
    renderRow(form, row);
    refreshPicker(form);
  }

  function markCaller(form) {
    var chosen = form.querySelector('input[name="caller"]:checked');
    var name = chosen ? chosen.value : null;
    form.querySelectorAll(".pablo-hand").forEach(function (row) {
      var player = row.querySelector('input[name$="__player"]');
      toggle(row, "data-caller", !!name && !!player && player.value === name);
    });
  }

  function setup() {
    document.querySelectorAll("form.pablo-record").forEach(function (form) {
      if (form.getAttribute("data-ready")) return;
      form.setAttribute("data-ready", "1");  // state lives in data attributes: htmx settles classes after a swap
      form.querySelectorAll("[data-tools]").forEach(function (tools) { tools.hidden = false; });
      form.querySelectorAll(".pablo-hand").forEach(function (row) { renderRow(form, row); });
      markCaller(form);
    });
  }

  document.addEventListener("click", function (e) {
    var target = e.target;
    if (!target.closest) return;
    var form = target.closest("form.pablo-record");
    if (!form) return;
    var row = target.closest(".pablo-hand");
    var button;
    if ((button = target.closest("[data-open]")) && row) {
      if (row.hasAttribute("data-picking")) closePicker(form); else openPicker(form, row);
    } else if ((button = target.closest("[data-none]")) && row) {
      var box = row.querySelector("[data-cards]");
      var wasNone = noCards(box);
      box.value = wasNone ? "" : mark(box);  // a second tap takes the mark off: cards or points again
      row.querySelector("[data-points]").value = "";
      renderRow(form, row);
      refreshPicker(form);
      if (row.hasAttribute("data-picking")) closePicker(form);
    } else if ((button = target.closest("[data-negate]")) && row) {
      var points = row.querySelector("[data-points]");
      if (!points.disabled) {
        var text = points.value.trim();
        points.value = text.charAt(0) === "-" ? text.slice(1) : "-" + (text || "");
        points.focus();
      }
    } else if ((button = target.closest("[data-card]")) && row) {
      var list = codes(row.querySelector("[data-cards]"));
      var at = list.indexOf(button.getAttribute("data-card"));
      if (at >= 0) list.splice(at, 1);
      setCards(form, row, list);
    } else if ((button = target.closest("[data-suit]"))) {
      var picker = form.querySelector("[data-picker]");
      picker.setAttribute("data-current-suit", button.getAttribute("data-suit"));
      refreshPicker(form);
    } else if ((button = target.closest("[data-rank]"))) {
      var active = activeRow(form);
      if (!active) return;
      var suit = form.querySelector("[data-picker]").getAttribute("data-current-suit") || "S";
      var cards = codes(active.querySelector("[data-cards]"));
      cards.push(button.getAttribute("data-rank") + suit);
      setCards(form, active, cards);
    } else if ((button = target.closest("[data-undo]"))) {
      var current = activeRow(form);
      if (!current) return;
      var left = codes(current.querySelector("[data-cards]"));
      left.pop();
      setCards(form, current, left);
    } else if ((button = target.closest("[data-close]"))) {
      var from = activeRow(form);
      var next = from && nextRow(from);
      if (next) {
        openPicker(form, next);
        next.scrollIntoView({ block: "nearest" });
      } else {
        closePicker(form);
      }
    }
  });
  document.addEventListener("input", function (e) {
    var target = e.target;
    var form = target.closest && target.closest("form.pablo-record");
    if (!form) return;
    var row = target.closest(".pablo-hand");
    if (row) { renderRow(form, row); refreshPicker(form); }
  });
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form.pablo-record");
    if (form && e.target.name === "caller") markCaller(form);
  });
  document.addEventListener("htmx:load", setup);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
  window.tapetePablo = setup;
})();
