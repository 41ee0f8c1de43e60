import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, refusal, stubApi } from '../test/fetch-stub';
import { rootUser, sessionRoutes } from '../test/render-app';
import { requestSession, takeSession } from './session-request';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sessionCalls = (calls: { url: string }[]) =>
  calls.filter((c) => /get_current_user_info|get_login_menu|get_url_prefix/.test(c.url)).length;

describe('session calls started early', () => {
  it('are made once: the loader takes the calls already under way for its token', async () => {
    const { calls } = stubApi(sessionRoutes(rootUser, []));
    requestSession('tok-a');
    requestSession('tok-a');
    expect(sessionCalls(calls)).toBe(3);
    const session = await takeSession('tok-a');
    expect(session.user.account).toBe(rootUser.account);
    expect(sessionCalls(calls)).toBe(3);
    // taken once: asking again (a retry) calls the server again
    await takeSession('tok-a');
    expect(sessionCalls(calls)).toBe(6);
  });

  it('are not used for another token', async () => {
    const { calls } = stubApi(sessionRoutes(rootUser, []));
    requestSession('tok-old');
    await takeSession('tok-new');
    expect(sessionCalls(calls)).toBe(6);
  });

  it('hand a failure to the loader that takes them, not to the page as an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      stubApi({
        ...sessionRoutes(rootUser, []),
        'POST /api/user/get_current_user_info': refusal(50000, 'Broken', 500),
        'POST /api/oss/get_url_prefix': ok(''),
      });
      requestSession('tok-gone');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(takeSession('tok-gone')).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
