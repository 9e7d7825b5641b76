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
