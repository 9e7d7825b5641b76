// Steppers: the − and + buttons next to a number field (the field works without them). A
// change is said in a polite live region ("Residents: 4"), since the focus stays on the button.
var stepped = document.createElement("p");
stepped.className = "visually-hidden";
stepped.setAttribute("role", "status");
stepped.dataset.testid = "stepped";
document.addEventListener("DOMContentLoaded", function () {
  if (document.querySelector("[data-step]")) document.body.appendChild(stepped);
});
document.addEventListener("click", function (ev) {
  var b = ev.target.closest("[data-step]");
  if (!b) return;
  var input = b.parentElement.querySelector("input[type=number]");
  var v = parseInt(input.value || "0", 10) + parseInt(b.dataset.step, 10);
  if (input.min !== "" && v < +input.min) v = +input.min;
  if (input.max !== "" && v > +input.max) v = +input.max;
  input.value = v;
  var label = input.id && document.querySelector('label[for="' + input.id + '"]');
  stepped.textContent = (label ? label.textContent.trim() + ": " : "") + v;
});

// Bring an element to the top of the view (below the sticky header: CSS scroll-padding-top)
// and give it the focus, so a screen reader reads it and the next Tab starts there.
function bringIn(el, focusable) {
  (focusable || el).focus({ preventScroll: true });
  el.scrollIntoView({ block: "start" });
}

// The error summary links to each field: move the focus into that field, not only the view.
document.addEventListener("click", function (ev) {
  var a = ev.target.closest(".error-summary a[data-field]");
  if (!a) return;
  var target = document.getElementById(a.dataset.field);
  if (!target) return;
  ev.preventDefault();
  var control = target.matches("input, select, textarea, button")
    ? target
    : target.querySelector("input:not([type=hidden]), select, textarea") || target.querySelector("button");
  var label = target.id && document.querySelector('label[for="' + target.id + '"]');
  bringIn(label || target.closest(".field, fieldset") || target, control || target);
});

// After an htmx answer: the ruling (swapped into #result) or the form again (its errors).
document.addEventListener("htmx:afterSettle", function (ev) {
  var form = document.getElementById("referee-form");
  var ruling = document.getElementById("ruling");
  if (ev.detail.target && ev.detail.target.id === "result" && ruling) {
    // The form is kept as typed: the errors of an earlier attempt no longer apply.
    if (form) {
      form.querySelectorAll(".error-summary, .errors").forEach(function (e) { e.remove(); });
      form.querySelectorAll("[aria-invalid]").forEach(function (e) {
        e.removeAttribute("aria-invalid");
        // The hint stays tied to its field; only the error's id goes.
        var left = (e.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
          return id && !/-err$/.test(id);
        });
        if (left.length) e.setAttribute("aria-describedby", left.join(" "));
        else e.removeAttribute("aria-describedby");
      });
    }
    // The header's EN/PL buttons come back to this form with this ruling (reopened from it).
    if (ruling.dataset.reopen) {
      var lang = document.querySelector("form.ui-lang");
      var next = lang && lang.querySelector("input[name=next]");
      if (lang && !next) {
        next = document.createElement("input");
        next.type = "hidden";
        next.name = "next";
        lang.appendChild(next);
      }
      if (next) next.value = ruling.dataset.reopen;
    }
    bringIn(ruling, document.getElementById("ruling-title"));
    return;
  }
  var errors = document.getElementById("errors");
  if (errors) bringIn(errors);
});

// The question list: filter as you type (the form's Find does the same without JavaScript),
// and the last five questions used on this phone on top (localStorage, per game).
(function () {
  var form = document.querySelector("form.question-filter");
  if (!form) return;
  var key = "referee-recent:" + form.dataset.game;
  var input = form.querySelector("[data-question-filter]");
  // Folded as games.selectors.fold folds: lower case, no accents, ł as l, single spaces.
  function fold(s) {
    return s.toLowerCase().replace(/ł/g, "l").normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .replace(/\s+/g, " ").trim();
  }
  function recent() {
    try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; }
  }
  function filter() {
    var term = fold(input.value);
    var any = false;
    document.querySelectorAll("[data-group]").forEach(function (group) {
      var shown = 0;
      group.querySelectorAll("li[data-text]").forEach(function (li) {
        var match = !term || li.dataset.text.indexOf(term) !== -1;
        li.hidden = !match;
        if (match) shown++;
      });
      group.hidden = shown === 0;
      if (shown && group.id !== "recent") any = true;
    });
    var none = document.querySelector("[data-none]");
    if (none) none.hidden = any;
    // The count, in a status region: a screen reader hears how many questions are left.
    var count = document.getElementById("find-count");
    if (count) {
      var shown = document.querySelectorAll("[data-group]:not(#recent) li[data-text]:not([hidden])").length;
      var total = document.querySelectorAll("[data-group]:not(#recent) li[data-text]").length;
      var words = count.dataset.count.replace("{shown}", shown).replace("{total}", total);
      if (count.textContent !== words) count.textContent = words;
    }
  }
  var list = document.querySelector("[data-recent]");
  recent().forEach(function (name) {
    var a = document.querySelector('[data-group]:not(#recent) a[data-question="' + CSS.escape(name) + '"]');
    if (a) list.appendChild(a.closest("li").cloneNode(true));
  });
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("a[data-question]");
    if (!a) return;
    var names = [a.dataset.question].concat(recent().filter(function (n) { return n !== a.dataset.question; }));
    try { localStorage.setItem(key, JSON.stringify(names.slice(0, 5))); } catch (e) { /* private mode: no memory */ }
  });
  input.addEventListener("input", filter);
  filter();
})();
