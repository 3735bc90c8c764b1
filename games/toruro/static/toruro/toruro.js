// Toruro's record form (games/toruro/templates/toruro/record.html). The form works without this file; with it:
// the turned card from suit and rank buttons (and whether the 7 plays as it), a live "adds up to N of M" for
// each lulo's split, the pots and the lulo's cost as the splits change, everyone ticked when an Ace is turned,
// only the players who went offered for the tricks, and one empty row of play rules broken at a time. The
// server still checks everything.
(function () {
  "use strict";
  if (window.tapeteToruro) { window.tapeteToruro(); return; }

  var POTS = ["cabeza", "barriga", "cola"];

  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k] == null ? "" : values[k]; });
  }
  function pairs(text) {
    var out = {};
    (text || "").split(";").forEach(function (p) { var i = p.indexOf("="); if (i > 0) out[p.slice(0, i)] = p.slice(i + 1); });
    return out;
  }
  function int(v) { var n = parseInt(v, 10); return isNaN(n) ? 0 : n; }

  function paymentAmount(box) {
    var chosen = box.querySelector('input[name$="__lulo"]:checked');
    return chosen ? int(chosen.getAttribute("data-amount")) : 0;
  }

  function refreshSplit(box) {
    var amount = paymentAmount(box), sum = 0;
    box.querySelectorAll("[data-split]").forEach(function (i) { sum += int(i.value); });
    var check = box.querySelector("[data-split-check]");
    var tools = box.querySelector("[data-split-tools]");
    if (tools) tools.hidden = !amount;
    if (!check) return;
    if (!amount) { check.textContent = ""; check.className = "split-check small mt-1"; return; }
    var ok = sum === amount;
    check.textContent = fmt(check.getAttribute("data-msg"), { sum: sum, amount: amount }) + (ok ? " ✓" : "");
    check.className = "split-check small mt-1 fw-semibold " + (ok ? "text-success" : "text-danger");
  }

  function refreshPots(form) {
    var pots = {}, total = 0;
    POTS.forEach(function (p) { pots[p] = int(form.getAttribute("data-base-" + p)); });
    form.querySelectorAll("[data-payment]").forEach(function (box) {
      if (!paymentAmount(box)) return;
      box.querySelectorAll("[data-split]").forEach(function (i) { pots[i.getAttribute("data-split")] += int(i.value); });
    });
    POTS.forEach(function (p) {
      total += pots[p];
      form.querySelectorAll('[data-pot-chips="' + p + '"]').forEach(function (el) { el.textContent = pots[p]; });
    });
    var cost = form.querySelector("[data-lulo-cost]");
    if (cost) { cost.hidden = false; cost.textContent = fmt(cost.getAttribute("data-msg"), { n: total }); }
  }

  function refreshCard(form, byHand) {
    var input = form.querySelector("#id_turned_card");
    var note = form.querySelector("[data-seven-note]");
    if (!input || !note) return;
    var m = /^\s*(\d{1,2})\s*([OCEB])\s*$/i.exec(input.value || "");
    if (!m) { note.textContent = ""; return; }
    var rank = String(int(m[1])), suit = m[2].toUpperCase();
    var suits = pairs(note.getAttribute("data-suits")), ranks = pairs(note.getAttribute("data-ranks"));
    if (!suits[suit] || !ranks[rank]) { note.textContent = ""; return; }
    var seven = (" " + note.getAttribute("data-seven-ranks") + " ").indexOf(" " + rank + " ") >= 0;
    note.textContent = fmt(note.getAttribute(seven ? "data-msg-as" : "data-msg-plain"),
                           { suit: suits[suit], rank: ranks[rank] }).replace(/^\S/, function (c) { return c.toUpperCase(); });
    var ace = form.querySelector("#went-ace");
    if (ace && form.getAttribute("data-ace-all-go") === "1") {
      var was = ace.hidden;
      ace.hidden = rank !== "1";
      if (rank === "1" && was && byHand) {
        form.querySelectorAll('input[name="went"]').forEach(function (c) { c.checked = true; });
        refreshWent(form);
      }
    }
  }

  function refreshWent(form) {
    var went = {}, any = false;
    form.querySelectorAll('input[name="went"]').forEach(function (c) { if (c.checked) { went[c.value] = true; any = true; } });
    form.querySelectorAll("[data-trick]").forEach(function (trick) {
      trick.querySelectorAll("input[data-player]").forEach(function (radio) {
        var show = !!went[radio.value] || radio.checked;
        radio.hidden = !show;
        var label = trick.querySelector('label[for="' + radio.id + '"]');
        if (label) label.hidden = !show;
      });
      trick.hidden = !any && !trick.querySelector("input[data-player]:checked");
    });
    var hint = form.querySelector("[data-tricks-hint]");
    if (hint) hint.hidden = any;
    var nobody = form.querySelector("[data-nobody-hint]");
    if (nobody) nobody.hidden = true;  // said by the hint above while nobody is ticked
  }

  function fill(box, how) {
    var amount = paymentAmount(box);
    var inputs = {};
    box.querySelectorAll("[data-split]").forEach(function (i) { inputs[i.getAttribute("data-split")] = i; });
    if (how === "even") {
      var each = Math.floor(amount / 3), rest = amount % 3;
      POTS.forEach(function (p, k) { inputs[p].value = each + (k < rest ? 1 : 0); });
    } else {
      POTS.forEach(function (p) { inputs[p].value = p === how ? amount : 0; });
    }
  }

  function setupCardPicker(form) {
    var picker = form.querySelector("[data-card-picker]");
    var text = form.querySelector("[data-turned-text]");
    var input = form.querySelector("#id_turned_card");
    if (!picker || !input) return;
    picker.hidden = false;
    var invalid = input.classList.contains("is-invalid");
    var m = /^\s*(\d{1,2})\s*([OCEB])\s*$/i.exec(input.value || "");
    if (m) {
      var s = form.querySelector('input[name="tc_suit"][value="' + m[2].toUpperCase() + '"]');
      var r = form.querySelector('input[name="tc_rank"][value="' + String(int(m[1])) + '"]');
      if (s) s.checked = true;
      if (r) r.checked = true;
    }
    // Keep the typed box only when what was typed is not a card the buttons can show.
    if (text && !(invalid && !m && input.value)) text.hidden = true;
  }

  function onPicker(form) {
    var s = form.querySelector('input[name="tc_suit"]:checked');
    var r = form.querySelector('input[name="tc_rank"]:checked');
    var input = form.querySelector("#id_turned_card");
    if (input) input.value = s && r ? r.value + s.value : "";
    refreshCard(form, true);
  }

  // Play rules broken: the rows after the first empty one wait until it is filled in.
  function refreshMisplays(form) {
    var empty = 0;
    form.querySelectorAll("[data-misplay]").forEach(function (row) {
      var filled = Array.prototype.some.call(row.querySelectorAll("select"), function (s) { return s.value; });
      row.hidden = !filled && empty++ > 0;
    });
  }

  function setup() {
    document.querySelectorAll("form.toruro-record:not([data-ready])").forEach(function (form) {
      form.setAttribute("data-ready", "");
      setupCardPicker(form);
      form.querySelectorAll("[data-payment]").forEach(refreshSplit);
      refreshPots(form);
      refreshCard(form);
      refreshWent(form);
      refreshMisplays(form);
    });
  }

  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form.toruro-record");
    if (!form) return;
    var name = e.target.name || "";
    if (name === "tc_suit" || name === "tc_rank") onPicker(form);
    else if (name === "turned_card") refreshCard(form, true);
    else if (name === "went") refreshWent(form);
    if (e.target.closest("[data-misplay]")) refreshMisplays(form);
    var box = e.target.closest("[data-payment]");
    if (box) { refreshSplit(box); refreshPots(form); }
  });
  document.addEventListener("input", function (e) {
    var box = e.target.closest && e.target.closest("[data-payment]");
    if (!box) return;
    refreshSplit(box);
    refreshPots(box.closest("form"));
  });
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("[data-fill]");
    if (!button) return;
    var box = button.closest("[data-payment]");
    if (!box) return;
    fill(box, button.getAttribute("data-fill"));
    refreshSplit(box);
    refreshPots(box.closest("form"));
  });
  document.addEventListener("htmx:load", setup);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
  window.tapeteToruro = setup;
})();
