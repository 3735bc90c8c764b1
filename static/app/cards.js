// The card picker (scoring/widgets.py CardPicker, templates/scoring/widgets/card_picker.html), loaded by
// static/app/app.js the first time a picker is used. Without JavaScript every card field is a text box for card
// codes. With it, the cards in the box also show as chips (tap one to take it off): "K♥", or where the deck's
// suits are words the card's name as players say it, "As de copas". "Tap the cards" opens the deck under the
// field: a tab per suit, one tap a card, drawn here from the widget's data-deck-words (the page carries no button
// of the deck). The box stays the value the form sends ("KH 10S T21", "12E*" for a card face
// down), so the server reads what it always read. Within a form, a card taken in one hand or trick is greyed
// out in the others (one of each card, or data-copies when decks are shuffled together); a card field with
// data-source offers the cards of that field first (the card to play, from the hand); with data-players and
// data-leader-field the picker says who is to play (among the players tapped on in data-in-field, who went, and
// not those in data-out-field, who passed). With data-letters (the referee's fields, which read them too:
// scoring/typed_cards.py) a card typed in the page's letters is that card; elsewhere the box reads codes only.
// Served minified as cards.min.js: after a change, make it again as static/app/README.md says.
(function () {
  "use strict";
  if (window.tapeteCards) { window.tapeteCards(); return; }

  function parse(input) {  // a field's own mark for "no cards" (its data-no-cards, such as "-") is no card
    var none = input.getAttribute("data-no-cards");
    return (input.value || "").toUpperCase().replace(/,/g, " ").split(/\s+/)
      .filter(function (code) { return code && code !== none; });
  }
  function bare(code) {
    return code.replace(/[()*]/g, "");
  }
  function isDown(code) {
    return /\*$/.test(code) || /^\(.*\)$/.test(code);
  }
  function input(widget) {
    return widget.querySelector("[data-card-input]");
  }
  function widgets(form) {
    return form ? Array.prototype.slice.call(form.querySelectorAll("[data-card-widget]")) : [];
  }
  function scope(widget) {
    return widget.closest("form") || document.body;
  }
  function named(form, name) {
    var found = null;
    widgets(form).forEach(function (w) { if (input(w).name === name) found = w; });
    return found;
  }
  // A card as typed: its code, or in the page's letters as scoring/typed_cards.py reads them: "RH" or "R♥" in
  // French, "SO" (sota de oros) in Spanish; where the field reads them (data-letters: the referee's, not the record
  // forms'). None where the suit's letter is another suit's in the page's language and the rank's letter is the
  // page's (French "RC", and "CC" though the codes read it: trèfle in the codes, cœur or carreau to the reader),
  // which the server asks about.
  function initial(word) {
    return (word || "").normalize("NFD").charAt(0).toUpperCase();
  }
  function button(widget, code) {
    code = bare(code);
    var read = widget.hasAttribute("data-letters") && reading(widget, code);
    if (read && read.rank && read.unsure) return null;
    return widget.querySelector('[data-code="' + code + '"]') ||
      (read && read.rank ? widget.querySelector('[data-code="' + read.rank + read.suit + '"]') : null);
  }
  function reading(widget, code) {
    var words = JSON.parse(widget.getAttribute("data-deck-words"));
    var symbols = widget.hasAttribute("data-symbols");
    var rank = code.slice(0, -1), suit = code.slice(-1);
    var marked = words.suits.filter(function (s) { return symbols && s[4] === suit; })[0];
    var ranks = words.ranks.filter(function (r) { return (symbols ? r[1] : initial(r[2])) === rank; });
    var unsure = !marked && words.suits.some(function (s) { return s[0] !== suit && initial(s[2]) === suit; });
    return { rank: ranks.length === 1 ? ranks[0][0] : null, suit: marked ? marked[0] : suit, unsure: unsure };
  }
  function codeOf(widget, code) {  // the deck's code of a card as typed ("RH" in French: KH)
    var b = button(widget, code);
    return b ? b.getAttribute("data-code") : bare(code);
  }
  function chipText(widget, code) {
    var b = button(widget, code);
    return b ? b.getAttribute("data-text") : code;
  }

  // The deck, from data-deck-words (scoring.widgets.deck_words): each suit's ranks, then the trumps and the
  // Excuse, each card named as scoring.widgets.card_words names it (tests/scoring/test_card_picker.py).
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, k) { return values[k]; });
  }
  function groups(words) {
    var list = words.suits.map(function (s) {
      return { key: s[0], label: s[1], name: s[2], red: !!s[3], cards: words.ranks.map(function (r) {
        return { code: r[0] + s[0], short: r[1], word: r[2], text: r[1] + s[4],
                 name: fmt(s[5], { rank: r[2] || r[0] }) };
      }) };
    });
    var t = words.trumps;
    if (t) {
      var trumps = { key: t[0], label: t[1], name: t[2], red: false, cards: [] };
      for (var n = 1; n <= t[4]; n++) {
        var trump = fmt(t[3], { n: n }); // its word on a chip too, as card_words says it ("Atout 3", not "T3")
        trumps.cards.push({ code: t[0] + n, short: String(n), word: "", text: trump, name: trump });
      }
      trumps.cards.push({ code: t[5], short: t[6], word: t[7], text: t[6], name: t[7] });
      list.push(trumps);
    }
    return list;
  }
  function build(widget) {
    var tabs = widget.querySelector("[data-tabs]");
    if (!tabs || tabs.children.length) return;
    var after = tabs;
    groups(JSON.parse(widget.getAttribute("data-deck-words"))).forEach(function (g, i) {
      var red = g.red ? " red" : "";
      tabs.appendChild(el("button", { type: "button", role: "tab", "class": "cardpick-tab" + red, "data-tab": g.key,
        "aria-selected": i ? "false" : "true", "aria-label": g.name, title: g.name }, g.label));
      var grid = el("div", { "class": "cardpick-grid", role: "tabpanel", "data-group": g.key, "aria-label": g.name });
      grid.hidden = i > 0;
      g.cards.forEach(function (c) {
        var b = el("button", { type: "button", "class": "cardpick-card" + red, "data-code": c.code,
          "data-text": c.text, "aria-label": c.name, "aria-pressed": "false" });
        b.appendChild(el("span", { "class": "r" }, c.short));
        if (c.word) b.appendChild(el("span", { "class": "w" }, c.word));
        grid.appendChild(b);
      });
      after.after(grid);
      after = grid;
    });
  }

  function leader(form, widget) {
    var field = widget.getAttribute("data-leader-field");
    var asked = field && form.querySelector('[name="' + field + '"]');
    // a question that does not ask who led (whether a hand as dealt is void, say) has nobody to play
    if (!asked || asked.closest("[data-questions][hidden]")) return null;
    var checked = form.querySelector('[name="' + field + '"]:checked');
    var el = checked || form.querySelector('select[name="' + field + '"], input[type="text"][name="' + field + '"]');
    return el && el.value ? el.value : null;
  }

  function ticked(form, widget, attr) {  // the players tapped on in the field data-in-field (or -out-) names
    var field = widget.getAttribute(attr);
    return field ? [].map.call(form.querySelectorAll('[name="' + field + '"]:checked'), function (b) {
      return b.value;
    }) : [];
  }

  function turn(form, widget) {
    var players = (widget.getAttribute("data-players") || "").split("|").filter(Boolean);
    var ins = ticked(form, widget, "data-in-field"), outs = ticked(form, widget, "data-out-field");
    players = players.filter(function (p) {  // those who play the trick: who went (if said), not who passed
      return (!ins.length || ins.indexOf(p) >= 0) && outs.indexOf(p) < 0;
    });
    var of = widget.getAttribute("data-turn-of");
    var first = leader(form, widget);
    if (!players.length || !of || !first || players.indexOf(first) < 0) return null;
    var trick = named(form, of);
    var played = trick ? parse(input(trick)).length : 0;
    if (played >= players.length) return null;
    return players[(players.indexOf(first) + played) % players.length];
  }

  function render(widget) {
    var form = scope(widget);
    var box = input(widget);
    var codes = parse(box);
    var many = widget.getAttribute("data-many") === "1";
    // chips
    var chips = widget.querySelector("[data-chips]");
    chips.textContent = "";
    codes.forEach(function (code) {
      var chip = document.createElement("button");
      var known = button(widget, code);
      chip.type = "button";
      chip.className = "cardpick-chip" + (known && known.classList.contains("red") ? " red" : "") +
        (isDown(code) ? " down" : "") + (known ? "" : " bad");
      chip.setAttribute("data-chip", code);
      // a deck whose suits are words says the card's name, as players say it ("As de copas"); "K♥" says itself
      chip.textContent = !known ? code : widget.hasAttribute("data-symbols") ? chipText(widget, code)
        : known.getAttribute("aria-label");
      if (known) {
        chip.setAttribute("aria-label", (chips.getAttribute("data-off") || "%(card)s ×")
          .replace("%(card)s", known.getAttribute("aria-label")));
      }
      chips.appendChild(chip);
    });
    // cards taken here, and elsewhere in the form, each as its card however it was typed
    var mine = {}, elsewhere = {};
    codes.forEach(function (code) { code = codeOf(widget, code); mine[code] = (mine[code] || 0) + 1; });
    if (widget.getAttribute("data-exclusive") === "1") {
      widgets(form).forEach(function (other) {
        if (other === widget || other.getAttribute("data-exclusive") !== "1" ||
            other.getAttribute("data-deck") !== widget.getAttribute("data-deck")) return;
        parse(input(other)).forEach(function (code) {
          code = codeOf(other, code);
          elsewhere[code] = (elsewhere[code] || 0) + 1;
        });
      });
    }
    var copies = parseInt(widget.getAttribute("data-copies"), 10) || 1;
    widget.querySelectorAll("[data-code]").forEach(function (b) {
      var code = b.getAttribute("data-code");
      var taken = (mine[code] || 0) + (elsewhere[code] || 0);
      b.setAttribute("aria-pressed", mine[code] ? "true" : "false");
      b.disabled = !mine[code] && taken >= copies;
      b.classList.toggle("played", !mine[code] && !!elsewhere[code]);
    });
    // the cards of the source field first (the card to play, from the hand)
    var from = widget.querySelector("[data-from]");
    if (from) {
      var source = named(form, widget.getAttribute("data-source"));
      var list = source ? parse(input(source)) : [];
      var row = from.querySelector("[data-from-cards]");
      row.textContent = "";
      list.forEach(function (code) {
        var known = button(widget, code);
        if (!known) return;
        var b = document.createElement("button");
        b.type = "button";
        b.className = "cardpick-card" + (known.classList.contains("red") ? " red" : "");
        var card = known.getAttribute("data-code");
        b.setAttribute("data-pick", card);
        b.setAttribute("aria-label", known.getAttribute("aria-label"));
        b.setAttribute("aria-pressed", mine[card] ? "true" : "false");
        b.textContent = chipText(widget, code);
        row.appendChild(b);
      });
      from.hidden = !row.children.length;
    }
    // who is to play
    var said = widget.querySelector("[data-turn]");
    var who = turn(form, widget);
    said.textContent = who ? (said.getAttribute("data-template") || "%(name)s").replace("%(name)s", who) : "";
    said.hidden = !who;
    // the open button's words
    var open = widget.querySelector("[data-card-open]");
    var panel = widget.querySelector("[data-card-panel]");
    var word = codes.length ? open.getAttribute("data-more") : open.getAttribute("data-empty");
    open.textContent = word + (panel.hidden ? " ▾" : " ▴");
    open.setAttribute("aria-expanded", panel.hidden ? "false" : "true");
    open.hidden = !many && !!codes.length && !panel.hidden;
  }

  function renderAll(form) {
    widgets(form).forEach(render);
  }

  function showTab(widget, key) {
    widget.querySelectorAll("[data-tab]").forEach(function (tab) {
      tab.setAttribute("aria-selected", tab.getAttribute("data-tab") === key ? "true" : "false");
    });
    widget.querySelectorAll("[data-group]").forEach(function (grid) {
      grid.hidden = grid.getAttribute("data-group") !== key;
    });
  }

  function open(widget) {
    var form = scope(widget);
    widgets(form).forEach(function (other) {
      if (other !== widget) other.querySelector("[data-card-panel]").hidden = true;
    });
    widget.querySelector("[data-card-panel]").hidden = false;
    var last = form.getAttribute("data-card-tab");
    if (last && widget.querySelector('[data-tab="' + last + '"]')) showTab(widget, last);
    renderAll(form);
  }

  function close(widget) {
    widget.querySelector("[data-card-panel]").hidden = true;
    render(widget);
  }

  function set(widget, codes) {
    var box = input(widget);
    box.value = codes.join(" ");
    box.dispatchEvent(new Event("input", { bubbles: true }));
    box.dispatchEvent(new Event("change", { bubbles: true }));
    renderAll(scope(widget));
  }

  function tap(widget, code) {
    var codes = parse(input(widget));
    var at = codes.map(function (c) { return codeOf(widget, c); }).indexOf(code);  // "RH" is K♥'s
    if (widget.getAttribute("data-many") !== "1") {
      set(widget, [code]);
      close(widget);
      return;
    }
    if (at >= 0) {
      codes.splice(at, 1);
    } else {
      var down = widget.querySelector("[data-face-down]");
      var face = down && down.getAttribute("aria-pressed") === "true";
      codes.push(face ? code + "*" : code);
      if (down) down.setAttribute("aria-pressed", "false");
    }
    set(widget, codes);
  }

  function setup() {
    document.querySelectorAll("[data-card-widget]").forEach(function (widget) {
      if (widget.hasAttribute("data-ready")) return;
      widget.setAttribute("data-ready", "");
      build(widget);
      widget.querySelector("[data-card-ui]").hidden = false;
      widget.querySelector("[data-card-open]").hidden = false;
      render(widget);
    });
    document.querySelectorAll("form[data-cards-open-first]").forEach(function (form) {
      if (form.hasAttribute("data-cards-opened")) return;
      form.setAttribute("data-cards-opened", "");
      var first = widgets(form).filter(function (w) { return !parse(input(w)).length; })[0];
      if (first && !widgets(form).some(function (w) { return parse(input(w)).length; })) open(first);
    });
  }

  document.addEventListener("click", function (e) {
    var target = e.target;
    if (!target.closest) return;
    var widget = target.closest("[data-card-widget]");
    if (!widget) return;
    var el;
    if ((el = target.closest("[data-card-open]"))) {
      if (widget.querySelector("[data-card-panel]").hidden) open(widget); else close(widget);
    } else if ((el = target.closest("[data-tab]"))) {
      var key = el.getAttribute("data-tab");
      showTab(widget, key);
      scope(widget).setAttribute("data-card-tab", key);
    } else if ((el = target.closest("[data-code]")) || (el = target.closest("[data-pick]"))) {
      tap(widget, el.getAttribute("data-code") || el.getAttribute("data-pick"));
    } else if ((el = target.closest("[data-chip]"))) {
      var codes = parse(input(widget));
      var at = codes.indexOf(el.getAttribute("data-chip"));
      if (at >= 0) codes.splice(at, 1);
      set(widget, codes);
    } else if ((el = target.closest("[data-face-down]"))) {
      el.setAttribute("aria-pressed", el.getAttribute("aria-pressed") === "true" ? "false" : "true");
    } else if ((el = target.closest("[data-card-undo]"))) {
      var left = parse(input(widget));
      left.pop();
      set(widget, left);
    } else if ((el = target.closest("[data-card-done]"))) {
      close(widget);
    }
  });
  document.addEventListener("input", function (e) {  // codes typed in the box: the chips follow
    if (!e.target.hasAttribute || !e.target.hasAttribute("data-card-input") || !e.isTrusted) return;
    renderAll(scope(e.target.closest("[data-card-widget]")));
  });
  document.addEventListener("change", function (e) {
    var form = e.target.closest && e.target.closest("form");
    if (form && !e.target.hasAttribute("data-card-input")) renderAll(form);
  });
  document.addEventListener("reset", function (e) {  // the form drawn again for the next deal: its pickers closed
    widgets(e.target).forEach(function (w) { w.querySelector("[data-card-panel]").hidden = true; });
  });
  document.addEventListener("htmx:load", setup);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
  window.tapeteCards = setup;
})();
