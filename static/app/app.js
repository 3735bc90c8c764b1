// Tapete: the page works without this file. Copy-to-clipboard for share links:
//   <button type="button" data-copy="https://…" data-copied="Copied!">Copy link</button>
// An empty data-copy copies the element's href (or its text). Delegated, so htmx-swapped content works too.
(function () {
  "use strict";
  var me = document.currentScript;  // its data-draft and data-sw, below

  function fallback(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok ? Promise.resolve() : Promise.reject();
  }

  function copy(text) {
    // navigator.clipboard exists only in secure contexts (https or localhost)
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return fallback(text); });
    }
    return fallback(text);
  }

  document.addEventListener("click", function (event) {
    var el = event.target.closest("[data-copy]");
    if (!el) return;
    event.preventDefault();
    var text = el.getAttribute("data-copy") || el.getAttribute("href") || el.textContent.trim();
    copy(text).then(function () {
      var label = el.getAttribute("data-copied");
      var before = el.textContent;
      el.classList.add("copied");
      if (label) el.textContent = label;
      setTimeout(function () {
        el.classList.remove("copied");
        if (label) el.textContent = before;
      }, 1500);
    }, function () {
      window.prompt("Copy:", text); // last resort: let the person copy it by hand
    });
  });

  // The phone's share sheet (Web Share API) for <button data-share="https://…" data-share-title="…" hidden> (with
  // data-share-text, that text, which ends with the link):
  // shown only where the browser has one; the copy button beside it stays as the fallback.
  function revealShares(root) {
    if (navigator.share) root.querySelectorAll("[data-share]").forEach(function (el) { el.hidden = false; });
  }
  revealShares(document);
  document.addEventListener("htmx:load", function (event) { revealShares(event.detail.elt); });  // a settle-up redone
  document.addEventListener("click", function (event) {
    var el = event.target.closest("[data-share]");
    if (!el || !navigator.share) return;
    event.preventDefault();
    var url = el.getAttribute("data-share");
    var text = el.getAttribute("data-share-text");  // the payments of a settle-up, said in full
    navigator.share(text ? { title: el.getAttribute("data-share-title") || document.title, text: text }
                         : { title: el.getAttribute("data-share-title") || document.title, url: url })
      .catch(function (error) {
        if (error && error.name === "AbortError") return; // the person closed the sheet
        copy(text || url);
      });
  });

  // The card picker (scoring.widgets.CardPicker): its stylesheet and script (the widget's data-assets) are
  // fetched once, the first time a picker's button is tapped, or at once when a picker's box holds cards (a
  // refused save; entries put back after a reload (draft.js), or typed: checked again on each
  // change) or its form opens one by itself; cards.js then opens the picker tapped. Until then each picker is
  // its text box and its button.
  var cards = { asked: false, tapped: null };
  function loadCards(widget) {
    if (cards.asked) return;
    cards.asked = true;
    var assets = widget.getAttribute("data-assets").split(" "), left = 2;
    function loaded() {
      if (--left || !cards.tapped) return;
      cards.tapped.click();  // now cards.js's: it opens the picker
      cards.tapped = null;
    }
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = assets[0];
    link.onload = link.onerror = loaded;
    var script = document.createElement("script");
    script.src = assets[1];
    script.onload = loaded;
    script.onerror = function () { cards.asked = false; };  // no connection: the next tap asks again
    document.head.append(link, script);
  }
  function pickers() {
    if (window.tapeteCards) return;  // cards.js sets new pickers up itself
    document.querySelectorAll("[data-card-widget]").forEach(function (widget) {
      widget.querySelector("[data-card-open]").hidden = false;
      var box = widget.querySelector("[data-card-input]");
      if (box.value || widget.closest("form[data-cards-open-first]")) loadCards(widget);
    });
  }
  document.addEventListener("click", function (event) {
    var open = !window.tapeteCards && event.target.closest("[data-card-open]");
    if (!open) return;
    cards.tapped = open;
    loadCards(open.closest("[data-card-widget]"));
  });
  document.addEventListener("htmx:load", pickers);
  document.addEventListener("change", pickers);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pickers);
  else pickers();

  // A fold kept open as htmx draws again what holds it (the live region at each deal, the table's body after
  // recording or undoing one): an open <details data-open-param="name"> inside what the request will replace
  // makes it ask ?name=1 (in the address of a form's POST), drawn open afresh.
  document.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    detail.target.querySelectorAll("details[open][data-open-param]").forEach(function (fold) {
      var name = fold.getAttribute("data-open-param");
      if (detail.verb === "get") detail.parameters[name] = "1";
      else detail.path += (detail.path.indexOf("?") < 0 ? "?" : "&") + name + "=1";
    });
  });

  // A form whose fields depend on the question asked (the referee's): a field marked data-questions="a b" shows
  // only while one of those is chosen in the form's "question" field; the server draws it so, and leaves out of
  // the question what a hidden field still holds.
  document.addEventListener("change", function (event) {
    var chosen = event.target, form = chosen.form;
    if (chosen.name !== "question" || !form) return;
    form.querySelectorAll("[data-questions]").forEach(function (box) {
      box.hidden = box.getAttribute("data-questions").split(" ").indexOf(chosen.value) < 0;
    });
  });

  // The record form's entries kept over a reload (draft.js, the script's data-draft): fetched once the form is typed
  // in, or at once when this tab keeps entries for this page.
  var draft = me && me.getAttribute("data-draft");
  function keepEntries(event) {
    if (!draft || event && !event.target.closest("#record")) return;
    var script = document.createElement("script");
    script.src = draft;
    draft = null;
    document.head.append(script);
  }
  document.addEventListener("input", keepEntries);
  document.addEventListener("change", keepEntries);
  document.addEventListener("DOMContentLoaded", function () {
    try { if (sessionStorage.getItem("tapete:draft:" + location.pathname)) keepEntries(); } catch (e) { /* none */ }
  });

  // The service worker (static/app/sw.js through /sw.js): pages and the app shell offline. Browsers offer it
  // on https and on localhost only. A page loaded before the worker controlled it is handed to the worker to
  // keep (with its scripts and styles), so that it too reloads offline.
  var worker = me && me.getAttribute("data-sw");
  if (worker && "serviceWorker" in navigator) {
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(worker).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (!controlled && registration.active) {
        var urls = [location.href];
        document.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (el) {
          urls.push(el.src || el.href);
        });
        registration.active.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: urls } });
      }
    }).catch(function () { /* no worker: the site works as before, online */ });
  }
})();
