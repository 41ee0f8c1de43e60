import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeChartSnapshots } from '../pages/dashboard/chart-snapshots';
import { HOLDING, holdEarlyInput, isServerRendered } from './early-input';

// What is clicked or pressed on a screen the server rendered waits for the console's own screen, and is done on
// it then; the charts' pictures are taken from that markup before it goes.

const SCREEN = `<nav><a href="/banner/list">Banners</a><button type="button">Menu</button></nav>
<main><div class="dashboard-chart"><div data-chart-snapshot="trend"><svg viewBox="0 0 10 10"><text>&lt;b&gt;</text></svg></div></div></main>`;

afterEach(() => {
  document.body.innerHTML = '';
});

function serverScreen() {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = SCREEN;
  document.body.append(root);
  return root;
}

describe('early input on a server-rendered screen', () => {
  it('tells a rendered screen from the boot spinner', () => {
    const root = serverScreen();
    expect(isServerRendered(root)).toBe(true);
    root.innerHTML = '<div id="boot-splash"></div>';
    expect(isServerRendered(root)).toBe(false);
  });

  it('holds a click (a link does not leave the page) and does it on the same element of the new screen', () => {
    const root = serverScreen();
    const release = holdEarlyInput(root);
    expect(root.hasAttribute(HOLDING)).toBe(true);
    const early = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('a')!.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    // the console's render replaces the markup with its own, the same elements
    root.innerHTML = SCREEN;
    const clicked = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('a')!.addEventListener('click', clicked);
    release();
    expect(root.hasAttribute(HOLDING)).toBe(false);
    expect(clicked).toHaveBeenCalledTimes(1);
    // once released, clicks are the page's own again
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it("finds the element past the server's theme styles, which the console's screen does not have", () => {
    const root = serverScreen();
    root.insertAdjacentHTML('afterbegin', '<style>.a{}</style><style>.b{}</style>');
    const release = holdEarlyInput(root);
    root.querySelector('button')!.click();
    root.innerHTML = SCREEN;
    const clicked = vi.fn();
    root.querySelector('button')!.addEventListener('click', clicked);
    release();
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('drops a click whose element is not there, not the same kind or not the same text, on the new screen', () => {
    const root = serverScreen();
    const release = holdEarlyInput(root);
    root.querySelector('button')!.click();
    root.querySelector('a')!.click();
    root.innerHTML = '<nav><a href="/x">Products</a><a href="/y">Y</a></nav>';
    const clicked = vi.fn((event: Event) => event.preventDefault());
    for (const link of root.querySelectorAll('a')) link.addEventListener('click', clicked);
    release();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('holds shortcut keys, not typing, and presses them again once released', () => {
    const root = serverScreen();
    const release = holdEarlyInput(root);
    const shortcut = new KeyboardEvent('keydown', {
      key: 'k',
      ctrlKey: true,
      bubbles: true,
      cancelable: true,
    });
    const typing = new KeyboardEvent('keydown', { key: 'k', bubbles: true, cancelable: true });
    window.dispatchEvent(shortcut);
    window.dispatchEvent(typing);
    expect(shortcut.defaultPrevented).toBe(true);
    expect(typing.defaultPrevented).toBe(false);
    const keys: string[] = [];
    const listen = (event: KeyboardEvent) => keys.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.key}`);
    window.addEventListener('keydown', listen);
    release();
    window.removeEventListener('keydown', listen);
    expect(keys).toEqual(['Ctrl+k']);
  });

  it("takes over what the page's own script held before the console's code ran", () => {
    const root = serverScreen();
    const earlier = [
      Object.assign(new MouseEvent('click', { bubbles: true }), {}),
      new KeyboardEvent('keydown', { key: 'k', metaKey: true }),
    ];
    // the click's target as the page's script saw it (its place in the server's markup)
    Object.defineProperty(earlier[0], 'target', { value: root.querySelector('button') });
    const stop = vi.fn(() => earlier);
    (window as Window & { __heldInput?: () => Event[] }).__heldInput = stop;
    const release = holdEarlyInput(root);
    expect(stop).toHaveBeenCalledTimes(1);
    root.innerHTML = SCREEN;
    const clicked = vi.fn();
    root.querySelector('button')!.addEventListener('click', clicked);
    const keys: string[] = [];
    const listen = (event: KeyboardEvent) => keys.push(`${event.metaKey ? 'Meta+' : ''}${event.key}`);
    window.addEventListener('keydown', listen);
    release();
    window.removeEventListener('keydown', listen);
    delete (window as Window & { __heldInput?: () => Event[] }).__heldInput;
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(keys).toEqual(['Meta+k']);
  });
});

describe("the charts' pictures", () => {
  it('are taken by name, once each, as the markup the server wrote', () => {
    const picture = takeChartSnapshots(serverScreen());
    const svg = picture?.('trend', {}, false, 480);
    expect(svg).toContain('<svg');
    expect(svg).toContain('&lt;b&gt;');
    expect(picture?.('trend', {}, false, 480)).toBeNull();
    expect(picture?.('companies', {}, false, 480)).toBeNull();
  });

  it('are none on a page the server did not render', () => {
    const root = document.createElement('div');
    root.innerHTML = '<div id="boot-splash"></div>';
    expect(takeChartSnapshots(root)).toBeNull();
  });
});
