// The reader's table of contents is folded to one line on a phone; on a wide screen, where
// it costs no scrolling, open it (also after htmx swaps in another translation).
(function () {
  var wide = window.matchMedia("(min-width: 60rem)");
  function open(root) {
    if (!wide.matches) return;
    root.querySelectorAll("details.toc").forEach(function (d) { d.open = true; });
  }
  open(document);
  document.addEventListener("htmx:afterSettle", function () { open(document); });
})();
