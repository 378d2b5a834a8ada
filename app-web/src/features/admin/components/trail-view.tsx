import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets/components/bet-display';
import { errorMessage } from '../../../lib/error-message';
import { fetchProtectedBlob, type BetTrail, type TrailEntry } from '../api/admin-queries';

const KIND_TONE: Record<TrailEntry['kind'], 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = { event: 'neutral', posting: 'success', chat: 'info', evidence: 'warning', admin: 'danger' };

export function actorName(trail: BetTrail, actor: string | null, system: string): string {
  if (!actor) return system;
  const id = actor.replace(/^admin:/, '');
  return trail.people[id] ?? actor;
}

function details(entry: TrailEntry, trail: BetTrail): string {
  if (entry.message) return `${trail.people[entry.message.senderId] ?? entry.message.senderId}: ${entry.message.content}`;
  if (entry.evidence) return `${entry.evidence.filename} (${entry.evidence.contentType}, ${entry.evidence.sizeBytes} B) sha256 ${entry.evidence.sha256.slice(0, 12)}…`;
  if (entry.postings.length > 0) return entry.postings.map((p) => `${p.account} ${p.amount.startsWith('-') ? '' : '+'}${p.amount} ${p.currency}`).join(' · ');
  const d = entry.data;
  return [d.result, d.reason, d.adminNotes].filter((v) => typeof v === 'string' && v).join(' · ');
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The chain check, the export buttons and the whole timeline of a bet. */
export function TrailView({ trail }: { trail: BetTrail }) {
  const { t } = useTranslation();
  const broken = trail.chains.filter((c) => !c.intact);
  const exportJson = () => download(`bet-${trail.bet.id}-trail.json`, new Blob([JSON.stringify(trail, null, 2)], { type: 'application/json' }));
  const openPrintable = async () => {
    try {
      const page = await fetchProtectedBlob(`/api/admin/bets/${encodeURIComponent(trail.bet.id)}/trail?format=html`);
      window.open(URL.createObjectURL(page), '_blank', 'noopener');
    } catch (error) {
      toast({ title: t('common.error'), description: errorMessage(error), type: 'error' });
    }
  };
  return (
    <section className="stack" data-testid="admin-trail">
      <div className="row-between">
        <h3>{t('admin.disputes.trail')}</h3>
        <span className="row">
          <Button size="sm" variant="secondary" onClick={exportJson} data-testid="admin-trail-export">
            {t('admin.disputes.exportJson')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void openPrintable()}>
            {t('admin.disputes.print')}
          </Button>
        </span>
      </div>
      {broken.length === 0 ? (
        <Alert tone="success" data-testid="admin-trail-chain">
          {t('admin.disputes.chainIntact', { count: trail.chains.length })}
        </Alert>
      ) : (
        <Alert tone="danger" data-testid="admin-trail-chain">
          {broken.map((c) => t('admin.disputes.chainBroken', { stream: c.streamId, revision: c.brokenAt?.streamRevision ?? '?' })).join(' · ')}
        </Alert>
      )}
      <div className="table-scroll">
        <table className="admin-table admin-trail-table">
          <thead>
            <tr>
              <th>{t('admin.disputes.time')}</th>
              <th>{t('admin.disputes.source')}</th>
              <th>{t('admin.disputes.entry')}</th>
              <th>{t('admin.disputes.actor')}</th>
              <th>{t('admin.disputes.details')}</th>
            </tr>
          </thead>
          <tbody>
            {trail.entries.map((entry, i) => (
              <tr key={`${entry.eventId}-${i}`} data-testid={`admin-trail-${entry.kind}`}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  <Badge tone={KIND_TONE[entry.kind]}>{entry.source}</Badge>
                </td>
                <td>{entry.type}</td>
                <td>{actorName(trail, entry.actor, t('admin.disputes.system'))}</td>
                <td className="admin-trail-details">{details(entry, trail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
