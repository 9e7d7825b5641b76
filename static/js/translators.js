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
