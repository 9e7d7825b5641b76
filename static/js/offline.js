// Offline at the table (page side). On referee and ruling pages it registers the service
// worker (static/js/sw.js, served at the URL in this script's data-sw). On the referee form,
// when Rule is tapped with no network it says so, keeps the inputs (in the form, and in
// localStorage should the page be closed), and asks again when the network is back, when
// Retry is tapped, or when the page is opened again online.
(function () {
  "use strict";
  var script = document.currentScript;
  var QUEUE = "referee-offline";
  var sw = navigator.serviceWorker;

  function worker(message) {
    if (sw && sw.controller) sw.controller.postMessage(message);
  }

  if (sw && script && script.dataset.sw && /^\/(referee|rulings)\//.test(location.pathname)) {
    window.addEventListener("load", function () {
      sw.register(script.dataset.sw)
        .then(function () {
          return sw.ready;
        })
        .then(function (registration) {
          // The worker keeps pages in the interface language they were drawn in: tell it
          // which one is in use, so it takes them again after a switch.
          registration.active.postMessage({ type: "lang", lang: document.documentElement.lang });
        })
        .catch(function () {
          // No worker (a private window, plain http on a phone): the site works online as before.
        });
    });
  }

  // ---------------------------------------------------------------- the queue

  function queue() {
    try {
      return JSON.parse(localStorage.getItem(QUEUE)) || {};
    } catch (e) {
      return {};
    }
  }

  function store(q) {
    try {
      if (Object.keys(q).length) localStorage.setItem(QUEUE, JSON.stringify(q));
      else localStorage.removeItem(QUEUE);
    } catch (e) {
      // storage full or refused: the inputs stay in the form, Retry still works
    }
  }

  // The posted fields as an object (a repeated name as a list), less the CSRF token, which is
  // taken afresh when the request is sent again.
  function fields(formData) {
    var out = {};
    formData.forEach(function (value, name) {
      if (name === "csrfmiddlewaretoken" || typeof value !== "string") return;
      if (!(name in out)) out[name] = value;
      else if (Array.isArray(out[name])) out[name].push(value);
      else out[name] = [out[name], value];
    });
    return out;
  }

  // ---------------------------------------------------------------- the page

  function form() {
    return document.getElementById("referee-form");
  }

  function note() {
    return document.getElementById("offline-note");
  }

  // Say that the request waits for the network, where the referee looks: the notice is
  // brought into view and takes the focus (a screen reader reads it; Tab goes on to Retry).
  function show(entry) {
    var n = note();
    if (!n) return;
    var row = "action" in entry.fields;
    n.querySelector("[data-offline=rule]").hidden = row;
    n.querySelector("[data-offline=row]").hidden = !row;
    n.hidden = false;
    n.focus({ preventScroll: true });
    n.scrollIntoView({ block: "center" });
  }

  function hide() {
    var n = note();
    if (n) n.hidden = true;
  }

  // Put the kept inputs back in the form (after the page was closed and opened again).
  function restore(f, values) {
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!el.name || el.name === "csrfmiddlewaretoken" || el.type === "submit" || el.type === "button") return;
      var v = values[el.name];
      var list = v === undefined ? [] : [].concat(v);
      if (el.type === "checkbox" || el.type === "radio") el.checked = list.indexOf(el.value) >= 0;
      else if (list.length) el.value = list[0];
    });
  }

  function csrfCookie() {
    var m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : null;
  }

  function send() {
    var f = form();
    if (!f || !window.htmx) return;
    var path = f.getAttribute("hx-post");
    var entry = queue()[path];
    if (!entry) return;
    var values = Object.assign({}, entry.fields);
    var headers = {};
    // A kept page carries the token of the day it was kept; the cookie has today's.
    var token = csrfCookie();
    if (token) {
      values.csrfmiddlewaretoken = token;
      headers["X-CSRFToken"] = token;
    }
    restore(f, entry.fields);
    window.htmx.ajax("POST", path, { source: f, target: "#result", values: values, headers: headers }).catch(function () {
      // still no network: htmx:sendError has queued it again
    });
  }

  document.addEventListener("htmx:sendError", function (ev) {
    var cfg = ev.detail.requestConfig;
    if (!note() || !cfg || cfg.verb !== "post") return;
    var q = queue();
    q[cfg.path] = { fields: fields(cfg.formData), at: Date.now() };
    store(q);
    show(q[cfg.path]);
  });

  document.addEventListener("htmx:afterRequest", function (ev) {
    var cfg = ev.detail.requestConfig;
    var xhr = ev.detail.xhr;
    if (!cfg || cfg.verb !== "post" || !xhr || !xhr.status) return;
    // The server answered: nothing left to send.
    var q = queue();
    delete q[cfg.path];
    store(q);
    hide();
  });

  document.addEventListener("htmx:afterSwap", function (ev) {
    // A ruling shown on the form is a ruling viewed: the worker keeps its page too.
    var link = ev.detail.target && ev.detail.target.querySelector(".share a[href]");
    if (link) worker({ type: "keep", url: link.getAttribute("href") });
  });

  document.addEventListener("click", function (ev) {
    if (ev.target.closest("[data-offline-retry]")) send();
  });

  window.addEventListener("online", send);

  document.addEventListener("DOMContentLoaded", function () {
    var f = form();
    var entry = f && queue()[f.getAttribute("hx-post")];
    if (!entry) return;
    restore(f, entry.fields);
    show(entry);
  });

  window.addEventListener("load", function () {
    if (navigator.onLine) send();
  });
})();

// Every page (this is the one script every page loads; a file of its own would be a sixth
// request on the referee's form, over its budget): the scroll padding follows the sticky
// header's real height (static/css/app.css reads --header). Signed in on a phone the header
// wraps to two rows, and a focused field or a contents jump must land below it (WCAG 2.4.11). Set through the CSSOM, which
// the CSP allows (it refuses inline style attributes, not style properties set by script).
(function () {
  "use strict";
  var header = document.querySelector("body > header.top");
  if (!header) return;
  var root = document.documentElement;
  function follow() {
    root.style.setProperty("--header", header.getBoundingClientRect().height + "px");
  }
  follow();
  if (window.ResizeObserver) new ResizeObserver(follow).observe(header);
  else window.addEventListener("resize", follow);
})();
