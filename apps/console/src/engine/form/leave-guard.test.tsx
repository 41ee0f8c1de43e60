import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntityFormPage } from '../entity-form-page';
import { bannerRecord } from '../test/banner-fixtures';
import { renderPage, routeNamed, type StoredRecord, signIn, storingApi } from '../test/harness';

// Closing the browser tab or reloading the page asks first while a form has unsaved changes, and not otherwise.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const unload = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('unsaved changes on reload or close', { timeout: 60_000 }, () => {
  it('asks before the page unloads while the form is changed', async () => {
    signIn();
    storingApi({ banner: [bannerRecord({ id: 7 }) as StoredRecord] });
    await renderPage(EntityFormPage, routeNamed('BannerEdit'), { url: '/banner/banner_edit/7' });
    const title = await screen.findByDisplayValue('Spring fair');
    expect(unload().defaultPrevented).toBe(false);
    fireEvent.change(title, { target: { value: 'Spring fair 2026' } });
    expect(unload().defaultPrevented).toBe(true);
  });
});
