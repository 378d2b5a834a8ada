/**
 * The dispute trail read as a casebook: what each entry means in a sentence ("ada_lagos locked
 * ₦1,020.00 into escrow"), with names instead of ids and amounts formatted in the reader's locale.
 * Each context's trail contributor says what its entries are as a `CasebookLine` (a code and its
 * parameters, never English text); this renders them in en, es or fr, for the admin's review
 * page in the browser and the printable page on the server alike. Pure: names arrive as a map.
 */
import { DISPUTE_REASON_CODES, type DisputeReasonCode } from './rules.js';

export const CASEBOOK_LOCALES = ['en', 'es', 'fr'] as const;
export type CasebookLocale = (typeof CASEBOOK_LOCALES)[number];

export const CASEBOOK_CODES = [
  'bet_created',
  'bet_accepted',
  'result_reported',
  'evidence_attached',
  'bet_disputed',
  'dispute_resolved',
  'bet_settled',
  'bet_voided',
  'bet_cancelled',
  'bet_expired',
  'bet_abandoned',
  'appeal_filed',
  'appeal_decided',
  'appeal_fees_adjusted',
  'appeal_debited',
  'appeal_credited',
  'stake_locked',
  'stake_released',
  'payout_credited',
  'receivable_collected',
  'chat_opened',
  'chat_message',
  'moderator_requested',
  'moderator_joined',
  'moderation_claimed',
  'moderation_resolved',
  'moderation_escalated',
  'chat_closed',
  'chat_purged',
  'evidence_purged',
  'tracking_started',
  'match_started',
  'match_progressed',
  'goal_scored',
  'half_time',
  'full_time',
  'kills_recorded',
  'round_won',
  'round_lost',
  'match_ended',
  'result_suggested',
  'manual_event',
  'report_contradicts_tracker',
  'tracking_closed',
] as const;
export type CasebookCode = (typeof CASEBOOK_CODES)[number];

export type CasebookParams = Readonly<Record<string, string | number | boolean | null>>;

/** What one trail entry says, language-free. Parameters ending in `Id` are people (user ids). */
export interface CasebookLine {
  readonly code: CasebookCode;
  readonly params: CasebookParams;
}

/** Every user id a line names, so the reader can be given their names. */
export function casebookPeople(line: CasebookLine): string[] {
  return Object.entries(line.params)
    .filter(([key, value]) => key.endsWith('Id') && typeof value === 'string' && value.length > 0)
    .map(([, value]) => value as string);
}

export function casebookLocale(language: string | null | undefined): CasebookLocale {
  const base = (language ?? 'en').slice(0, 2).toLowerCase();
  return (CASEBOOK_LOCALES as readonly string[]).includes(base) ? (base as CasebookLocale) : 'en';
}

export interface CasebookOptions {
  readonly locale: string;
  /** user id → username. An id with no name is shown as it is. */
  readonly names: Readonly<Record<string, string>>;
}

interface Fmt {
  /** A person's name from a parameter holding their id. */
  who(id: unknown): string;
  /** An amount with its currency, in the locale (NGN as ₦). */
  money(amount: unknown, currency: unknown): string;
  text(value: unknown): string;
}

function formatter(locale: CasebookLocale, options: CasebookOptions): Fmt {
  return {
    who(id) {
      if (typeof id !== 'string' || !id) return NOBODY[locale];
      return options.names[id] ?? id;
    },
    money(amount, currency) {
      if (typeof amount !== 'string' && typeof amount !== 'number') return '';
      if (typeof currency !== 'string' || !currency) return String(amount);
      try {
        // narrowSymbol: "₦1,020.00" rather than "NGN 1,020.00". The decimal string goes in as it is.
        return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2 }).format(amount as unknown as number);
      } catch {
        return `${amount} ${currency}`;
      }
    },
    text(value) {
      return value === null || value === undefined ? '' : String(value);
    },
  };
}

const NOBODY: Record<CasebookLocale, string> = { en: 'nobody', es: 'nadie', fr: 'personne' };
const GAMES: Record<string, string> = { fc25: 'EA FC 25', cod: 'Call of Duty' };

