import { renderCasebookLine } from '@wager/domain/bets/casebook';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { errorMessage } from '../../../lib/error-message';
import { fetchProtectedBlob, type BetTrail, type TrailEntry } from '../api/admin-queries';
import { EvidenceView } from './evidence-view';

const KIND_TONE: Record<TrailEntry['kind'], 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = { event: 'neutral', posting: 'success', chat: 'info', evidence: 'warning', admin: 'danger' };

export function actorName(trail: BetTrail, actor: string | null, system: string): string {
  if (!actor) return system;
  const id = actor.replace(/^admin:/, '');
  return trail.people[id] ?? actor;
}

/** What an entry means, in the reader's language: the casebook line with names and amounts in the locale. */
export function entryText(entry: TrailEntry, trail: BetTrail, locale: string): string {
  if (entry.summary) return renderCasebookLine(entry.summary, { locale, names: trail.people });
  return entry.text ?? entry.type;
}

function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The entry as it was recorded: the event's type, stream, revision, position, actor and data. */
function RawEvent({ entry }: { entry: TrailEntry }) {
  const raw = { type: entry.type, eventId: entry.eventId, streamId: entry.streamId, streamRevision: entry.streamRevision, position: entry.position, actor: entry.actor, at: entry.at, data: entry.data, postings: entry.postings };
  return <pre className="raw-event" data-testid="admin-trail-raw">{JSON.stringify(raw, null, 2)}</pre>;
}

/**
 * The casebook: the chain check, the export buttons and the whole trail of a bet, each entry as a
 * sentence (who did what, with names and amounts in the reader's language), evidence inline, and
 * the raw event one click away.
 */
export function TrailView({ trail }: { trail: BetTrail }) {
  const { t, i18n } = useTranslation();
  const [rawOpen, setRawOpen] = useState<string | null>(null);
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
    <section className="card stack" data-testid="admin-trail" aria-labelledby="casebook-title">
      <div className="row-between">
        <h2 id="casebook-title" className="card-title">
          {t('casebook.review.casebook')}
        </h2>
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
              <th>{t('admin.disputes.details')}</th>
              <th>{t('admin.disputes.actor')}</th>
              <th>{t('casebook.review.raw')}</th>
            </tr>
          </thead>
          <tbody>
            {trail.entries.map((entry, i) => {
              const key = `${entry.eventId}-${i}`;
              const open = rawOpen === key;
              return (
                <Fragment key={key}>
                  <tr data-testid={`admin-trail-${entry.kind}`} data-type={entry.type}>
                    <td>{formatDateTime(entry.at)}</td>
                    <td>
                      <Badge tone={KIND_TONE[entry.kind]}>{entry.source}</Badge>
                    </td>
                    <td className="admin-trail-details">
                      <span data-testid="admin-trail-text">{entryText(entry, trail, i18n.language)}</span>
                      {entry.evidence ? <EvidenceView file={entry.evidence} /> : null}
                    </td>
                    <td>{actorName(trail, entry.actor, t('admin.disputes.system'))}</td>
                    <td>
                      <Button size="sm" variant="ghost" aria-expanded={open} onClick={() => setRawOpen(open ? null : key)} data-testid="admin-trail-raw-toggle">
                        {open ? t('casebook.review.hideRaw') : t('casebook.review.raw')}
                      </Button>
                    </td>
                  </tr>
                  {open ? (
                    <tr>
                      <td colSpan={5}>
                        <RawEvent entry={entry} />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
