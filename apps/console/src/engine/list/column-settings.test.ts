import { banner, listColumns } from '@organiser/domain';
import { describe, expect, it } from 'vitest';
import { arrangeColumns, moveColumn, settingsOf, toggleColumn } from './column-settings';

const columns = listColumns(banner);
const names = (list: ReturnType<typeof arrangeColumns>) => list.map((a) => a.column.name);

describe('column settings', () => {
  it('start from the definition: declared order, shown by default', () => {
    const arranged = arrangeColumns(columns, null);
    expect(names(arranged)).toEqual(columns.map((c) => c.name));
    expect(arranged.find((a) => a.column.name === 'targetUrl')?.isShown).toBe(false);
    expect(arranged.find((a) => a.column.name === 'title')?.isShown).toBe(true);
  });

  it('apply a remembered order and visibility; columns never seen follow their neighbour in the definition, gone ones are ignored', () => {
    const settings = { order: ['title', 'id', 'gone', 'sortNo'], hidden: ['id'] };
    const arranged = arrangeColumns(columns, settings);
    expect(names(arranged).slice(0, 5)).toEqual(['title', 'position', 'coverImg', 'id', 'sortNo']);
    expect(names(arranged)).not.toContain('gone');
    expect(arranged.find((a) => a.column.name === 'id')?.isShown).toBe(false);
  });

  it('move, hide and keep at least one column', () => {
    let arranged = arrangeColumns(columns, null);
    arranged = moveColumn(arranged, 'title', -1);
    expect(names(arranged)[0]).toBe('title');
    expect(moveColumn(arranged, 'title', -1)).toBe(arranged);
    for (const a of arranged) arranged = toggleColumn(arranged, a.column.name, false);
    expect(arranged.filter((a) => a.isShown)).toHaveLength(1);
    expect(settingsOf(arranged).hidden).toHaveLength(columns.length - 1);
  });
});