type Template = (p: CasebookParams, f: Fmt) => string;

/** A dispute's reason by its code (`reasonCode`, DISPUTE_REASON_CODES); a reason without one as it was recorded. */
const DISPUTE_REASONS: Record<CasebookLocale, Record<DisputeReasonCode, string>> = {
  en: { both_reported_win: 'both players reported a win', both_reported_loss: 'both players reported a loss' },
  es: { both_reported_win: 'los dos jugadores declararon una victoria', both_reported_loss: 'los dos jugadores declararon una derrota' },
  fr: { both_reported_win: 'les deux joueurs ont déclaré une victoire', both_reported_loss: 'les deux joueurs ont déclaré une défaite' },
};
function disputeReason(locale: CasebookLocale, p: CasebookParams, f: Fmt): string {
  const code = DISPUTE_REASON_CODES.find((c) => c === p.reasonCode);
  return code ? DISPUTE_REASONS[locale][code] : f.text(p.reason);
}

/** A chat message the platform posted (a notice, the dispute's announcement), not a person. */
const isSystemMessage = (p: CasebookParams): boolean => p.messageType === 'system' || p.messageType === 'dispute' || p.senderId === 'system';
type Words = Record<CasebookCode, Template> & { result: (r: unknown) => string };

const EN: Words = {
  result: (r) => (r === 'won' ? 'a win' : r === 'lost' ? 'a loss' : r === null || r === undefined ? '' : String(r)),
  bet_created: (p, f) =>
    `${f.who(p.challengerId)} created a challenge on ${GAMES[f.text(p.gameType)] ?? f.text(p.gameType)} for ${f.money(p.amount, p.currency)}${p.invitedOpponentId ? ` to ${f.who(p.invitedOpponentId)}` : ''}`,
  bet_accepted: (p, f) => `${f.who(p.opponentId)} accepted the challenge`,
  result_reported: (p, f) => `${f.who(p.reporterId)} reported ${EN.result(p.result)}${Number(p.evidenceCount) > 0 ? ` with ${p.evidenceCount} evidence file(s)` : ''}`,
  evidence_attached: (p, f) => `${f.who(p.userId)} attached ${f.text(p.filename)}`,
  bet_disputed: (p, f) => `The reports disagree: the bet is disputed (${disputeReason('en', p, f)})`,
  dispute_resolved: (p, f) => (p.winnerId ? `${f.who(p.adminId)} awarded the win to ${f.who(p.winnerId)}` : `${f.who(p.adminId)} voided the bet`) + (p.adminNotes ? `. Notes: “${f.text(p.adminNotes)}”` : ''),
  bet_settled: (p, f) => `${f.who(p.winnerId)} won; ${f.money(p.feeIncome, p.currency)} in fees went to the platform`,
  bet_voided: (p, f) => `The bet was voided (${p.reason === 'admin' ? 'by an admin' : p.reason === 'no_result_by_deadline' ? 'no result by the deadline' : f.text(p.reason)})`,
  bet_cancelled: (p, f) => `${f.who(p.cancelledBy)} cancelled the challenge`,
  bet_expired: () => 'The challenge expired: nobody accepted it in time',
  appeal_filed: (p, f) => `${f.who(p.appellantId)} appealed the resolution: "${f.text(p.reason)}"`,
  appeal_decided: (p, f) => (p.outcome === 'upheld' ? `${f.who(p.adminId)} upheld the resolution on appeal` : p.winnerId ? `${f.who(p.adminId)} overturned the resolution on appeal: ${f.who(p.winnerId)} wins` : `${f.who(p.adminId)} overturned the resolution on appeal: the bet is void`) + (p.notes ? `. Notes: “${f.text(p.notes)}”` : ''),
  appeal_fees_adjusted: (p, f) => `The platform's fees were corrected by ${f.money(p.feeAdjustment, p.currency)} after the appeal`,
  appeal_debited: (p, f) => `${f.who(p.userId)} was debited ${f.money(p.amount, p.currency)} to correct the appeal${p.toReceivable && p.toReceivable !== '0.00' ? ` (${f.money(p.toReceivable, p.currency)} owed)` : ''}`,
  appeal_credited: (p, f) => `${f.who(p.userId)} was credited ${f.money(p.amount, p.currency)} to correct the appeal`,
  bet_abandoned: () => 'The challenge was never recorded; its stake is refunded',
  stake_locked: (p, f) => `${f.who(p.userId)} locked ${f.money(p.total, p.currency)} into escrow (stake ${f.money(p.stake, p.currency)} + fee ${f.money(p.fee, p.currency)})`,
  stake_released: (p, f) => `${f.money(p.amount, p.currency)} was refunded from escrow to ${f.who(p.userId)}`,
  payout_credited: (p, f) => `${f.who(p.userId)} was paid ${f.money(p.amount, p.currency)} from escrow`,
  receivable_collected: (p, f) => `${f.who(p.userId)} paid back ${f.money(p.amount, p.currency)} owed from an earlier appeal out of this credit${p.stillOwed && p.stillOwed !== '0.00' ? ` (${f.money(p.stillOwed, p.currency)} still owed)` : ''}`,
  chat_opened: (p, f) => `The match chat opened for ${f.who(p.participant1Id)} and ${f.who(p.participant2Id)}`,
  chat_message: (p, f) => (isSystemMessage(p) ? `System: ${f.text(p.content)}` : `${f.who(p.senderId)} said: “${f.text(p.content)}”`),
  moderator_requested: (p, f) => `${f.who(p.requestedById)} asked for a moderator`,
  moderator_joined: (p, f) => `${f.who(p.moderatorId)} joined the chat as moderator`,
  moderation_claimed: (p, f) => `${f.who(p.moderatorId)} took the moderation request`,
  moderation_resolved: (p, f) => `${f.who(p.resolvedById)} closed the moderation request: "${f.text(p.note)}"`,
  moderation_escalated: (p, f) => `${f.who(p.escalatedById)} handed the moderation request to an admin: "${f.text(p.reason)}"`,
  chat_closed: (p, f) => `The chat closed (${f.text(p.reason)})`,
  chat_purged: (p, f) => `The chat's ${f.text(p.messageCount)} messages were deleted (${f.text(p.reason)})`,
  evidence_purged: (p, f) => `${f.text(p.fileCount)} evidence file(s) were deleted (${f.text(p.reason)})`,
  tracking_started: (p, f) => `Match tracking started for ${f.who(p.challengerId)} and ${f.who(p.opponentId)}`,
  match_started: (p, f) => `The tracked match started${p.gameMode ? ` (${f.text(p.gameMode)}${p.map ? `, ${f.text(p.map)}` : ''})` : ''}`,
  match_progressed: (p, f) => `Tracked match at minute ${f.text(p.minute)} (${f.text(p.status) === 'paused' ? 'paused' : 'in play'})`,
  goal_scored: (p, f) => `Goal for ${f.who(p.userId)} (${f.text(p.player)}, ${f.text(p.minute)}′)`,
  half_time: () => 'Half time',
  full_time: () => 'Full time',
  kills_recorded: (p, f) => `Tracked stats for ${f.who(p.userId)}: ${f.text(p.kills)} kills, ${f.text(p.deaths)} deaths, ${f.text(p.assists)} assists`,
  round_won: (p, f) => `${f.who(p.userId)} won round ${f.text(p.round)}`,
  round_lost: (p, f) => `${f.who(p.userId)} lost round ${f.text(p.round)}`,
  match_ended: (p, f) => `The tracked match ended ${f.text(p.challengerScore)}–${f.text(p.opponentScore)} (${f.who(p.challengerId)} v ${f.who(p.opponentId)})`,
  result_suggested: (p, f) =>
    `${p.winnerId ? `The tracker suggests ${f.who(p.winnerId)} won` : 'The tracker suggests a draw'}: ${f.text(p.challengerTotal)}–${f.text(p.opponentTotal)} ${p.basis === 'kills' ? 'kills' : 'goals'}, handicap ${f.text(p.handicap)}`,
  manual_event: (p, f) => `${f.who(p.reporterId)} reported “${f.text(p.eventType)}” by hand`,
  report_contradicts_tracker: (p, f) =>
    `${f.who(p.reporterId)} reported ${EN.result(p.reported)}, which contradicts the tracker (${p.suggestedWinnerId ? `it suggests ${f.who(p.suggestedWinnerId)} won` : 'it suggests a draw'})`,
  tracking_closed: (p, f) => `Match tracking closed (${f.text(p.reason)})`,
};

