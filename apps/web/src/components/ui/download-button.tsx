// A button that downloads a file from the API (the CSV exports) through lib/download-file.ts: pending while
// it fetches; a 401 signs out like any other call, and any other failure says so in an alert.
import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { useDownloadFile } from '../../lib/download-file';

export interface DownloadButtonProps extends Omit<ButtonProps, 'loading'> {
  /** The API path of the file, e.g. /alarms.csv?from=… */
  path: string;
  children: ReactNode;
}

export function DownloadButton({ path, children, ...props }: DownloadButtonProps) {
  const download = useDownloadFile();
  const start = () =>
    download.mutate(path, {
      onError: (error) => {
        if (isApiError(error, 401)) return; // the session has ended: the query client signs out
        console.error('Failed to download', path, error);
        window.alert('Failed to download the file. Please try again.');
      },
    });
  return (
    <Button {...props} loading={download.isPending} onClick={start}>
      {children}
    </Button>
  );
}
