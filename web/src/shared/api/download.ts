import { api } from '../lib/api.ts';

/** The file name of a Content-Disposition header: RFC 6266 filename* first, then filename. */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"])*)"|([^;]+))/i.exec(disposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || fallback;
}

/**
 * Spec §7 "File download": a GET with a blob answer, named from Content-Disposition; a 401 is
 * refreshed and retried like any GET (spec §8); never cancelled by another GET of the same URL.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await api.http.get<Blob>(url, { responseType: 'blob' });
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  saveBlob(response.data, name);
}

/** Offers a blob to the browser as a download under this name. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
