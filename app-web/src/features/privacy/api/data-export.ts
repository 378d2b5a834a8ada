import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DataExport } from '@wager/domain/contracts/privacy';

/** GET /api/user/export (docs/api/accounts.md): the person's copy, saved as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async (): Promise<{ file: string }> => {
      const copy = await apiRequest<DataExport>('GET', '/api/user/export');
      const file = `wager-data-${copy.userId}.json`;
      const url = URL.createObjectURL(new Blob([JSON.stringify(copy, null, 2)], { type: 'application/json' }));
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = file;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // After the click has handed the file to the browser.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
      return { file };
    },
  });
}
