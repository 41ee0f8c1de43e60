import { createHash } from 'node:crypto';

// The dashboard's first screen, rendered by the server, is painted before any of the console's scripts has run:
// this small inline script, written just before it, holds what is clicked on it and the shortcut keys pressed
// from then on (a link does not leave the page, a button's click or Ctrl+K is not lost). The console's boot takes
// what it held (`window.__heldInput()`, which also stops it) and holds on itself until its own screen is in place,
// where it does each again (apps/console/src/app/early-input.ts). A console that has not booted 15 s on (its code
// failed to load) gets the page's plain links and buttons back.

const SCRIPT = `(function(){var q=[];
function c(e){var t=e.target;if(!t||!t.closest||!t.closest("#root"))return;e.preventDefault();e.stopPropagation();q.push(e)}
function k(e){if(!(e.ctrlKey||e.metaKey||e.altKey))return;e.preventDefault();q.push(e)}
function s(){document.removeEventListener("click",c,true);removeEventListener("keydown",k,true)}
document.addEventListener("click",c,true);addEventListener("keydown",k,true);setTimeout(s,15000);
window.__heldInput=function(){s();window.__heldInput=void 0;return q}})();`;

/** The element written before a rendered screen. */
export const HELD_INPUT_SCRIPT = `<script>${SCRIPT}</script>`;

/** The CSP source that allows the script above. */
export const HELD_INPUT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
