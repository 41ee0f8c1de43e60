import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// The top progress bar: runs while any navigation or page chunk is pending.

// the library's own template puts role="bar" on the bar, which is not an ARIA role
NProgress.configure({
  showSpinner: false,
  trickleSpeed: 120,
  minimum: 0.15,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

let pending = 0;

/** Starts (or joins) the progress bar; call the returned function once when done. */
export function beginProgress(): () => void {
  pending += 1;
  if (pending === 1) NProgress.start();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    pending -= 1;
    if (pending === 0) NProgress.done();
  };
}
