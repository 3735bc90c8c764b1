// Tapete: the page works without this file. Copy-to-clipboard for share links:
//   <button type="button" data-copy="https://…" data-copied="Copied!">Copy link</button>
// An empty data-copy copies the element's href (or its text). Delegated, so htmx-swapped content works too.
(function () {
  "use strict";

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
})();
