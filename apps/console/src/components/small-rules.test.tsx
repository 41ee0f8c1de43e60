import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { Dialog } from './dialog';
import { GuardedButton } from './guarded-button';
import { timeAgo } from './time-ago';

describe('re-click guard', () => {
  it('ignores a second click within 3000 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onClick = vi.fn();
    render(<GuardedButton onClick={onClick}>Save</GuardedButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 3001);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});

describe('dialog defaults', () => {
  it('is 65% wide at 15vh from the top', () => {
    render(
      <Dialog open title="Details">
        body
      </Dialog>,
    );
    const dialog = document.querySelector<HTMLElement>('.ant-modal')!;
    expect(dialog.style.width).toBe('65%');
    expect(dialog.style.top).toBe('15vh');
  });
});

describe('time ago, in both languages', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  const ago = (seconds: number) => now - seconds * 1000;

  it('counts minutes, hours and days in English', () => {
    const t = i18n.getFixedT('en');
    expect(timeAgo(ago(20), t, now)).toBe('just now');
    expect(timeAgo(ago(60), t, now)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * 60), t, now)).toBe('59 minutes ago');
    expect(timeAgo(ago(3 * 3600), t, now)).toBe('3 hours ago');
    expect(timeAgo(ago(86400), t, now)).toBe('1 day ago');
    expect(timeAgo(new Date(ago(5 * 86400)), t, now)).toBe('5 days ago');
  });

  it('counts minutes, hours and days in Chinese', () => {
    const t = i18n.getFixedT('zh');
    expect(timeAgo(ago(5), t, now)).toBe('刚刚');
    expect(timeAgo(ago(120), t, now)).toBe('2 分钟前');
    expect(timeAgo(ago(7200), t, now)).toBe('2 小时前');
    expect(timeAgo(new Date(ago(3 * 86400)).toISOString(), t, now)).toBe('3 天前');
  });
});
