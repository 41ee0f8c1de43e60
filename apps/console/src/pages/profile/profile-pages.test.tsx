import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, renderPage, routeNamed, signIn } from '../../engine/test/harness';
import { ChangePasswordPage } from './change-password-page';
import { ProfilePage } from './profile-page';

// The profile and change-password pages guard unsaved changes like the engine's forms: reloading or closing
// the tab asks first while something is typed and not saved, and not once it is saved.

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Whether the page asked to keep the tab open (the browser then shows its own prompt). */
const unloadIsStopped = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('unsaved changes on the profile pages', { timeout: 60_000 }, () => {
  it('the profile asks before unloading while a change is unsaved, and no longer once saved', async () => {
    signIn();
    const api = fakeApi().on('POST /api/user/update_profile', () => ok(null));
    await renderPage(ProfilePage, routeNamed('ProfileIndex'), { url: '/profile/index' });
    const nickname = await screen.findByDisplayValue('Tester');
    expect(unloadIsStopped()).toBe(false);
    fireEvent.change(nickname, { target: { value: 'Renamed' } });
    expect(unloadIsStopped()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/update_profile')).toHaveLength(1));
    await waitFor(() => expect(unloadIsStopped()).toBe(false));
  });

  it('the password form asks while a password is typed, and not once it is cleared again', async () => {
    signIn();
    fakeApi();
    const { container } = await renderPage(ChangePasswordPage, routeNamed('ChangePassword'), {
      url: '/profile/Changepwd',
    });
    const old = await waitFor(() => {
      const input = container.querySelector<HTMLInputElement>('input[autocomplete="current-password"]');
      expect(input).not.toBeNull();
      return input!;
    });
    expect(unloadIsStopped()).toBe(false);
    fireEvent.change(old, { target: { value: 'Secret12345' } });
    expect(unloadIsStopped()).toBe(true);
    fireEvent.change(old, { target: { value: '' } });
    expect(unloadIsStopped()).toBe(false);
  });
});
