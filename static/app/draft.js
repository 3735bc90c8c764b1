// The record form's entries kept over a reload of its page in this tab (a pull-to-refresh, a tab the phone's
// browser reloaded after a while, a language chosen mid-deal), and put back. Loaded by app.js once the form is
// typed in, or at once when this tab keeps entries for the page: never part of a table page's first load.
// In sessionStorage, not localStorage: it lasts as long as the tab, which is what reloads the page, and goes with
// it; another tab of the same table, or a visit days later, never starts from these entries.
// Kept for the deal the form was drawn for (its number; for an edit, the revision it began from): once that deal
// is saved, or another phone recorded it, the page draws the form for another deal and the entries go.
(() => {
  "use strict";
  const KEY = "tapete:draft:" + location.pathname;
  const form = () => document.getElementById("record");
  const on = (name, fn, target) => (target || document).addEventListener(name, fn);
  const drop = () => { try { sessionStorage.removeItem(KEY); } catch (e) { /* no storage: nothing kept */ } };
  let leaving = false; // Save or Cancel tapped: what the form holds is on its way to the server, or given up

  // The deal the form is drawn for.
  const dealOf = (form) => ["deal_number", "revision"].map((name) => (form.elements[name] || {}).value).join(" ");
  // The form's entries as it would post them, put back with a radio or checkbox by its value (offline.js's).
  const { of: entries, fill } = window.tapeteEntries;

  // Kept while the form holds more than it was drawn with (or, ``always``, what a refused save drew in it); gone
  // once it holds nothing more, or there is no form (the game is over).
  const keep = (always) => {
    const shown = form();
    if (leaving) return;
    if (!shown) return drop();
    const now = entries(shown);
    const drawn = shown.cloneNode(true);
    drawn.reset();
    if (!always && JSON.stringify(now) === JSON.stringify(entries(drawn))) return drop();
    try { sessionStorage.setItem(KEY, JSON.stringify({ deal: dealOf(shown), entries: now })); } catch (e) { /* full */ }
  };

  const typed = (event) => {
    const shown = form();
    if (!shown || !shown.contains(event.target)) return;
    leaving = false;
    keep();
  };
  on("input", typed);
  on("change", typed);
  // Saved, or given up (an edit's Cancel): what the form holds goes with it.
  const gone = () => { drop(); leaving = true; };
  on("submit", (event) => event.target === form() && gone());
  on("click", (event) => event.target.closest("#record [data-cancel]") && gone());
  on("htmx:afterRequest", (event) => { if (event.detail.elt.id === "record") leaving = false; });
  on("htmx:afterSettle", (event) => {
    if (event.detail.target && event.detail.target.id === "table-body") {
      keep(!!document.querySelector("#record .form-errors, #conflict"));
    }
  });
  // What a game's script changed by itself since the last entry, as the page goes.
  on("pagehide", () => keep(), window);
  on("visibilitychange", () => document.visibilityState === "hidden" && keep());

  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(KEY)); } catch (e) { /* none */ }
  const shown = form();
  if (kept && shown && kept.deal === dealOf(shown) && Array.isArray(kept.entries)) {
    fill(shown, kept.entries);
    // said (offline.js: a deal of its outbox opened in the form is still open there), then as if typed: a game's
    // script works out what depends on them, the card picker shows its cards
    ["tapete:restored", "input", "change"].forEach((name) => shown.dispatchEvent(new Event(name, { bubbles: true })));
  } else keep();
})();
