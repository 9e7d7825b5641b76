// Steppers: the − and + buttons next to a number field (the field works without them).
document.addEventListener("click", function (ev) {
  var b = ev.target.closest("[data-step]");
  if (!b) return;
  var input = b.parentElement.querySelector("input[type=number]");
  var v = parseInt(input.value || "0", 10) + parseInt(b.dataset.step, 10);
  if (input.min !== "" && v < +input.min) v = +input.min;
  if (input.max !== "" && v > +input.max) v = +input.max;
  input.value = v;
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
        e.removeAttribute("aria-describedby");
      });
    }
    bringIn(ruling, document.getElementById("ruling-title"));
    return;
  }
  var errors = document.getElementById("errors");
  if (errors) bringIn(errors);
});
