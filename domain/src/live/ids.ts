import { v5 as uuidv5 } from 'uuid';
import type { LiveEvent } from './events.js';

/** The live context's own namespace of deterministic ids. */
const LIVE_ID_NAMESPACE = '9a4e2c71-3b5d-5f18-8e6a-1c2d3e4f5a6b';

export const liveStepId = (...parts: string[]): string => uuidv5(parts.join('/'), LIVE_ID_NAMESPACE);

/**
 * The id of a match stream event, from what it records: a provider's event from the bet and the
 * observation key (so two pollers, or one polling twice, append it once), a manual event from its
 * own id, the platform's conclusions from the match or reporter they are about.
 */
export function liveEventId(event: LiveEvent): string {
  const d = event.data;
  switch (event.type) {
    case 'MatchTrackingStarted':
      return liveStepId(d.betId, 'tracking-started');
    case 'TrackingClosed':
      return liveStepId(d.betId, 'tracking-closed');
    case 'ResultSuggested':
      return liveStepId(d.betId, event.data.matchId, 'suggested');
    case 'ManualEventReported':
      return event.data.eventId;
    case 'ReportContradictsTracker':
      return liveStepId(d.betId, 'contradiction', event.data.reporterId);
    default:
      return liveStepId(d.betId, 'observed', event.data.observationKey);
  }
}
