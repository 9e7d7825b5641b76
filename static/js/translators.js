// The translators' editor: Ctrl+Enter (⌘+Enter) saves and opens the next clause; the editor
// htmx swaps in gets the focus. Everything works without this file (plain form posts).
document.addEventListener("keydown", (event) => {
  const box = event.target;
  if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || !box.matches(".tu-form textarea")) return;
  event.preventDefault();
  box.form.requestSubmit(box.form.querySelector('button[name="next"]'));
});
document.addEventListener("htmx:afterSettle", () => {
  const box = document.querySelector(".tu.editing textarea[autofocus]");
  if (box && document.activeElement !== box) {
    box.focus();
    box.closest(".tu").scrollIntoView({ block: "start" });
  }
});
