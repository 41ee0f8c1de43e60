import { TOKEN_HEADER } from '@organiser/domain';
import { apiUrl, type Query } from '../api/client';
import { toastError } from '../api/feedback';
import { currentLanguage } from '../i18n/i18n';
import { sessionStore } from '../state/session';

// A file answer (export) cannot go through the JSON client: it is fetched with the same headers and saved
// through an object URL. A refusal still arrives as an envelope and is shown like any other.

function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? fallback;
}

export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<boolean> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = sessionStore.get().token;
  if (token) headers[TOKEN_HEADER] = token;
  const response = await fetch(apiUrl(path, query), { headers, credentials: 'same-origin' });
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    toastError(body?.message || `HTTP ${response.status}`);
    return false;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
