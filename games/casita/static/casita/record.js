// Casita Robada's record form (games/casita/templates/casita/record.html). The form works without this file:
// the server works out a blank count from the others. With it, the one blank box shows the count it will get,
// and a line under the boxes says the running total against the deck and who wins the deal, or that a count of
// exactly 1 cannot be. Delegated, so a form swapped in by htmx works too; the server still checks everything.
(function () {
  "use strict";
  if (window.tapeteCasita) { window.tapeteCasita(); return; }

  function fmt(template, values) {
    return (template || "").replace(/%\((\w+)\)s/g, function (_m, k) { return values[k] == null ? "" : values[k]; });
  }

  // "Ana and Bea", "Ana y Bea", "Ana e Inés", "Ana et Bea", as the page's language lists names (English without
  // a comma before "and", as the lines the server writes: British English's list)
  function listed(names) {
    var lang = document.documentElement.lang || undefined;
    try {
      return new Intl.ListFormat(lang === "en" ? "en-GB" : lang, { type: "conjunction" }).format(names);
    } catch (_e) {  // a browser without Intl.ListFormat
      return names.slice(0, -1).join(", ") + " & " + names[names.length - 1];
    }
  }

  function count(input) {
    var text = (input.value || "").trim();
    if (!/^\d+$/.test(text)) return null;
    return parseInt(text, 10);
  }

  function refresh(form) {
    var deck = parseInt(form.getAttribute("data-deck"), 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-count]"));
    var check = form.querySelector("#count-check");
    if (!check || !inputs.length || isNaN(deck)) return;
    var sum = 0, blanks = [], bad = false;
    inputs.forEach(function (input) {
      input.placeholder = "";
      if ((input.value || "").trim() === "") { blanks.push(input); return; }
      var n = count(input);
      if (n === null) { bad = true; return; }
      sum += n;
    });
    var counts = inputs.map(count);
    var words = [];
    if (bad || blanks.length === inputs.length) {
      check.hidden = true;
      return;
    }
    if (blanks.length === 1 && sum <= deck) {
      var rest = deck - sum;
      blanks[0].placeholder = String(rest);
      counts[inputs.indexOf(blanks[0])] = rest;
      words.push(fmt(check.getAttribute("data-msg-rest"), { name: blanks[0].getAttribute("data-player"), n: rest }));
      sum = deck;
    }
    // A pile never holds exactly one card (every capture takes two): the server refuses it, so say it now.
    var ones = inputs.filter(function (_input, i) { return counts[i] === 1; });
    var ok = sum === deck && blanks.length <= 1 && !ones.length;
    if (blanks.length > 1 || sum < deck) {
      words.push(fmt(check.getAttribute("data-msg-short"), { sum: sum, deck: deck, n: deck - sum }));
    } else if (sum > deck) {
      words.push(fmt(check.getAttribute("data-msg-over"), { sum: sum, deck: deck, n: sum - deck }));
    } else if (ones.length) {
      words.push(fmt(check.getAttribute("data-msg-sum"), { sum: sum, deck: deck }));
    } else {
      words.push(fmt(check.getAttribute("data-msg-sum"), { sum: sum, deck: deck }) + " ✓");
      var best = Math.max.apply(null, counts);
      var names = inputs.filter(function (_input, i) { return counts[i] === best; })
                        .map(function (input) { return input.getAttribute("data-player"); });
      words.push(fmt(check.getAttribute(names.length > 1 ? "data-msg-tie" : "data-msg-wins"),
                     { names: listed(names) }));
    }
    ones.forEach(function (input) {
      words.push(fmt(check.getAttribute("data-msg-one"), { name: input.getAttribute("data-player") }));
    });
    check.textContent = words.join(" ");
    check.className = "count-check small mb-1 " + (ok ? "ok" : "off");
    check.hidden = false;
  }

  function refreshAll() {
    document.querySelectorAll("form.casita-record").forEach(refresh);
  }

  window.tapeteCasita = refreshAll;
  document.addEventListener("input", function (event) {
    var input = event.target;
    var form = input && input.closest && input.closest("form.casita-record");
    if (form && input.hasAttribute("data-count")) refresh(form);
  });
  document.addEventListener("htmx:load", refreshAll);
  refreshAll();
})();
