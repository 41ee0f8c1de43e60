import type { DynamicFormOption } from '@organiser/domain';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers, publicConfig, signIn } from '../engine/test/harness';
import { changeLanguage } from '../i18n/i18n';
import { FormOptionsEditor } from './form-options-editor';

// The options editor of a choice input: rows of value + English + Chinese label, added, edited, moved and
// removed; what it hands to the form is the list as shown.

function Harness({ start, seen }: { start: DynamicFormOption[] | null; seen: (v: unknown) => void }) {
  const [value, setValue] = useState(start);
  return (
    <FormOptionsEditor
      value={value}
      onChange={(v) => {
        setValue(v);
        seen(v);
      }}
    />
  );
}

async function renderEditor(start: DynamicFormOption[] | null) {
  await changeLanguage('en');
  signIn();
  const seen: unknown[] = [];
  render(
    <Providers config={publicConfig()} lang="en" queryClient={new QueryClient()}>
      <Harness start={start} seen={(v) => seen.push(v)} />
    </Providers>,
  );
  return { last: () => seen[seen.length - 1] };
}

const o = (value: string, en: string, zh: string) => ({ value, label: { en, zh } });

describe('FormOptionsEditor', () => {
  it('shows stored options, adds, edits, moves and removes rows', async () => {
    const editor = await renderEditor([o('220V', '220 V', '220 伏'), o('380V', '380 V', '380 伏')]);
    expect(screen.getByLabelText('Option value 1')).toHaveProperty('value', '220V');
    expect(screen.getByLabelText('Label in Chinese 2')).toHaveProperty('value', '380 伏');

    await userEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    await userEvent.type(screen.getByLabelText('Option value 3'), '110V');
    await userEvent.type(screen.getByLabelText('Label in English 3'), '110 V');
    await userEvent.type(screen.getByLabelText('Label in Chinese 3'), '110 伏');
    await userEvent.click(screen.getByRole('button', { name: 'Move up 3' }));
    expect(editor.last()).toEqual([
      o('220V', '220 V', '220 伏'),
      o('110V', '110 V', '110 伏'),
      o('380V', '380 V', '380 伏'),
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the option 1' }));
    expect(editor.last()).toEqual([o('110V', '110 V', '110 伏'), o('380V', '380 V', '380 伏')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the option 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove the option 1' }));
    expect(editor.last()).toBeNull();
  });
});
