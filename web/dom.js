/**
 * Small DOM helpers. Every text from the server goes in as a text node, never as HTML, so nothing a
 * memory says can become markup or script (the page's Content-Security-Policy forbids inline script too).
 */

/**
 * Builds an element: `h("button", { type: "button", onclick: save }, "Save")`. A property starting
 * with "on" is an event handler; true sets an attribute without a value; false, null and undefined leave it out.
 */
export function h(tag, properties = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(properties)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  // Views pass lists of lists (a definition list's [term, description] pairs): all are flattened.
  for (const child of children.flat(Number.POSITIVE_INFINITY)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces what `element` shows. */
export function show(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/** Says `message` to screen readers (and shows it in the page's status line). */
export function announce(message) {
  const announcer = document.getElementById("announcer");
  announcer.textContent = "";
  // A change after a tick is announced even when the same message comes twice.
  setTimeout(() => {
    announcer.textContent = message;
  }, 50);
  const notice = document.getElementById("notice");
  if (notice) notice.textContent = message;
}

/** "today", "1 day", "12 days". */
export function age(days) {
  if (days === undefined || days === null) return "";
  if (days === 0) return "today";
  return days === 1 ? "1 day" : `${days} days`;
}

/** A view's heading, focused when the view opens so keyboard and screen-reader users start there. */
export function heading(text) {
  return h("h1", { tabindex: "-1", id: "view-heading" }, text);
}

/** The line where a view says what just happened (also announced). */
export function notice() {
  return h("p", { id: "notice", class: "notice" });
}

/** An error from the server, as the page shows it. */
export function errorBox(error) {
  return h("p", { class: "error", role: "alert" }, error.message ?? String(error));
}

/**
 * Asks before something that moves text to the archive: the button turns into the question, a
 * confirming button and a cancel button, with focus on the cancel one.
 */
export function confirmInline(button, question, confirmLabel, action) {
  const container = button.parentElement;
  const cancel = h("button", { type: "button" }, "Cancel");
  const confirm = h("button", { type: "button", class: "danger" }, confirmLabel);
  const box = h(
    "span",
    { class: "confirm", role: "group", "aria-label": question },
    question,
    " ",
    confirm,
    " ",
    cancel,
  );
  cancel.addEventListener("click", () => {
    box.replaceWith(button);
    button.focus();
  });
  confirm.addEventListener("click", action);
  container.replaceChild(box, button);
  cancel.focus();
}

/** "1 piece", "3 pieces". */
export function count(number, one, many) {
  return `${number} ${number === 1 ? one : many}`;
}
