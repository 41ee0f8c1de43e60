import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToken, startSession } from '../state/session';
import { uploadFile } from './user';

// XMLHttpRequest is the network boundary of uploads (fetch has no upload progress): a stand-in answers here.

type Sent = { url: string; headers: Record<string, string>; body: FormData; timeout: number };

function stubXhr(answer: { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    timeout = 0;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body, timeout: this.timeout });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetToken();
});

describe('uploads', () => {
  it('send the file with its kind and the token, report progress, and set no time limit', async () => {
    const sent = stubXhr({
      status: 200,
      body: { success: true, code: 20000, message: 'success', content: 'images/a.png' },
    });
    startSession('tok-up');
    const progress: number[] = [];
    const path = await uploadFile(new Blob(['png'], { type: 'image/png' }), 'image', (p) => progress.push(p));
    expect(path).toBe('images/a.png');
    expect(progress).toEqual([50, 100]);
    expect(sent[0]!.url).toBe('/api/oss/upload');
    expect(sent[0]!.headers['X-Token']).toBe('tok-up');
    expect([...sent[0]!.body.keys()]).toEqual(['kind', 'file']);
    expect(sent[0]!.body.get('kind')).toBe('image');
    // a 200 MB video must not be cut off by a short timeout
    expect(sent[0]!.timeout).toBe(0);
  });

  it('apply the response rules to a refused upload', async () => {
    stubXhr({
      status: 413,
      body: { success: false, code: 41300, message: 'The file is too large: at most 2 MB', content: null },
    });
    await expect(uploadFile(new Blob(['x']), 'image')).rejects.toThrow('The file is too large: at most 2 MB');
    expect(await screen.findByText('The file is too large: at most 2 MB')).toBeTruthy();
  });
});