const ES: Words = {
  result: (r) => (r === 'won' ? 'una victoria' : r === 'lost' ? 'una derrota' : r === null || r === undefined ? '' : String(r)),
  bet_created: (p, f) =>
    `${f.who(p.challengerId)} creó un desafío en ${GAMES[f.text(p.gameType)] ?? f.text(p.gameType)} por ${f.money(p.amount, p.currency)}${p.invitedOpponentId ? ` para ${f.who(p.invitedOpponentId)}` : ''}`,
  bet_accepted: (p, f) => `${f.who(p.opponentId)} aceptó el desafío`,
  result_reported: (p, f) => `${f.who(p.reporterId)} informó ${ES.result(p.result)}${Number(p.evidenceCount) > 0 ? ` con ${p.evidenceCount} archivo(s) de prueba` : ''}`,
  evidence_attached: (p, f) => `${f.who(p.userId)} adjuntó ${f.text(p.filename)}`,
  bet_disputed: (p, f) => `Los informes no coinciden: la apuesta está en disputa (${disputeReason('es', p, f)})`,
  dispute_resolved: (p, f) => (p.winnerId ? `${f.who(p.adminId)} dio la victoria a ${f.who(p.winnerId)}` : `${f.who(p.adminId)} anuló la apuesta`) + (p.adminNotes ? `. Notas: «${f.text(p.adminNotes)}»` : ''),
  bet_settled: (p, f) => `${f.who(p.winnerId)} ganó; ${f.money(p.feeIncome, p.currency)} en comisiones fueron a la plataforma`,
  bet_voided: (p, f) => `La apuesta se anuló (${p.reason === 'admin' ? 'por un administrador' : p.reason === 'no_result_by_deadline' ? 'sin resultado antes del plazo' : f.text(p.reason)})`,
  bet_cancelled: (p, f) => `${f.who(p.cancelledBy)} canceló el desafío`,
  bet_expired: () => 'El desafío caducó: nadie lo aceptó a tiempo',
  appeal_filed: (p, f) => `${f.who(p.appellantId)} apeló la resolución: «${f.text(p.reason)}»`,
  appeal_decided: (p, f) => (p.outcome === 'upheld' ? `${f.who(p.adminId)} confirmó la resolución en la apelación` : p.winnerId ? `${f.who(p.adminId)} revocó la resolución en la apelación: gana ${f.who(p.winnerId)}` : `${f.who(p.adminId)} revocó la resolución en la apelación: la apuesta queda anulada`) + (p.notes ? `. Notas: «${f.text(p.notes)}»` : ''),
  appeal_fees_adjusted: (p, f) => `Las comisiones de la plataforma se corrigieron en ${f.money(p.feeAdjustment, p.currency)} tras la apelación`,
  appeal_debited: (p, f) => `Se cargaron ${f.money(p.amount, p.currency)} a ${f.who(p.userId)} para corregir la apelación${p.toReceivable && p.toReceivable !== '0.00' ? ` (${f.money(p.toReceivable, p.currency)} adeudados)` : ''}`,
  appeal_credited: (p, f) => `Se abonaron ${f.money(p.amount, p.currency)} a ${f.who(p.userId)} para corregir la apelación`,
  bet_abandoned: () => 'El desafío nunca se registró; su apuesta se reembolsa',
  stake_locked: (p, f) => `${f.who(p.userId)} depositó ${f.money(p.total, p.currency)} en garantía (apuesta ${f.money(p.stake, p.currency)} + comisión ${f.money(p.fee, p.currency)})`,
  stake_released: (p, f) => `Se reembolsaron ${f.money(p.amount, p.currency)} de la garantía a ${f.who(p.userId)}`,
  payout_credited: (p, f) => `${f.who(p.userId)} recibió ${f.money(p.amount, p.currency)} de la garantía`,
  receivable_collected: (p, f) => `${f.who(p.userId)} devolvió de este abono ${f.money(p.amount, p.currency)} que debía por una apelación anterior${p.stillOwed && p.stillOwed !== '0.00' ? ` (${f.money(p.stillOwed, p.currency)} aún adeudados)` : ''}`,
  chat_opened: (p, f) => `Se abrió el chat del partido para ${f.who(p.participant1Id)} y ${f.who(p.participant2Id)}`,
  chat_message: (p, f) => (isSystemMessage(p) ? `Sistema: ${f.text(p.content)}` : `${f.who(p.senderId)} dijo: «${f.text(p.content)}»`),
  moderator_requested: (p, f) => `${f.who(p.requestedById)} pidió un moderador`,
  moderator_joined: (p, f) => `${f.who(p.moderatorId)} se unió al chat como moderador`,
  moderation_claimed: (p, f) => `${f.who(p.moderatorId)} tomó la solicitud de moderación`,
  moderation_resolved: (p, f) => `${f.who(p.resolvedById)} cerró la solicitud de moderación: «${f.text(p.note)}»`,
  moderation_escalated: (p, f) => `${f.who(p.escalatedById)} pasó la solicitud de moderación a un administrador: «${f.text(p.reason)}»`,
  chat_closed: (p, f) => `El chat se cerró (${f.text(p.reason)})`,
  chat_purged: (p, f) => `Se eliminaron los ${f.text(p.messageCount)} mensajes del chat (${f.text(p.reason)})`,
  evidence_purged: (p, f) => `Se eliminaron ${f.text(p.fileCount)} archivo(s) de prueba (${f.text(p.reason)})`,
  tracking_started: (p, f) => `Comenzó el seguimiento del partido de ${f.who(p.challengerId)} y ${f.who(p.opponentId)}`,
  match_started: (p, f) => `Comenzó el partido seguido${p.gameMode ? ` (${f.text(p.gameMode)}${p.map ? `, ${f.text(p.map)}` : ''})` : ''}`,
  match_progressed: (p, f) => `Partido seguido en el minuto ${f.text(p.minute)} (${f.text(p.status) === 'paused' ? 'en pausa' : 'en juego'})`,
  goal_scored: (p, f) => `Gol de ${f.who(p.userId)} (${f.text(p.player)}, ${f.text(p.minute)}′)`,
  half_time: () => 'Descanso',
  full_time: () => 'Final del partido',
  kills_recorded: (p, f) => `Estadísticas de ${f.who(p.userId)}: ${f.text(p.kills)} bajas, ${f.text(p.deaths)} muertes, ${f.text(p.assists)} asistencias`,
  round_won: (p, f) => `${f.who(p.userId)} ganó la ronda ${f.text(p.round)}`,
  round_lost: (p, f) => `${f.who(p.userId)} perdió la ronda ${f.text(p.round)}`,
  match_ended: (p, f) => `El partido seguido terminó ${f.text(p.challengerScore)}–${f.text(p.opponentScore)} (${f.who(p.challengerId)} contra ${f.who(p.opponentId)})`,
  result_suggested: (p, f) =>
    `${p.winnerId ? `El rastreador sugiere que ganó ${f.who(p.winnerId)}` : 'El rastreador sugiere un empate'}: ${f.text(p.challengerTotal)}–${f.text(p.opponentTotal)} ${p.basis === 'kills' ? 'bajas' : 'goles'}, hándicap ${f.text(p.handicap)}`,
  manual_event: (p, f) => `${f.who(p.reporterId)} informó «${f.text(p.eventType)}» a mano`,
  report_contradicts_tracker: (p, f) =>
    `${f.who(p.reporterId)} informó ${ES.result(p.reported)}, lo que contradice al rastreador (${p.suggestedWinnerId ? `sugiere que ganó ${f.who(p.suggestedWinnerId)}` : 'sugiere un empate'})`,
  tracking_closed: (p, f) => `Se cerró el seguimiento del partido (${f.text(p.reason)})`,
};

