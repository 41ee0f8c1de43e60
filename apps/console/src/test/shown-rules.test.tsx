import { render, screen } from '@testing-library/react';
import { Button, Tabs } from 'antd';
import { describe, expect, it } from 'vitest';

const selectorOf = (rule: CSSRule) => rule.cssText.slice(0, rule.cssText.indexOf('{')).trim();

describe('style sheets seen through their shown rules', () => {
  it('still hide what antd hides by a class: the inactive tab’s content is not accessible', async () => {
    render(
      <Tabs
        items={[
          { key: 'a', label: 'First', children: <Button>Visible action</Button> },
          { key: 'b', label: 'Second', children: <Button>Hidden action</Button>, forceRender: true },
        ]}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Visible action' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hidden action' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Hidden action', hidden: true })).toBeTruthy();
  });

  it('keep only rules that decide display, visibility, pointer events or content', () => {
    const style = document.createElement('style');
    style.textContent =
      '.a { color: red } .b { display: none } @media (min-width: 1px) { .c { margin: 0 } .d { visibility: hidden } }';
    document.head.append(style);
    const rules = Array.from(style.sheet?.cssRules ?? []) as (CSSRule & { cssRules?: CSSRuleList })[];
    expect(rules.map(selectorOf)).toEqual(['.b', '@media (min-width: 1px)']);
    expect(Array.from(rules[1]?.cssRules ?? []).map(selectorOf)).toEqual(['.d']);
    render(
      <>
        <button type="button" className="a">
          Coloured
        </button>
        <button type="button" className="b">
          Hidden by a rule
        </button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Coloured' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hidden by a rule' })).toBeNull();
    style.remove();
  });
});
