import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientState } from '../api/client';
import { queryClient } from '../app/query-client';
import { changeLanguage } from '../i18n/i18n';
import { resetToken, startSession } from '../state/session';
import { resetTags } from '../state/tags-view';
import { stubApi } from '../test/fetch-stub';
import { menuItem, renderApp, rootUser, sessionRoutes } from '../test/render-app';
import { badgesStore } from './badges';

// The navbar's badges keep their places from the first render: until the badge stream's first counts have come,
// each list the person's menus open has its button, without a count, so the tools beside them do not move when
// the counts arrive.

beforeEach(async () => {
  resetClientState();
  resetToken();
  resetTags();
  queryClient.clear();
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const consults = () => screen.queryByTestId('badge-consults');
const chats = () => screen.queryByTestId('badge-chat');

describe('navbar badges', { timeout: 60_000 }, () => {
  it('shows the buttons of the lists the person may open before the counts come, then the counts', async () => {
    // the stream is not answered (404): no counts yet
    stubApi(sessionRoutes(rootUser, []));
    startSession('tok-badges');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(consults()?.getAttribute('aria-label')).toBe('Unreplied consults');
    expect(chats()?.getAttribute('aria-label')).toBe('Unread conversations');
    expect(chats()?.hasAttribute('data-count')).toBe(false);

    // the stream's counts: the consults' count shows; a list the server says is not open loses its button
    act(() => badgesStore.set({ consultsUnreplied: 3, chatUnread: null, chatUnreplied: null }));
    await waitFor(() => expect(consults()?.getAttribute('aria-label')).toBe('Unreplied consults: 3'));
    expect(chats()).toBeNull();
  });

  it('keeps no place for a list the person’s menus do not open', async () => {
    stubApi(
      sessionRoutes({ ...rootUser, roles: ['editor'], account: 'editor' }, [
        menuItem(1, '/consult/consult_list'),
      ]),
    );
    startSession('tok-badges-2');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(consults()).not.toBeNull();
    expect(chats()).toBeNull();
  });
});
