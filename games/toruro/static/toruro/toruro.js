// Toruro's record form (games/toruro/templates/toruro/record.html). The form works without this file; with it:
// whether the 7 of trumps plays as the turned card (picked with the shared card picker), a live "adds up to N of M" for
// each lulo's split, the pots and the lulo's cost as the splits change, everyone ticked when an Ace is turned,
// only the players who went offered for the tricks and the play rules broken, one empty row of play rules broken
// at a time, and the deal as the outbox says it (static/app/offline.js reads a field's data-said): the turned
// card by its name, as the picker names it ("7 of espadas", not "7E"), who went after the word for it, who took
// each pot after the pot's name ("Cabeza Luis, Barriga Pepe"). Whatever changes in the form, the form itself too (reset for the next deal,
// filled from a draft), all of it is worked out again. The server still checks everything. Served minified as
// toruro.min.js: after a change, make it again as static/app/README.md says.
(function () {
  "use strict";
  if (window.tapeteToruro) { window.tapeteToruro(); return; }

  var POTS = ["cabeza", "barriga", "cola"];

  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k] == null ? "" : values[k]; });
  }
  // A suit's or rank's word, from the card picker's deck (scoring.widgets.deck_words): its name, or (``at`` 5) how
  // a suit's cards are named ("%(rank)s of copas").
  function word(form, kind, code, at) {
    var deck = form.querySelector("[data-deck-words]"), found = "";
    if (deck) JSON.parse(deck.dataset.deckWords)[kind + "s"].forEach(function (w) {
      if (w[0] === code) found = w[at || 2] || w[1];
    });
    return found;
  }
  function int(v) { return +v || 0; }  // "2.5" stays 2.5 (the server refuses it): the check must not say it adds up

  function amountOf(box) {
    var chosen = box.querySelector('input[name$="__lulo"]:checked');
    return chosen ? int(chosen.dataset.amount) : 0;
  }

  // Each lulo's split ("adds up to N of M") and the pots with what is paid in: what a lulo costs this deal.
  function refreshPayments(form) {
    var pots = {}, total = 0, cost = form.querySelector("[data-lulo-cost]");
    POTS.forEach(function (p) { pots[p] = int(form.getAttribute("data-base-" + p)); });
    form.querySelectorAll("[data-payment]").forEach(function (box) {
      var amount = amountOf(box), sum = 0, check = box.querySelector("[data-split-check]");
      box.querySelectorAll("[data-split]").forEach(function (i) {
        sum += int(i.value);
        if (amount) pots[i.dataset.split] += int(i.value);
      });
      box.querySelector("[data-split-tools]").hidden = !amount;
      check.textContent = amount ? fmt(check.dataset.msg, { sum: sum, amount: amount }) + (sum === amount ? " ✓" : "") : "";
      check.className = "split-check small mt-1" + (amount ? " fw-semibold text-" + (sum === amount ? "success" : "danger") : "");
    });
    POTS.forEach(function (p) {
      total += pots[p];
      form.querySelectorAll('[data-pot-chips="' + p + '"]').forEach(function (el) { el.textContent = pots[p]; });
    });
    cost.hidden = false;
    cost.textContent = fmt(cost.dataset.msg, { n: total });
  }

  // The turned card: whether the 7 of trumps plays as it, its name, and everyone ticked when an Ace is turned by
  // hand (picked or typed, not as the form was drawn).
  function refreshCard(form, byHand) {
    var input = form.querySelector("#id_turned_card"), note = form.querySelector("[data-seven-note]");
    var ace = form.querySelector("#went-ace"), said = input.closest(".field").dataset;
    var m = /^\s*(\d{1,2})\s*([OCEB])\s*$/i.exec(input.value);
    said.said = input.value;
    if (!m) { note.textContent = ""; return; }
    var rank = String(int(m[1])), suit = m[2].toUpperCase(), named = word(form, "suit", suit);
    var seven = (" " + note.dataset.sevenRanks + " ").indexOf(" " + rank + " ") >= 0;
    note.textContent = named ? fmt(note.dataset[seven ? "msgAs" : "msgPlain"],
                                   { suit: named, rank: seven ? word(form, "rank", rank) : "" })
      .replace(/^\S/, function (c) { return c.toUpperCase(); }) : "";
    said.said = fmt(word(form, "suit", suit, 5), { rank: word(form, "rank", rank) }) || input.value;
    if (form.dataset.aceAllGo === "1") {
      var was = ace.hidden;
      ace.hidden = rank !== "1";
      if (rank === "1" && was && byHand) form.querySelectorAll('input[name="went"]').forEach(function (c) { c.checked = true; });
    }
  }

  // Who went: only they are offered for the tricks and for a play rule broken. Said for the outbox unless as the
  // form was drawn (nobody, or everyone on the first deal: a form nobody started says nothing), and with who took
  // each pot.
  function refreshWent(form) {
    var field = form.querySelector("#field-went"), went = {}, names = [], pots = [];
    field.querySelectorAll(":checked").forEach(function (c) { went[c.value] = names.push(c.value); });
    var any = names.length, all = !field.querySelector("input:not(:checked)");
    form.querySelectorAll("[data-trick]").forEach(function (trick) {
      var chosen = trick.querySelector('input:not([value=""]):checked');
      trick.querySelectorAll('input:not([value=""])').forEach(function (radio) {
        radio.hidden = radio.nextElementSibling.hidden = !went[radio.value] && !radio.checked;
      });
      trick.hidden = !any && !chosen;
      if (chosen) pots.push(trick.querySelector("strong").textContent.split(/·\s/)[1] + " " + chosen.value);
    });
    form.querySelectorAll(".player option").forEach(function (o) {  // hidden is not enough on iOS
      o.hidden = o.disabled = !!o.value && !went[o.value] && !o.selected;
    });
    form.querySelector("[data-tricks-hint]").hidden = any;
    form.querySelector("[data-nobody-hint]").hidden = true;  // said by the hint above while nobody is ticked
    field.dataset.said = !any || all && field.dataset.forced > 0 ? ""
      : all ? field.dataset.all : fmt(field.dataset.names, { names: names.join(", ") });
    form.querySelector("#field-tricks").dataset.said = pots.join(", ");
  }

  function fill(box, how) {
    var amount = amountOf(box), each = Math.floor(amount / 3), rest = amount % 3;
    box.querySelectorAll("[data-split]").forEach(function (i, k) {  // cabeza, barriga, cola
      i.value = how === "even" ? each + (k < rest ? 1 : 0) : i.dataset.split === how ? amount : 0;
    });
  }

  // Play rules broken: the rows after the first empty one wait until it is filled in; when every row is, one
  // more (a copy of the last, emptied), up to the form's maximum.
  function refreshMisplays(form) {
    var empty = 0, rows = form.querySelectorAll("[data-misplay]"), last = rows[rows.length - 1], n = rows.length;
    rows.forEach(function (row) {
      var chosen = row.querySelectorAll("select");
      row.hidden = !chosen[0].value && !chosen[1].value && empty++ > 0;
    });
    if (empty || !last || n >= int(last.closest("[data-max]").dataset.max)) return;
    var row = last.cloneNode(true);
    row.dataset.misplay = n;
    row.querySelectorAll("select").forEach(function (s) {
      s.name = s.name.replace(/__\d+__/, "__" + n + "__");
      s.id = s.id.replace(/__\d+__/, "__" + n + "__");
      s.value = "";
    });
    last.after(row);
  }

  function refresh(form, byHand) {
    refreshPayments(form);
    refreshCard(form, byHand);
    refreshMisplays(form);  // a row added copies the last: then who went is offered in it too
    refreshWent(form);
  }

  function setup() {
    document.querySelectorAll("form.toruro-record:not([data-ready])").forEach(function (form) {
      form.dataset.ready = "";
      refresh(form);
    });
  }

  // The trumps line as the card is typed, not when the box is left: the buttons below move before the next tap.
  function changed(e) {
    var form = e.target.closest("form.toruro-record");
    if (form) refresh(form, true);
  }
  document.addEventListener("change", changed);
  document.addEventListener("input", changed);
  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-fill]"), box = button && button.closest("[data-payment]");
    if (!box) return;
    fill(box, button.dataset.fill);
    // as if typed: the form is worked out again (above), and the live preview and the draft hear of it too
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("htmx:load", setup);
  setup();  // this script follows the form
  window.tapeteToruro = setup;
})();
