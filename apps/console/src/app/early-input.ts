// A screen the server rendered (the signed-in dashboard's first screen) is painted before the console's code has
// run: its links would leave the page and its buttons and shortcuts would do nothing. From the boot on, clicks and
// shortcut keys on it are held instead, and done again on the console's own screen once it has replaced that
// markup: a click on the element at the same place with the same text (the console renders the same elements), a
// key on the window.

type Held =
  | { kind: 'click'; path: number[]; tag: string; text: string }
  | { kind: 'key'; init: KeyboardEventInit };

/** What an element says, to tell it from another of its kind at the same place. */
const textOf = (element: Element) => (element.textContent ?? '').trim().slice(0, 200);

/** Elements that show nothing: the server's screen begins with its theme's <style> elements, which the console's
 * own screen keeps in <head>; places are counted without them. */
const SHOWS_NOTHING = new Set(['STYLE', 'SCRIPT', 'LINK', 'TEMPLATE']);
const shownChildren = (parent: Element) => [...parent.children].filter((c) => !SHOWS_NOTHING.has(c.tagName));

/** The element's place under `root`: the index of each element on the way down, among those that show. */
function placeOf(root: Element, element: Element): number[] | null {
  const path: number[] = [];
  let node: Element | null = element;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return null;
    const index = shownChildren(parent).indexOf(node);
    if (index < 0) return null;
    path.unshift(index);
    node = parent;
  }
  return node === root ? path : null;
}

function elementAt(root: Element, path: number[]): Element | null {
  let node: Element | null = root;
  for (const index of path) node = node ? (shownChildren(node)[index] ?? null) : null;
  return node;
}

/** The page's own holder, when the server wrote one before the screen: stops holding, gives what it held. */
type WithHeldInput = Window & { __heldInput?: () => Event[] };

/** Marks #root while its input is held (from the console's boot until its own screen is in place). */
export const HOLDING = 'data-holding-input';

/** Whether #root holds a screen the server rendered (anything but the boot spinner). */
export const isServerRendered = (root: HTMLElement) =>
  root.childElementCount > 0 && !root.querySelector('#boot-splash');

/**
 * Holds clicks under `root` and shortcut keys (with Ctrl, ⌘ or Alt) from now on; the function returned stops
 * holding them and does them again on what `root` then holds.
 */
export function holdEarlyInput(root: HTMLElement): () => void {
  const held: Held[] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const path = target && placeOf(root, target);
    if (!target || !path) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ kind: 'click', path, tag: target.tagName, text: textOf(target) });
  };
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey || event.altKey)) return;
    event.preventDefault();
    const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
    held.push({ kind: 'key', init: { key, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true } });
  };
  // what the page's own script held before this code ran (apps/api/src/plugins/held-input-script.ts)
  const earlier = (window as WithHeldInput).__heldInput?.() ?? [];
  for (const event of earlier) {
    if (event instanceof KeyboardEvent) {
      const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
      held.push({ kind: 'key', init: { key, code, ctrlKey, metaKey, altKey, shiftKey, bubbles: true } });
    } else if (event.target instanceof Element) {
      const path = placeOf(root, event.target);
      if (path) held.push({ kind: 'click', path, tag: event.target.tagName, text: textOf(event.target) });
    }
  }
  root.addEventListener('click', onClick, true);
  window.addEventListener('keydown', onKey, true);
  root.setAttribute(HOLDING, '');
  return () => {
    root.removeAttribute(HOLDING);
    root.removeEventListener('click', onClick, true);
    window.removeEventListener('keydown', onKey, true);
    for (const input of held.splice(0)) {
      if (input.kind === 'key') {
        window.dispatchEvent(new KeyboardEvent('keydown', input.init));
        continue;
      }
      const element = elementAt(root, input.path);
      // the same element: its kind and its text; anything else is not clicked
      if (element instanceof HTMLElement && element.tagName === input.tag && textOf(element) === input.text)
        element.click();
    }
  };
}
