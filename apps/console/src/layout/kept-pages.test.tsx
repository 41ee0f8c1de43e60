import { act, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ThemedProviders } from '../app/themed-providers';
import { setSize } from '../state/app-settings';

// What the frame's providers give every page stays the same object while it does not change: a new one renders
// every page kept behind a tab again (a list's whole table) each time the frame renders, as on every navigation.

/** The toast and dialog functions each render of the probe saw. */
const seen: unknown[] = [];

function Probe() {
  seen.push(App.useApp());
  return null;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <ThemedProviders>
      <Probe />
      {children}
    </ThemedProviders>
  );
}

describe("the frame's providers", () => {
  it('give the same toast and dialog functions from one render to the next', async () => {
    seen.length = 0;
    const view = render(<Frame>a</Frame>);
    view.rerender(<Frame>b</Frame>);
    view.rerender(<Frame>c</Frame>);
    // a change of what the providers follow (the size) renders them again too
    await act(async () => setSize('small'));
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const value of seen) expect(value).toBe(seen[0]);
  });
});
