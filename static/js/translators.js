// The translators' editor: Ctrl+Enter (⌘+Enter) saves and opens the next clause; the editor
// htmx swaps in gets the focus. Everything works without this file (plain form posts).
document.addEventListener("keydown", (event) => {
  const box = event.target;
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || !box.matches(".tu-form textarea")) return;
  event.preventDefault();
  // A click on "Save and next", not requestSubmit(button): htmx sends the values of the
  // button it saw clicked (next=1), and a submit without a click sends none, so the clause was
  // saved but the next one not opened. The plain form (no htmx) sends the clicked button too.
  box.form.querySelector('button[name="next"]').click();
});
document.addEventListener("htmx:afterSettle", () => {
  const box = document.querySelector(".tu.editing textarea[autofocus]");
  if (box && document.activeElement !== box) {
    box.focus();
    box.closest(".tu").scrollIntoView({ block: "start" });
  }
});

// A glossary term's label opens under the word, from its left edge, or from its right edge
// when the word is in the right half of the line (static/css/app.css, .term.flip).
function placeTermLabel(event) {
  const term = event.target.closest && event.target.closest(".tu .src .term");
  if (!term) return;
  const box = term.getBoundingClientRect();
  term.classList.toggle("flip", box.left + box.width / 2 > document.documentElement.clientWidth / 2);
}
document.addEventListener("focusin", placeTermLabel);
document.addEventListener("mouseover", placeTermLabel);