const FR: Words = {
  result: (r) => (r === 'won' ? 'une victoire' : r === 'lost' ? 'une défaite' : r === null || r === undefined ? '' : String(r)),
  bet_created: (p, f) =>
    `${f.who(p.challengerId)} a créé un défi sur ${GAMES[f.text(p.gameType)] ?? f.text(p.gameType)} de ${f.money(p.amount, p.currency)}${p.invitedOpponentId ? ` pour ${f.who(p.invitedOpponentId)}` : ''}`,
  bet_accepted: (p, f) => `${f.who(p.opponentId)} a accepté le défi`,
  result_reported: (p, f) => `${f.who(p.reporterId)} a déclaré ${FR.result(p.result)}${Number(p.evidenceCount) > 0 ? ` avec ${p.evidenceCount} preuve(s)` : ''}`,
  evidence_attached: (p, f) => `${f.who(p.userId)} a joint ${f.text(p.filename)}`,
  bet_disputed: (p, f) => `Les déclarations divergent : le pari est contesté (${disputeReason('fr', p, f)})`,
  dispute_resolved: (p, f) => (p.winnerId ? `${f.who(p.adminId)} a attribué la victoire à ${f.who(p.winnerId)}` : `${f.who(p.adminId)} a annulé le pari`) + (p.adminNotes ? `. Notes : « ${f.text(p.adminNotes)} »` : ''),
  bet_settled: (p, f) => `${f.who(p.winnerId)} a gagné ; ${f.money(p.feeIncome, p.currency)} de frais sont allés à la plateforme`,
  bet_voided: (p, f) => `Le pari a été annulé (${p.reason === 'admin' ? 'par un administrateur' : p.reason === 'no_result_by_deadline' ? 'aucun résultat avant l’échéance' : f.text(p.reason)})`,
  bet_cancelled: (p, f) => `${f.who(p.cancelledBy)} a annulé le défi`,
  bet_expired: () => 'Le défi a expiré : personne ne l’a accepté à temps',
  appeal_filed: (p, f) => `${f.who(p.appellantId)} a fait appel de la décision : « ${f.text(p.reason)} »`,
  appeal_decided: (p, f) => (p.outcome === 'upheld' ? `${f.who(p.adminId)} a confirmé la décision en appel` : p.winnerId ? `${f.who(p.adminId)} a infirmé la décision en appel : ${f.who(p.winnerId)} gagne` : `${f.who(p.adminId)} a infirmé la décision en appel : le pari est annulé`) + (p.notes ? `. Notes : « ${f.text(p.notes)} »` : ''),
  appeal_fees_adjusted: (p, f) => `Les frais de la plateforme ont été corrigés de ${f.money(p.feeAdjustment, p.currency)} après l'appel`,
  appeal_debited: (p, f) => `${f.who(p.userId)} a été débité de ${f.money(p.amount, p.currency)} pour corriger l'appel${p.toReceivable && p.toReceivable !== '0.00' ? ` (${f.money(p.toReceivable, p.currency)} dus)` : ''}`,
  appeal_credited: (p, f) => `${f.who(p.userId)} a été crédité de ${f.money(p.amount, p.currency)} pour corriger l'appel`,
  bet_abandoned: () => 'Le défi n’a jamais été enregistré ; sa mise est remboursée',
  stake_locked: (p, f) => `${f.who(p.userId)} a bloqué ${f.money(p.total, p.currency)} en séquestre (mise ${f.money(p.stake, p.currency)} + frais ${f.money(p.fee, p.currency)})`,
  stake_released: (p, f) => `${f.money(p.amount, p.currency)} ont été remboursés du séquestre à ${f.who(p.userId)}`,
  payout_credited: (p, f) => `${f.who(p.userId)} a reçu ${f.money(p.amount, p.currency)} du séquestre`,
  receivable_collected: (p, f) => `${f.who(p.userId)} a remboursé sur ce crédit ${f.money(p.amount, p.currency)} dus après un appel antérieur${p.stillOwed && p.stillOwed !== '0.00' ? ` (${f.money(p.stillOwed, p.currency)} encore dus)` : ''}`,
  chat_opened: (p, f) => `Le chat du match s’est ouvert pour ${f.who(p.participant1Id)} et ${f.who(p.participant2Id)}`,
  chat_message: (p, f) => (isSystemMessage(p) ? `Système : ${f.text(p.content)}` : `${f.who(p.senderId)} a écrit : « ${f.text(p.content)} »`),
  moderator_requested: (p, f) => `${f.who(p.requestedById)} a demandé un modérateur`,
  moderator_joined: (p, f) => `${f.who(p.moderatorId)} a rejoint le chat comme modérateur`,
  moderation_claimed: (p, f) => `${f.who(p.moderatorId)} a pris en charge la demande de modération`,
  moderation_resolved: (p, f) => `${f.who(p.resolvedById)} a clos la demande de modération : « ${f.text(p.note)} »`,
  moderation_escalated: (p, f) => `${f.who(p.escalatedById)} a confié la demande de modération à un administrateur : « ${f.text(p.reason)} »`,
  chat_closed: (p, f) => `Le chat a été fermé (${f.text(p.reason)})`,
  chat_purged: (p, f) => `Les ${f.text(p.messageCount)} messages du chat ont été supprimés (${f.text(p.reason)})`,
  evidence_purged: (p, f) => `${f.text(p.fileCount)} fichier(s) de preuve ont été supprimés (${f.text(p.reason)})`,
  tracking_started: (p, f) => `Le suivi du match de ${f.who(p.challengerId)} et ${f.who(p.opponentId)} a commencé`,
  match_started: (p, f) => `Le match suivi a commencé${p.gameMode ? ` (${f.text(p.gameMode)}${p.map ? `, ${f.text(p.map)}` : ''})` : ''}`,
  match_progressed: (p, f) => `Match suivi à la minute ${f.text(p.minute)} (${f.text(p.status) === 'paused' ? 'en pause' : 'en jeu'})`,
  goal_scored: (p, f) => `But pour ${f.who(p.userId)} (${f.text(p.player)}, ${f.text(p.minute)}′)`,
  half_time: () => 'Mi-temps',
  full_time: () => 'Fin du match',
  kills_recorded: (p, f) => `Statistiques de ${f.who(p.userId)} : ${f.text(p.kills)} éliminations, ${f.text(p.deaths)} morts, ${f.text(p.assists)} assistances`,
  round_won: (p, f) => `${f.who(p.userId)} a gagné la manche ${f.text(p.round)}`,
  round_lost: (p, f) => `${f.who(p.userId)} a perdu la manche ${f.text(p.round)}`,
  match_ended: (p, f) => `Le match suivi s’est terminé ${f.text(p.challengerScore)}–${f.text(p.opponentScore)} (${f.who(p.challengerId)} contre ${f.who(p.opponentId)})`,
  result_suggested: (p, f) =>
    `${p.winnerId ? `Le suivi indique que ${f.who(p.winnerId)} a gagné` : 'Le suivi indique un match nul'} : ${f.text(p.challengerTotal)}–${f.text(p.opponentTotal)} ${p.basis === 'kills' ? 'éliminations' : 'buts'}, handicap ${f.text(p.handicap)}`,
  manual_event: (p, f) => `${f.who(p.reporterId)} a signalé « ${f.text(p.eventType)} » à la main`,
  report_contradicts_tracker: (p, f) =>
    `${f.who(p.reporterId)} a déclaré ${FR.result(p.reported)}, ce qui contredit le suivi (${p.suggestedWinnerId ? `il indique que ${f.who(p.suggestedWinnerId)} a gagné` : 'il indique un match nul'})`,
  tracking_closed: (p, f) => `Le suivi du match est terminé (${f.text(p.reason)})`,
};

const WORDS: Record<CasebookLocale, Words> = { en: EN, es: ES, fr: FR };

/** One line of the casebook in the reader's language. An unknown code renders as itself. */
export function renderCasebookLine(line: CasebookLine, options: CasebookOptions): string {
  const locale = casebookLocale(options.locale);
  const template = WORDS[locale][line.code] as Template | undefined;
  return template ? template(line.params, formatter(locale, options)) : line.code;
}
