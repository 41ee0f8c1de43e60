import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../i18n/i18n';
import { PageErrorBoundary } from './page-error-boundary';

// A page whose code is no longer on the server (a new version was deployed while the console was open) cannot
// load again by retrying: the console says a new version is available and offers to reload, instead of the
// error state meant for a page that failed.

afterEach(() => {
  vi.restoreAllMocks();
});

function Missing({ error }: { error: Error }): never {
  throw error;
}

const renderFailing = (error: Error) =>
  render(
    <PageErrorBoundary name="ProductList">
      <Missing error={error} />
    </PageErrorBoundary>,
  );

describe('PageErrorBoundary', () => {
  it('offers a reload to the new version when a page’s code is gone after a deploy', async () => {
    await changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(
      new TypeError(
        'Failed to fetch dynamically imported module: http://127.0.0.1/assets/product-list-1a2b.js',
      ),
    );
    expect(screen.getByText('A new version of the console is available')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.queryByText('This page ran into a problem')).toBeNull();
  });

  it('says so in Chinese, for the other browsers’ wording too', async () => {
    await changeLanguage('zh');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new TypeError('Importing a module script failed.'));
    expect(screen.getByText('控制台已有新版本')).toBeTruthy();
  });

  it('keeps the error state for a page that failed on its own', async () => {
    await changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailing(new Error('Cannot read properties of undefined'));
    expect(screen.getByText('This page ran into a problem')).toBeTruthy();
    expect(screen.queryByText('A new version of the console is available')).toBeNull();
  });
});
