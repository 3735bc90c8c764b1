// The table page without a connection (the page works without this file): #stale says since when the live view
// is stale; #keep-awake holds a Screen Wake Lock; #outbox keeps deals saved offline (localStorage) and sends each
// once when the connection returns (one sender at a time, a Web Lock across tabs; the form's client id makes a
// repeat harmless); a deal the server refuses stays, marked, and opens in the record form as the server drew it.
// Also on the record form's page of its own (an edit), for its form's entries, which draft.js shares.
(() => {
  "use strict";
  const page = location.pathname;
  const $ = (selector, root) => (root || document).querySelector(selector);
  const on = (name, fn, target) => (target || document).addEventListener(name, fn);
  // A form's fields as it would post them (files aside): [name, value] pairs; and put back in a form drawn again, a
  // box by its place among those of its name, a radio or checkbox by its value (ticked if among its name's), never
  // by its place: a form drawn again may offer its choices in another order, or others.
  const entriesOf = (form) => [...new FormData(form)].filter(([, value]) => typeof value === "string");
  const fill = (form, entries) => {
    const values = {};
    entries.forEach(([name, value]) => (values[name] = values[name] || []).push(value));
    form.querySelectorAll("input, select, textarea").forEach((el) => {
      const kept = values[el.name] || [];
      if (!el.name || el.disabled || el.name === "csrfmiddlewaretoken") return; // as FormData: never sent
      if (el.type === "radio" || el.type === "checkbox") el.checked = kept.includes(el.value);
      else if (kept.length) el.value = kept.shift(); // the next of its name's
    });
  };
  window.tapeteEntries = { of: entriesOf, fill };
  let store = null;
  try { localStorage.setItem("tapete:probe", "1"); store = localStorage; } catch (e) { /* no storage: no outbox */ }
  const get = (key) => { try { return JSON.parse(store.getItem(key)); } catch (e) { return null; } };
  const put = (key, value) => {
    try { store.setItem(key, JSON.stringify(value)); return true; } catch (e) { return false; }
  };
  let flush = () => {}; // the outbox's sender, below (edit links only)

  // -- the live view: stale while its polls fail ----------------------------------------------------------------
  const stale = $("#stale");
  const SEEN = "tapete:seen:" + page;
  let seen = navigator.onLine || !store ? Date.now() : get(SEEN) || Date.now();
  const isLive = (event) => event.detail.elt.id === "live";
  const showStale = () => {
    if (!stale) return;
    const time = new Date(seen).toLocaleTimeString(document.documentElement.lang || [],
                                                   { timeStyle: "short" });
    stale.textContent = stale.dataset.text.replace("{time}", time);
    stale.hidden = false;
  };
  if (stale && store && navigator.onLine) put(SEEN, seen); // a page without #stale (an edit's) never reads it
  // Before the swap: #live is replaced by its answer, whose events no longer reach the document.
  on("htmx:beforeOnLoad", (event) => {
    if (!isLive(event) || event.detail.xhr.status >= 400) return;
    seen = Date.now();
    if (store) put(SEEN, seen);
    if (stale) stale.hidden = true;
    flush(); // the server answers again: anything waiting goes now
  });
  ["htmx:sendError", "htmx:responseError"].forEach((name) => on(name, (e) => isLive(e) && showStale()));
  on("offline", showStale, window);

  // -- keep the screen on -----------------------------------------------------------------------------------------
  const awake = $("#keep-awake");
  if (awake && navigator.wakeLock) {
    let lock = null;
    let wanted = !!(store && get("tapete:keep-awake"));
    const acquire = () => {
      if (!wanted || lock || document.visibilityState !== "visible") return;
      navigator.wakeLock.request("screen").then((sentinel) => {
        lock = sentinel;
        sentinel.addEventListener("release", () => { lock = null; });
      }, () => {}); // refused (battery saver): asked again on return
    };
    const shown = () => { awake.setAttribute("aria-pressed", wanted); awake.classList.toggle("active", wanted); };
    awake.hidden = false;
    on("click", () => {
      wanted = !wanted;
      if (store) put("tapete:keep-awake", wanted);
      shown();
      if (wanted) acquire(); else if (lock) lock.release();
    }, awake);
    on("visibilitychange", acquire); // the browser lets go of the lock when the page is hidden
    shown();
    acquire();
  }

  // -- the outbox -----------------------------------------------------------------------------------------------------
  const box = $("#outbox");
  if (!box || !store) return;
  const OUTBOX = "tapete:outbox";
  const text = box.dataset;
  let sending = false;
  let posting = null; // the client id of the record form's own request in flight
  let opened = null; // the client id of the item opened in the record form for a second try
  let sent = []; // the numbers of the deals sent in this flush, said once it ends
  let drawn = null; // the table as the server drew it after the last of them (its #table-body)
  let drawnFor = null; // the client id of the deal it was drawn for, when it was refused (its form holds it)
  const mine = () => (get(OUTBOX) || []).filter((item) => item.page === page)
    .sort((a, b) => (a.number || 0) - (b.number || 0) || a.at - b.at);
  const waiting = () => mine().filter((item) => item.status === "waiting");
  const change = (fn) => { const ok = put(OUTBOX, fn(get(OUTBOX) || [])); render(); return ok; };
  const update = (id, fields) =>
    change((items) => items.map((item) => item.id === id ? Object.assign(item, fields) : item));
  const remove = (id) => change((items) => items.filter((item) => item.id !== id));
  const recordForm = () => { const form = $("#record"); return form && form.hasAttribute("hx-post") ? form : null; };
  const field = (form, name) => form.querySelector(`[name="${name}"]`);
  // A version 4 UUID, made one way everywhere: crypto.randomUUID is missing on plain HTTP (a phone on the Wi-Fi).
  const uuid = () => "10000000-1000-4000-8000-100000000000".replace(
    /[018]/g, (c) => (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16));
  const csrf = () => {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  };
  // Markup put in the page by hand, brought to life as htmx's own swaps are (its attributes, our pickers).
  const adopt = (el) => {
    if (window.htmx) htmx.process(el);
    el.dispatchEvent(new CustomEvent("htmx:load", { bubbles: true, detail: { elt: el } }));
  };
  // The blank form that comes with a form drawn with a refused deal's entries (by its id: a game's form may follow
  // its stylesheet).
  const blank = () => { const kept = $("#blank-record"); return kept && kept.content.querySelector("#record"); };
  const fire = (form) => ["input", "change"].forEach((name) => form.dispatchEvent(new Event(name, { bubbles: true })));

  // What was entered, field by field, as the buttons and boxes read: a choice as its button says it, a bare number
  // after its field's label (below); in a field of several boxes, each box's value after its label; a field a
  // game's script words itself, its data-said. Entered: unlike the form drawn for a new deal (a refused deal's
  // form is drawn with its entries, all of them entered, not only those changed since).
  const words = (el) => (el.innerText || el.textContent).replace(/\s+/g, " ").trim();
  const summary = (form) => {
    const parts = [];
    const drawn = (blank() || form).cloneNode(true);
    drawn.reset();
    const initial = entriesOf(drawn).map(String);
    form.querySelectorAll(".field").forEach((one) => {
      const said = [], values = [];
      const own = one.dataset.said;
      if (own != null) return own && parts.push(own);
      const boxes = one.querySelectorAll("input:not([type=radio]):not([type=checkbox]):not([type=hidden])").length;
      one.querySelectorAll("input, select, textarea").forEach((el) => {
        if (el.type === "hidden" || el.disabled || el.closest(".field") !== one // a field within: its own
            || initial.includes(String([el.name, el.value]))) return;
        if (el.type === "radio" || el.type === "checkbox") {
          if (el.checked) said.push(el.labels[0] ? words(el.labels[0]) : el.value), values.push(el.value);
        } else if (el.tagName === "SELECT") {
          if (el.selectedOptions[0]) said.push(el.selectedOptions[0].textContent.trim());
        } else if (el.value.trim()) {
          const label = boxes > 1 && (el.labels[0] ? words(el.labels[0]) : el.getAttribute("aria-label"));
          said.push((label ? label + " " : "") + el.value.trim());
        }
      });
      if (!said.length) return;
      // a bare number or name (a choice said as its own value, as a player's name is), or a choice within a list's
      // row or from under More, says which field it is: its legend first, without a gloss in brackets ("<legend>
      // 50", "<legend> Ana"; two bare names in one summary did not say which was which, found by a tester)
      const legend = one.querySelector("legend, label.form-label");
      const bare = said.every((text) => /^[\d\s.,+−-]+$/.test(text) || values.includes(text)) ||
        one.closest(".list-row, .more");
      parts.push((bare && legend && legend.closest(".field") === one ? words(legend).split(" (")[0] + " "
        : "") + said.join(", "));
    });
    const all = parts.join(" ·\u00a0");  // a "·" goes with what follows it: never last on a line
    return all.length > 240 ? all.slice(0, 239) + "…" : all;  // a few lines on a phone: all a deal holds
  };

  const setNumber = (form, number) => {
    const input = field(form, "deal_number");
    if (!input) return;
    const before = input.value;
    if (!form.dataset.drawnNumber) form.dataset.drawnNumber = before;
    input.value = number;
    const heading = $("h2", form);
    if (heading && before) heading.textContent = heading.textContent.replace(before, number);
  };

  // The ids of the deals saved from this page: a page reloaded from the worker's cache may carry one in its form.
  const SAVED = "tapete:saved:" + page;
  const saved = () => get(SAVED) || [];
  const remember = (id) => put(SAVED, saved().concat([id]).slice(-30));
  // The worker keeps the page as it is now, for a reload without a connection.
  const keepPage = () => navigator.serviceWorker && navigator.serviceWorker.controller && fetch(page).catch(() => {});

  // The form records the deal after those waiting, under an id of its own (a page reloaded from the worker's
  // cache carries the id of a deal already in the outbox, or already saved).
  const fitForm = () => {
    const form = recordForm();
    const id = form && field(form, "client_id");
    if (!id || id.value === opened) return;
    if (mine().some((item) => item.id === id.value) || saved().includes(id.value)) id.value = uuid();
    const last = Math.max(0, ...waiting().map((item) => item.number || 0));
    if (last && last + 1 > Number(field(form, "deal_number").value)) setNumber(form, last + 1);
  };

  const queue = (form) => {
    const entries = entriesOf(form);
    const values = Object.fromEntries(entries);
    const id = values.client_id || uuid();
    if (!values.client_id) entries.push(["client_id", id]);
    const number = parseInt(values.deal_number, 10) || null;
    const item = { id, page, url: form.action, number, summary: summary(form), entries, status: "waiting",
                   at: Date.now() };
    opened = null; // a deal opened for a second try is listed again, waiting
    if (!change((items) => items.filter((other) => other.id !== id).concat([item]))) return false;
    // Ready for the next deal, as after a save online: the blank form (a form drawn with a refused deal's entries
    // would reset to them, hidden fields included).
    const kept = blank();
    if (kept) {
      const fresh = kept.cloneNode(true);
      form.replaceWith(fresh);
      form = fresh;
      adopt(form);
    } else form.reset();
    const note = $("[data-outbox-message]", form);
    if (note) note.remove();
    field(form, "client_id").value = uuid();
    if (number) setNumber(form, number + 1);
    fire(form);
    box.scrollIntoView();
    return true;
  };

  // Saved while offline: into the outbox, before htmx sends a request that cannot leave.
  document.addEventListener("submit", (event) => {
    if (event.target !== recordForm() || navigator.onLine || !queue(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  // Sent, but no answer came (the network dropped, the server is away): into the outbox too.
  on("htmx:sendError", (event) => {
    if (event.detail.elt !== recordForm()) return;
    posting = null;
    queue(event.detail.elt);
  });
  on("htmx:beforeRequest", (event) => {
    if (event.detail.elt === recordForm()) posting = field(event.detail.elt, "client_id").value;
  });
  // A deal refused (409: sent after the deal that ended the game) is shown: htmx drops an error's answer.
  if (window.htmx) htmx.config.responseHandling.unshift({ code: "409", swap: true });
  on("htmx:afterSettle", (event) => {
    if (!event.detail.target || event.detail.target.id !== "table-body") return;
    if (posting && !$("#conflict") && !$("#record .form-errors")) {
      remember(posting);
      keepPage();
      if (mine().some((item) => item.id === posting)) remove(posting);
      opened = null;
    }
    posting = null;
    fitForm();
  });

  const send = (item) => {
    const token = csrf();
    const body = new URLSearchParams(item.entries.map(([name, value]) =>
      [name, name === "csrfmiddlewaretoken" && token ? token : value]));
    body.append("outbox", "1"); // the server words a clash for a deal sent later, not for the page it answers
    return fetch(item.url, {
      method: "POST", body, credentials: "same-origin",
      headers: { "HX-Request": "true", "X-CSRFToken": token || body.get("csrfmiddlewaretoken") },
    }).then((response) => {
      if (response.status === 429 || response.status >= 500) return "later"; // busy: the next chance
      if (stale) stale.hidden = true; // the server answers: the page is about to be as it is now
      return response.text().then((html) => {
        const answer = new DOMParser().parseFromString(html, "text/html");
        const form = answer.getElementById("record");
        const said = answer.getElementById("conflict") || (form && $(".form-errors", form));
        const body = answer.getElementById("table-body");
        if (response.ok && !said) {
          sent.push(item.number || "?");
          drawn = body;
          drawnFor = null;
          remember(item.id);
          remove(item.id); // recorded (or already was)
          return "sent";
        }
        update(item.id, { status: "refused", message: said ? said.textContent.trim() : "",
                          form: said && form ? form.outerHTML : "" });
        if (body) { // the entries in the form, below what the server says
          drawn = body;
          drawnFor = item.id;
        }
        return "refused";
      });
    }, () => "later"); // still no connection
  };

  const sendAll = () => {
    const next = waiting()[0];
    return next ? send(next).then((outcome) => outcome === "later" ? null : sendAll()) : Promise.resolve();
  };

  flush = () => {
    if (sending || !navigator.onLine || !waiting().length) return;
    sending = true;
    render();
    Promise.resolve(navigator.locks ? navigator.locks.request("tapete-outbox", sendAll) : sendAll())
      .catch(() => {}).then(() => {
        sending = false;
        if (sent.length) keepPage();
        redraw(); render(); fitForm(); sayWhatWasSent();
      });
  };

  // The table as the server drew it after the deals sent (who deals next, the next number; a deal it refused
  // opened in the form, with why), unless the record form holds entries of a deal under way: those are kept
  // (their save draws the table again).
  const redraw = () => {
    const body = $("#table-body");
    const form = recordForm();
    const answer = drawn;
    drawn = null;
    if (!answer || !body || opened || (form && summary(form))) return;
    const fresh = document.importNode(answer, true);
    body.replaceWith(fresh);
    opened = recordForm() && drawnFor; // a finished game has no form: the deal stays listed, with why
    adopt(fresh);
  };

  // Deals that went out by themselves are said once, for a while: the waiting box has gone.
  const sayWhatWasSent = () => {
    const note = $("#outbox-sent");
    if (!note || !sent.length) return;
    note.textContent = note.dataset.text.replace("{n}", sent.map((n) => text.deal.replace("{n}", n)).join(", "));
    note.hidden = false;
    sent = [];
    setTimeout(() => { note.hidden = true; }, 10000);
  };

  const open = (item) => {
    let form = recordForm();
    if (!form) return;
    const current = Number(form.dataset.drawnNumber || field(form, "deal_number").value) || 0;
    const holder = document.createElement("div");
    holder.innerHTML = item.form || "";
    const drawn = $("form", holder);
    if (drawn) {
      form.replaceWith(drawn);
      form = drawn;
      adopt(form);
    } else {
      fill(form, item.entries);
    }
    opened = item.id;
    render();
    if (current > Number(field(form, "deal_number").value)) setNumber(form, current);
    say(form, item);
    fire(form);
    form.scrollIntoView();
  };
  // Why a deal opened in the form came back, above its fields (a form drawn with its errors says it by them).
  const say = (form, item) => {
    if ($(".form-errors", form)) return;
    const note = $("[data-outbox-message]", form) || document.createElement("div");
    note.setAttribute("data-outbox-message", "");
    note.className = "alert alert-warning py-2";
    note.setAttribute("role", "alert");
    note.textContent = item.message || text.check;
    const heading = $("h2", form);
    if (heading) heading.after(note); else form.prepend(note);
  };
  // Entries put back after a reload (draft.js): a refused deal opened in the form is still open there, with why,
  // not listed again.
  on("tapete:restored", () => {
    const form = recordForm(); // none on an edit's page
    const item = form && mine().find((one) => one.status === "refused" && one.id === field(form, "client_id").value);
    if (item) { opened = item.id; render(); say(form, item); }
  });

  function render() { // the deal opened in the form is not listed again: the form says why it came back
    const items = mine().filter((item) => item.id !== opened);
    const list = $("[data-outbox-items]", box);
    box.hidden = !items.length;
    list.textContent = "";
    items.forEach((item) => {
      const row = $("template", box).content.firstElementChild.cloneNode(true);
      const slot = (name) => $(`[data-slot="${name}"]`, row);
      const held = item.status === "waiting";
      row.dataset.id = item.id;
      slot("title").textContent = text.deal.replace("{n}", item.number || "?");
      slot("summary").textContent = item.summary;
      slot("status").textContent = held ? text.waiting : text.refused;
      slot("status").classList.add(held ? "text-bg-warning" : "text-bg-danger");
      slot("message").textContent = held ? "" : item.message || text.check;
      slot("message").hidden = held;
      $("[data-outbox=open]", row).hidden = held || !recordForm(); // once the game is over: nothing to open it in
      list.appendChild(row);
    });
    // Its heading, its words and Send while a deal waits: a deal not saved, alone, says itself.
    const button = $("[data-outbox=send]", box);
    const waits = items.some((item) => item.status === "waiting");
    [button, $("h2", box), $("p", box)].forEach((el) => { el.hidden = !waits; });
    button.disabled = sending;
  }

  on("click", (event) => {
    const button = event.target.closest("[data-outbox]");
    const action = button && button.dataset.outbox;
    if (action === "send") return flush();
    const row = button && button.closest("[data-id]");
    const item = row && mine().find((one) => one.id === row.dataset.id);
    if (!item) return;
    if (action === "open") open(item);
    if (action === "discard" && "armed" in button.dataset) remove(item.id);
    else if (action === "discard") {
      button.dataset.armed = "";
      button.textContent = text.confirm;
      setTimeout(render, 4000);
    }
  }, box);
  on("online", flush, window);
  on("storage", (event) => { if (event.key === OUTBOX) { render(); fitForm(); } }, window);
  render();
  fitForm();
  flush();
})();
