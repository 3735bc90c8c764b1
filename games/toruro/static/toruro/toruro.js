// Toruro's record form (games/toruro/templates/toruro/record.html). The form works without this file; with it:
// whether the 7 of trumps plays as the turned card (picked with the shared card picker), a live "adds up to N of M" for
// each lulo's split, the pots and the lulo's cost as the splits change, everyone ticked when an Ace is turned,
// only the players who went offered for the tricks, and one empty row of play rules broken at a time. The
// server still checks everything. Served minified as toruro.min.js: after a change, make it again as
// static/app/README.md says (terser -c -m, the source's sha256 in its first line).
(function () {
  "use strict";
  if (window.tapeteToruro) { window.tapeteToruro(); return; }

  var POTS = ["cabeza", "barriga", "cola"];

  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k] == null ? "" : values[k]; });
  }
  function word(form, kind, code) {  // a suit's or rank's name, from the card picker's deck (widgets.deck_words)
    var deck = form.querySelector("[data-deck-words]"), found = "";
    if (deck) JSON.parse(deck.getAttribute("data-deck-words"))[kind + "s"].forEach(function (w) {
      if (w[0] === code) found = w[2] || w[1];
    });
    return found;
  }
  function int(v) { return +v || 0; }  // "2.5" stays 2.5 (the server refuses it): the check must not say it adds up

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
    var seven = (" " + note.getAttribute("data-seven-ranks") + " ").indexOf(" " + rank + " ") >= 0;
    var suitName = word(form, "suit", suit), rankName = seven ? word(form, "rank", rank) : "";
    note.textContent = suitName ? fmt(note.getAttribute(seven ? "data-msg-as" : "data-msg-plain"),
                                      { suit: suitName, rank: rankName })
      .replace(/^\S/, function (c) { return c.toUpperCase(); }) : "";
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
      trick.querySelectorAll('input:not([value=""])').forEach(function (radio) {
        var show = !!went[radio.value] || radio.checked;
        radio.hidden = !show;
        var label = trick.querySelector('label[for="' + radio.id + '"]');
        if (label) label.hidden = !show;
      });
      trick.hidden = !any && !trick.querySelector('input:not([value=""]):checked');
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

  // Play rules broken: the rows after the first empty one wait until it is filled in; when every row is, one
  // more (a copy of the last, emptied), up to the form's maximum.
  function refreshMisplays(form) {
    var empty = 0, rows = form.querySelectorAll("[data-misplay]"), last = rows[rows.length - 1];
    rows.forEach(function (row) {
      var filled = Array.prototype.some.call(row.querySelectorAll("select"), function (s) { return s.value; });
      row.hidden = !filled && empty++ > 0;
    });
    if (empty || !last || rows.length >= int(last.closest("[data-max]").getAttribute("data-max"))) return;
    var row = last.cloneNode(true), n = rows.length;
    row.setAttribute("data-misplay", n);
    row.querySelectorAll("select").forEach(function (s) {
      s.name = s.name.replace(/__\d+__/, "__" + n + "__");
      s.id = s.id.replace(/__\d+__/, "__" + n + "__");
      s.value = "";
    });
    last.after(row);
  }

  function setup() {
    document.querySelectorAll("form.toruro-record:not([data-ready])").forEach(function (form) {
      form.setAttribute("data-ready", "");
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
    if (name === "turned_card") refreshCard(form, true);
    else if (name === "went") refreshWent(form);
    if (e.target.closest("[data-misplay]")) refreshMisplays(form);
    var box = e.target.closest("[data-payment]");
    if (box) { refreshSplit(box); refreshPots(form); }
  });
  document.addEventListener("input", function (e) {
    // The trumps line as the card is typed, not when the box is left: the buttons below move before the next
    // tap, not under it.
    if (e.target.name === "turned_card" && e.target.closest("form.toruro-record")) {
      refreshCard(e.target.closest("form"), true);
    }
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
