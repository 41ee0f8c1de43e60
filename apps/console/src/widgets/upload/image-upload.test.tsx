import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers, publicConfig, signIn } from '../../engine/test/harness';
import { changeLanguage } from '../../i18n/i18n';
import { ImageUpload } from './image-upload';

const png = (name: string, size = 100) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function renderUpload(
  props: { isMultiple: boolean; maxCount: number; value?: string[] | string | null },
  lang: 'en' | 'zh' = 'en',
) {
  await changeLanguage(lang);
  signIn();
  const onChange = vi.fn();
  const upload = vi.fn();
  // the network boundary of uploads: XMLHttpRequest (fetch has no upload progress)
  class FakeXhr {
    upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
      {};
    open = upload;
    setRequestHeader = vi.fn();
    send = () => {
      upload('send');
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    };
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <Providers config={publicConfig()} lang={lang} queryClient={new QueryClient()}>
      <ImageUpload
        id="adImgs"
        label="Ad images"
        isMultiple={props.isMultiple}
        value={props.value}
        onChange={onChange}
        rule={{
          maxCount: props.maxCount,
          maxBytes: 2 * 1024 * 1024,
          types: ['image/png', 'image/jpeg'],
          sizeHint: '144x80',
        }}
      />
    </Providers>,
  );
  return { onChange, upload, input: document.querySelector('input[type=file]') as HTMLInputElement };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImageUpload', () => {
  it('refuses more files than allowed before sending anything: "the current limit is exceeded"', async () => {
    const { input, upload, onChange } = await renderUpload({
      isMultiple: true,
      maxCount: 3,
      value: ['a.png'],
    });
    await userEvent.upload(input, [png('1.png'), png('2.png'), png('3.png')]);
    expect(await screen.findByText(/the current limit is exceeded/)).toBeTruthy();
    expect(screen.getByText(/at most 3 files/)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says it in Chinese too', async () => {
    const { input } = await renderUpload({ isMultiple: true, maxCount: 2 }, 'zh');
    await userEvent.upload(input, [png('1.png'), png('2.png'), png('3.png')]);
    expect(await screen.findByText(/已超出当前限额/)).toBeTruthy();
  });

  it('refuses a file too large or of another type, and shows the limits and the size hint', async () => {
    const { input, upload } = await renderUpload({ isMultiple: true, maxCount: 9 });
    expect(
      screen.getByText('Recommended size 144x80 px · PNG, JPG, at most 2 MB each · up to 9 files'),
    ).toBeTruthy();
    await userEvent.upload(input, [png('huge.png', 2 * 1024 * 1024 + 1)]);
    expect(await screen.findByText('huge.png is too large: at most 2 MB')).toBeTruthy();
    // a file dropped or picked with "all files" gets past the picker's accept list
    // (the picker renders a fresh input after each choice)
    const fresh = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent
      .setup({ applyAccept: false })
      .upload(fresh, [new File(['x'], 'anim.gif', { type: 'image/gif' })]);
    await waitFor(() => expect(screen.queryByText(/anim.gif is not an allowed type/)).toBeTruthy());
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends an accepted file with progress', async () => {
    const { input, upload } = await renderUpload({ isMultiple: false, maxCount: 1 });
    await userEvent.upload(input, png('cover.png'));
    await waitFor(() => expect(upload).toHaveBeenCalled());
    expect(await screen.findByLabelText('Uploading cover.png: 40%')).toBeTruthy();
  });
});
