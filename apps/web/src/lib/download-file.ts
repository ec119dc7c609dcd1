// Files the user downloads from the API (the CSV exports): fetched through the API client like every other
// call, so an ended session answers 401 into the query client's sign-out
// (docs/decisions/web-frame.md#downloads-through-the-client) instead of a browser download error, then handed to the browser
// under the name the server gives.
import { useMutation } from '@tanstack/react-query';
import type { ApiFile } from './api-client';

/** Hands `blob` to the browser as a file named `fileName` (an object URL and a temporary <a download>). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches a file through a feature's api/ call (e.g. getAlarmsCsv) and saves it under the name it comes with. */
export async function downloadFile(getFile: () => Promise<ApiFile>): Promise<void> {
  const { blob, fileName } = await getFile();
  saveFile(blob, fileName);
}

/** A download as a mutation: an action the user starts, with its pending state, whose 401 signs out. */
export function useDownloadFile() {
  return useMutation({ mutationFn: (getFile: () => Promise<ApiFile>) => downloadFile(getFile) });
}
