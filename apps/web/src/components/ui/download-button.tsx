// A button that downloads a file from the API (the CSV exports) through lib/download-file.ts: pending while
// it fetches; a 401 signs out like any other call, and any other failure says so in an alert.
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError, type ApiFile } from '../../lib/api-client';
import { useDownloadFile } from '../../lib/download-file';

export interface DownloadButtonProps extends Omit<ButtonProps, 'loading'> {
  /** The feature's api/ call that fetches the file, e.g. () => getAlarmsCsv(filter). */
  getFile: () => Promise<ApiFile>;
  children: ReactNode;
}

export function DownloadButton({ getFile, children, ...props }: DownloadButtonProps) {
  const download = useDownloadFile();
  const start = () =>
    download.mutate(getFile, {
      onError: (error) => {
        if (isApiError(error, 401)) return; // the session has ended: the query client signs out
        console.error('Failed to download', error);
        window.alert('Failed to download the file. Please try again.');
      },
    });
  return (
    <Button {...props} loading={download.isPending} onClick={start}>
      {children}
    </Button>
  );
}
