import { act, render, screen } from '@testing-library/react';
import { type ComponentType, Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { readyLazy } from './ready-lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
let rerender: (n: number) => void = () => {};
function Counter({ Part }: { Part: ComponentType<{ name: string }> }) {
  const [n, setN] = useState(0);
  rerender = setN;
  return <Part name={`Ada ${n}`} />;
}

const part = () =>
  readyLazy(
    async () => ({ Greeting }),
    (m) => m.Greeting,
  );

describe('readyLazy', () => {
  it('renders at once, without its fallback, when the code has arrived', async () => {
    const { Component, preload } = part();
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    // synchronously: React.lazy would show the fallback here
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends once when the code has not arrived, then keeps the same component through later renders', async () => {
    const { Component } = part();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Counter Part={Component} />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Hello Ada 0')).toBeTruthy();
    const paragraph = screen.getByText('Hello Ada 0');
    act(() => rerender(1));
    // the code has arrived meanwhile: the mounted subtree is updated, not replaced
    expect(screen.getByText('Hello Ada 1')).toBe(paragraph);
  });

  it('loads again after a failure', async () => {
    let attempts = 0;
    const { preload } = readyLazy(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Greeting };
      },
      (m) => m.Greeting,
    );
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(Greeting);
    await preload();
    expect(attempts).toBe(2);
  });
});
