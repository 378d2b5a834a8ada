import { EVIDENCE_FILE_BYTES_MAX, EVIDENCE_FILES_MAX } from '@wager/domain/bets/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Button } from '../../../components/ui/primitives';
import { EvidenceDropZone } from './evidence-drop-zone';
import { toastProcessing } from '../../../components/ui/processing-toast';
import { toast } from '../../../components/ui/toast';
import { isProcessing } from '../../../lib/api-client';

import { useReportResult } from '../api/bet-queries';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useUser } from '../../auth';
import { errorMessage } from '../../../lib/error-message';
import { TrackerSuggestion } from '../../live';

/** The first reason the chosen files cannot be sent, or null (limits shared with the server). */
export function evidenceRefusal(files: File[], t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (files.length > EVIDENCE_FILES_MAX) return t('matches.upload.tooMany');
  for (const file of files) {
    if (file.size > EVIDENCE_FILE_BYTES_MAX) return t('matches.upload.tooLarge', { name: file.name });
    if (!file.type.startsWith('image/') && !file.type.startsWith('video/')) return t('matches.upload.wrongType', { name: file.name });
  }
  return null;
}

/** The opponent's name from the reporter's side of the bet. */
function otherPlayer(bet: Bet, userId: string | undefined): string {
  const other = bet.challengerId === userId ? bet.opponent : bet.challenger;
  return other?.username ?? '';
}

/**
 * Upload Result: won or lost, with up to 5 image/video evidence files. `initialResult` prefills
 * the choice (the tracker's "confirm?"). A report that disagrees with the opponent's says the bet
 * is now disputed, rather than a plain "submitted".
 */
export function UploadResultDialog({ betId, open, onOpenChange, initialResult = '' }: { betId: string; open: boolean; onOpenChange: (open: boolean) => void; initialResult?: 'won' | 'lost' | '' }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const report = useReportResult();
  const [result, setResult] = useState<'won' | 'lost' | ''>(initialResult);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!result) return setError(t('matches.upload.chooseResult'));
    const refusal = evidenceRefusal(files, t);
    if (refusal) return setError(refusal);
    setError(null);
    setProgress(0);
    report.mutate(
      { betId, result, files, onProgress: setProgress },
      {
        onSuccess: (response) => {
          if (isProcessing(response)) toastProcessing();
          else if (response.status === 'disputed') toast({ title: t('casebook.player.disputedTitle'), description: t('casebook.player.disputedText', { name: otherPlayer(response, user?.id) }), type: 'warning' });
          else toast({ title: t('matches.upload.successTitle'), description: t('matches.upload.successText'), type: 'success' });
          onOpenChange(false);
          setResult('');
          setFiles([]);
        },
        onError: (failure) => toast({ title: t('matches.upload.failedTitle'), description: errorMessage(failure), type: 'error' }),
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('matches.upload.title')} description={t('matches.upload.description')} testId="upload-result-dialog">
      <form className="form" noValidate onSubmit={submit} aria-label={t('matches.upload.title')}>
        <TrackerSuggestion betId={betId} onConfirm={setResult} />
        <fieldset className="fieldset">
          <legend>{t('matches.upload.result')}</legend>
          <label className="checkbox">
            <input type="radio" name="result" value="won" checked={result === 'won'} onChange={() => setResult('won')} /> <span>{t('matches.upload.won')}</span>
          </label>
          <label className="checkbox">
            <input type="radio" name="result" value="lost" checked={result === 'lost'} onChange={() => setResult('lost')} /> <span>{t('matches.upload.lost')}</span>
          </label>
        </fieldset>
        <fieldset className="fieldset">
          <legend>{t('matches.upload.evidence')}</legend>
          <p className="hint">{t('matches.upload.evidenceHint')}</p>
          <EvidenceDropZone files={files} onChange={setFiles} progress={progress} disabled={report.isPending} />
        </fieldset>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? t('matches.upload.submitting') : t('matches.upload.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
