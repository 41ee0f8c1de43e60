import { describe, expect, it } from 'vitest';
import { externalLinkItems, LINK_KEY } from './menu-items';

describe('menu entries linking out', () => {
  const permissions = [
    {
      id: 1,
      type: 'menu',
      url: '/banner/banner_list',
      icon: null,
      name: { en: 'Banner list', zh: '横幅列表' },
    },
    {
      id: 2,
      type: 'menu',
      url: 'https://help.example.com/',
      icon: 'LinkOutlined',
      name: { en: 'Help', zh: '帮助' },
    },
    { id: 3, type: 'resource', url: 'https://api.example.com/', icon: null, name: { en: 'X', zh: 'X' } },
  ];

  it('adds only the menu permissions with an http(s) url, titled in the language', () => {
    const items = externalLinkItems(permissions, 'zh');
    expect(items.map((i) => (i as { key: string }).key)).toEqual([`${LINK_KEY}2`]);
    expect((items[0] as { title: string }).title).toBe('帮助');
  });
});
