/**
 * A notification's text, rendered in the reader's language and time zone when it is read (the
 * stream stores its type and parameters, never English text): the web app shows it in en, es or
 * fr, and each email is rendered in its recipient's language when it is queued. Pure: the
 * reader's clock arrives as `now` (deadlines are said as "today" or "tomorrow" from it).
 */
import type { NotificationType } from './categories.js';
import type { NotificationParams } from './plan.js';
import { UNKNOWN_DEVICE } from '../accounts/devices.js';
import { remember, timeZoneOrUtc } from '../shared/time-zone.js';

export const NOTIFICATION_LOCALES = ['en', 'es', 'fr'] as const;
export type NotificationLocale = (typeof NOTIFICATION_LOCALES)[number];

export interface RenderOptions {
  readonly locale: string;
  /** IANA zone; null or unknown → UTC. */
  readonly timeZone: string | null;
  readonly now: Date;
}

export interface RenderedNotification {
  readonly title: string;
  readonly body: string;
}

export function notificationLocale(language: string | null | undefined): NotificationLocale {
  const base = (language ?? 'en').slice(0, 2).toLowerCase();
  return (NOTIFICATION_LOCALES as readonly string[]).includes(base) ? (base as NotificationLocale) : 'en';
}

/**
 * The language of a page someone reaches without signing in (an email's unsubscribe link): their
 * profile's language when it is one of ours, as their emails are written; else the first of ours
 * the browser's Accept-Language asks for (by weight, then order; `*` and unknown tags skipped);
 * else English.
 */
export function readerLocale(profileLanguage: string | null | undefined, acceptLanguage: string | null | undefined): NotificationLocale {
  const supported = (tag: string): NotificationLocale | null => {
    const base = tag.trim().slice(0, 2).toLowerCase();
    return (NOTIFICATION_LOCALES as readonly string[]).includes(base) && (tag.trim().length === 2 || tag.trim()[2] === '-') ? (base as NotificationLocale) : null;
  };
  if (profileLanguage) {
    const own = supported(profileLanguage);
    if (own) return own;
  }
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...options] = part.split(';');
      const q = options.map((o) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(o)).find((m) => m !== null);
      return { locale: supported(tag), weight: q ? Number(q[1]) : 1, order };
    })
    .filter((a): a is { locale: NotificationLocale; weight: number; order: number } => a.locale !== null && a.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return asked[0]?.locale ?? 'en';
}

interface Fmt {
  money(amount: string | null | undefined, currency: string | null | undefined): string;
  /** "at 22:35 tomorrow", "a las 22:35 de mañana", "demain à 22:35", or a full date. */
  when(iso: string | null | undefined): string;
  name(value: string | null | undefined): string;
}

interface DateFormats {
  readonly day: Intl.DateTimeFormat;
  readonly time: Intl.DateTimeFormat;
  readonly full: Intl.DateTimeFormat;
}

/** Formatters by locale and zone (and by locale and currency): building one costs more than rendering a notification with it. */
const dateFormats = new Map<string, DateFormats>();
const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function dateFormatsOf(locale: NotificationLocale, timeZone: string): DateFormats {
  const key = `${locale}|${timeZone}`;
  return (
    dateFormats.get(key) ??
    remember(dateFormats, key, {
      day: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
      time: new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      full: new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
    })
  );
}

/** The currency's formatter in the locale, or null for a code the runtime does not know. */
function moneyFormatOf(locale: NotificationLocale, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  const known = moneyFormats.get(key);
  if (known !== undefined) return known;
  let made: Intl.NumberFormat | null;
  try {
    made = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
  } catch {
    made = null;
  }
  return remember(moneyFormats, key, made);
}

function formatter(locale: NotificationLocale, options: RenderOptions): Fmt {
  const { day, time, full } = dateFormatsOf(locale, timeZoneOrUtc(options.timeZone));
  const dayIndex = (d: Date) => Date.parse(`${day.format(d)}T00:00:00Z`) / 86_400_000;
  return {
    money(amount, currency) {
      if (amount === null || amount === undefined) return '';
      if (!currency) return amount;
      const format = moneyFormatOf(locale, currency);
      return format ? format.format(amount as unknown as number) : `${amount} ${currency}`;
    },
    when(iso) {
      if (!iso) return '';
      const at = new Date(iso);
      const days = dayIndex(at) - dayIndex(options.now);
      const hhmm = time.format(at);
      const words = WHEN[locale];
      if (days === 0) return words.today(hhmm);
      if (days === 1) return words.tomorrow(hhmm);
      return words.on(full.format(at));
    },
    name(value) {
      return value ?? WHEN[locale].someone;
    },
  };
}

const WHEN: Record<NotificationLocale, { today: (t: string) => string; tomorrow: (t: string) => string; on: (d: string) => string; someone: string }> = {
  en: { today: (t) => `at ${t} today`, tomorrow: (t) => `at ${t} tomorrow`, on: (d) => `on ${d}`, someone: 'Your opponent' },
  es: { today: (t) => `hoy a las ${t}`, tomorrow: (t) => `mañana a las ${t}`, on: (d) => `el ${d}`, someone: 'Tu rival' },
  fr: { today: (t) => `aujourd’hui à ${t}`, tomorrow: (t) => `demain à ${t}`, on: (d) => `le ${d}`, someone: 'Votre adversaire' },
};

const GAMES: Record<string, string> = { fc25: 'EA FC 25', cod: 'Call of Duty' };

type P = NotificationParams;
type Template = (p: P, f: Fmt) => RenderedNotification;

const LIMIT_NAMES: Record<NotificationLocale, Record<string, string>> = {
  en: { depositDaily: 'daily deposit limit', depositWeekly: 'weekly deposit limit', depositMonthly: 'monthly deposit limit', stakeDaily: 'daily stake limit' },
  es: { depositDaily: 'límite diario de depósito', depositWeekly: 'límite semanal de depósito', depositMonthly: 'límite mensual de depósito', stakeDaily: 'límite diario de apuestas' },
  fr: { depositDaily: 'limite de dépôt quotidienne', depositWeekly: 'limite de dépôt hebdomadaire', depositMonthly: 'limite de dépôt mensuelle', stakeDaily: 'limite de mise quotidienne' },
};

const UNKNOWN_DEVICE_NAMES: Record<NotificationLocale, string> = { en: 'an unrecognised device', es: 'un dispositivo no reconocido', fr: 'un appareil non reconnu' };

/** A device label as recorded (`Chrome · Windows`), or the reader's words for one not recognised. */
function device(locale: NotificationLocale, label: string | null | undefined): string {
  return !label || label === UNKNOWN_DEVICE ? UNKNOWN_DEVICE_NAMES[locale] : label;
}

const EN: Record<NotificationType, Template> = {
  challenge_received: (p, f) => ({
    title: `New challenge from ${f.name(p.challenger)}`,
    body: `${f.name(p.challenger)} challenged you to a ${GAMES[p.gameType ?? ''] ?? p.gameType} match for ${f.money(p.amount, p.currency)}. Accept it before it expires ${f.when(p.expiresAt)}.`,
  }),
  challenge_accepted: (p, f) => ({ title: `${f.name(p.opponent)} accepted your challenge`, body: 'Your match is on. Play it, then report the result.' }),
  result_reported: (p, f) => ({
    title: `${f.name(p.reporter)} reported a result`,
    body:
      p.result === 'won'
        ? `${f.name(p.reporter)} reported a win. If you do nothing, the bet settles for ${f.name(p.reporter)} ${f.when(p.deadlineAt)}.`
        : `${f.name(p.reporter)} reported a loss. If you do nothing, the bet settles for you ${f.when(p.deadlineAt)}.`,
  }),
  dispute_opened: () => ({ title: 'Dispute opened', body: 'The results disagree, so an admin will review the match. Add your evidence in the chat.' }),
  dispute_resolved: (p) => ({
    title: p.outcome === 'won' ? 'Dispute resolved: you won' : p.outcome === 'lost' ? 'Dispute resolved: you lost' : 'Dispute resolved: bet voided',
    body: `Admin notes: ${p.adminNotes ?? ''}`,
  }),
  appeal_filed: (p) => ({ title: 'Resolution appealed', body: `${p.appellant ?? 'Your opponent'} appealed the admin's resolution of your bet. Another admin will review it.` }),
  appeal_to_review: (p) => ({ title: 'Appeal to review', body: `${p.appellant ?? 'A player'} appealed a dispute resolution. Review it in the Appeals queue.` }),
  appeal_decided: (p) => ({
    title:
      p.decision === 'upheld'
        ? 'Appeal decided: resolution upheld'
        : p.outcome === 'won' ? 'Appeal decided: you won' : p.outcome === 'lost' ? 'Appeal decided: you lost' : 'Appeal decided: bet voided',
    body: `${p.decision === 'upheld' ? 'The original resolution stands.' : 'The outcome was changed and your wallet corrected.'} Admin notes: ${p.notes ?? ''}`,
  }),
  bet_won: (p, f) => ({ title: `You won ${f.money(p.amount, p.currency)}`, body: `The bet is settled and ${f.money(p.amount, p.currency)} is in your wallet.` }),
  bet_lost: () => ({ title: 'Bet settled: you lost', body: 'The bet was settled in your opponent’s favour.' }),
  bet_voided: (p, f) => ({ title: 'Bet voided', body: `${f.money(p.amount, p.currency)} is back in your wallet.` }),
  bet_expired: (p, f) => ({ title: 'Challenge expired', body: `Nobody accepted it in time; ${f.money(p.amount, p.currency)} is back in your wallet.` }),
  deposit_credited: (p, f) => ({ title: `Deposit received: ${f.money(p.amount, p.currency)}`, body: `${f.money(p.amount, p.currency)} has been added to your wallet.` }),
  withdrawal_sent: () => ({ title: 'Withdrawal sent', body: 'Your withdrawal is on its way.' }),
  withdrawal_paid: (p, f) => ({ title: 'Withdrawal paid', body: p.amount ? `${f.money(p.amount, p.currency)} has been paid out.` : 'Your withdrawal has been paid out.' }),
  withdrawal_returned: (p, f) => ({ title: 'Withdrawal returned', body: `The withdrawal could not be paid (${p.reason ?? ''}); ${f.money(p.amount, p.currency)} is back in your wallet.` }),
  withdrawal_held: (p) => ({ title: 'Withdrawal on hold', body: `Your withdrawal is held for review: ${p.reason ?? ''}` }),
  withdrawal_released: () => ({ title: 'Withdrawal released', body: 'Your withdrawal is no longer on hold and will be sent.' }),
  kyc_approved: () => ({ title: 'Identity check approved', body: 'Your withdrawal passed the identity check and will be sent.' }),
  kyc_rejected: (p, f) => ({ title: 'Identity check declined', body: `Your withdrawal was cancelled and ${f.money(p.amount, p.currency)} is back in your wallet.` }),
  age_verified: () => ({ title: 'Age verified', body: 'An admin has verified your age.' }),
  password_changed: (p, f) => ({
    title: 'Your password was changed',
    body: `The password of your Wager account was ${p.via === 'reset' ? 'reset with an emailed link' : 'changed'} ${f.when(p.changedAt)}; your other sessions were signed out. If it was not you, reset your password now and contact support.`,
  }),
  new_device: (p, f) => ({
    title: 'New sign-in to your account',
    body: `Your account was signed in to from a device it has not used before (${device('en', p.device)}) ${f.when(p.signedInAt)}. If it was not you, reset your password now.`,
  }),
  pool_joined: (p) => ({ title: 'You joined a pool', body: `${p.amount ?? ''} was taken for your entry.` }),
  pool_cancelled: (p) => ({ title: 'Pool cancelled', body: `The pool was cancelled; ${p.amount ?? ''} is back in your wallet.` }),
  pool_settled: (p, f) =>
    p.payout
      ? { title: `Pool settled: you won ${f.money(p.payout, p.currency)}`, body: `${f.money(p.payout, p.currency)} is in your wallet.` }
      : { title: 'Pool settled', body: 'The pool has ended. Better luck next time.' },
  moderator_requested: () => ({ title: 'Moderator requested', body: 'Players asked for a moderator in a match chat.' }),
  limit_effective: (p, f) => ({
    title: 'Your new limit is in force',
    body: p.value === null ? `Your ${LIMIT_NAMES.en[p.limit ?? ''] ?? p.limit} has been removed.` : `Your ${LIMIT_NAMES.en[p.limit ?? ''] ?? p.limit} is now ${f.money(p.value, p.currency)}.`,
  }),
  exclusion_ended: (p) => ({
    title: p.kind === 'cool_off' ? 'Your cool-off has ended' : 'Your self-exclusion has ended',
    body: 'You can play again. You can set limits at any time on the responsible gaming page.',
  }),
};

const ES: Record<NotificationType, Template> = {
  challenge_received: (p, f) => ({
    title: `Nuevo desafío de ${f.name(p.challenger)}`,
    body: `${f.name(p.challenger)} te desafió a una partida de ${GAMES[p.gameType ?? ''] ?? p.gameType} por ${f.money(p.amount, p.currency)}. Acéptalo antes de que caduque ${f.when(p.expiresAt)}.`,
  }),
  challenge_accepted: (p, f) => ({ title: `${f.name(p.opponent)} aceptó tu desafío`, body: 'Tu partida está en marcha. Juégala y luego informa el resultado.' }),
  result_reported: (p, f) => ({
    title: `${f.name(p.reporter)} informó un resultado`,
    body:
      p.result === 'won'
        ? `${f.name(p.reporter)} informó una victoria. Si no haces nada, la apuesta se liquida a favor de ${f.name(p.reporter)} ${f.when(p.deadlineAt)}.`
        : `${f.name(p.reporter)} informó una derrota. Si no haces nada, la apuesta se liquida a tu favor ${f.when(p.deadlineAt)}.`,
  }),
  dispute_opened: () => ({ title: 'Disputa abierta', body: 'Los resultados no coinciden, así que un administrador revisará la partida. Añade tus pruebas en el chat.' }),
  dispute_resolved: (p) => ({
    title: p.outcome === 'won' ? 'Disputa resuelta: ganaste' : p.outcome === 'lost' ? 'Disputa resuelta: perdiste' : 'Disputa resuelta: apuesta anulada',
    body: `Notas del administrador: ${p.adminNotes ?? ''}`,
  }),
  appeal_filed: (p) => ({ title: 'Resolución apelada', body: `${p.appellant ?? 'Tu rival'} apeló la resolución del administrador sobre tu apuesta. Otro administrador la revisará.` }),
  appeal_to_review: (p) => ({ title: 'Apelación por revisar', body: `${p.appellant ?? 'Un jugador'} apeló la resolución de una disputa. Revísala en la cola de apelaciones.` }),
  appeal_decided: (p) => ({
    title:
      p.decision === 'upheld'
        ? 'Apelación decidida: se mantiene la resolución'
        : p.outcome === 'won' ? 'Apelación decidida: ganaste' : p.outcome === 'lost' ? 'Apelación decidida: perdiste' : 'Apelación decidida: apuesta anulada',
    body: `${p.decision === 'upheld' ? 'La resolución original se mantiene.' : 'El resultado cambió y tu billetera fue corregida.'} Notas del administrador: ${p.notes ?? ''}`,
  }),
  bet_won: (p, f) => ({ title: `Ganaste ${f.money(p.amount, p.currency)}`, body: `La apuesta está liquidada y ${f.money(p.amount, p.currency)} está en tu billetera.` }),
  bet_lost: () => ({ title: 'Apuesta liquidada: perdiste', body: 'La apuesta se liquidó a favor de tu rival.' }),
  bet_voided: (p, f) => ({ title: 'Apuesta anulada', body: `${f.money(p.amount, p.currency)} ha vuelto a tu billetera.` }),
  bet_expired: (p, f) => ({ title: 'Desafío caducado', body: `Nadie lo aceptó a tiempo; ${f.money(p.amount, p.currency)} ha vuelto a tu billetera.` }),
  deposit_credited: (p, f) => ({ title: `Depósito recibido: ${f.money(p.amount, p.currency)}`, body: `Se han añadido ${f.money(p.amount, p.currency)} a tu billetera.` }),
  withdrawal_sent: () => ({ title: 'Retiro enviado', body: 'Tu retiro está en camino.' }),
  withdrawal_paid: (p, f) => ({ title: 'Retiro pagado', body: p.amount ? `Se han pagado ${f.money(p.amount, p.currency)}.` : 'Tu retiro ha sido pagado.' }),
  withdrawal_returned: (p, f) => ({ title: 'Retiro devuelto', body: `No se pudo pagar el retiro (${p.reason ?? ''}); ${f.money(p.amount, p.currency)} ha vuelto a tu billetera.` }),
  withdrawal_held: (p) => ({ title: 'Retiro en espera', body: `Tu retiro está retenido para revisión: ${p.reason ?? ''}` }),
  withdrawal_released: () => ({ title: 'Retiro liberado', body: 'Tu retiro ya no está retenido y se enviará.' }),
  kyc_approved: () => ({ title: 'Verificación de identidad aprobada', body: 'Tu retiro superó la verificación de identidad y se enviará.' }),
  kyc_rejected: (p, f) => ({ title: 'Verificación de identidad rechazada', body: `Tu retiro fue cancelado y ${f.money(p.amount, p.currency)} ha vuelto a tu billetera.` }),
  age_verified: () => ({ title: 'Edad verificada', body: 'Un administrador ha verificado tu edad.' }),
  password_changed: (p, f) => ({
    title: 'Se cambió tu contraseña',
    body: `La contraseña de tu cuenta de Wager se ${p.via === 'reset' ? 'restableció con un enlace enviado por correo' : 'cambió'} ${f.when(p.changedAt)}; se cerraron tus otras sesiones. Si no fuiste tú, restablece tu contraseña ahora y contacta con soporte.`,
  }),
  new_device: (p, f) => ({
    title: 'Nuevo inicio de sesión en tu cuenta',
    body: `Se inició sesión en tu cuenta desde un dispositivo que no había usado antes (${device('es', p.device)}) ${f.when(p.signedInAt)}. Si no fuiste tú, restablece tu contraseña ahora.`,
  }),
  pool_joined: (p) => ({ title: 'Te uniste a un pool', body: `Se cobraron ${p.amount ?? ''} por tu inscripción.` }),
  pool_cancelled: (p) => ({ title: 'Pool cancelado', body: `El pool fue cancelado; ${p.amount ?? ''} ha vuelto a tu billetera.` }),
  pool_settled: (p, f) =>
    p.payout
      ? { title: `Pool liquidado: ganaste ${f.money(p.payout, p.currency)}`, body: `${f.money(p.payout, p.currency)} está en tu billetera.` }
      : { title: 'Pool liquidado', body: 'El pool ha terminado. Más suerte la próxima vez.' },
  moderator_requested: () => ({ title: 'Se solicitó un moderador', body: 'Unos jugadores pidieron un moderador en el chat de una partida.' }),
  limit_effective: (p, f) => ({
    title: 'Tu nuevo límite está en vigor',
    body: p.value === null ? `Tu ${LIMIT_NAMES.es[p.limit ?? ''] ?? p.limit} ha sido eliminado.` : `Tu ${LIMIT_NAMES.es[p.limit ?? ''] ?? p.limit} es ahora ${f.money(p.value, p.currency)}.`,
  }),
  exclusion_ended: (p) => ({
    title: p.kind === 'cool_off' ? 'Tu pausa ha terminado' : 'Tu autoexclusión ha terminado',
    body: 'Puedes volver a jugar. Puedes fijar límites en cualquier momento en la página de juego responsable.',
  }),
};

const FR: Record<NotificationType, Template> = {
  challenge_received: (p, f) => ({
    title: `Nouveau défi de ${f.name(p.challenger)}`,
    body: `${f.name(p.challenger)} vous défie dans un match ${GAMES[p.gameType ?? ''] ?? p.gameType} pour ${f.money(p.amount, p.currency)}. Acceptez-le avant qu’il expire ${f.when(p.expiresAt)}.`,
  }),
  challenge_accepted: (p, f) => ({ title: `${f.name(p.opponent)} a accepté votre défi`, body: 'Votre match est lancé. Jouez-le, puis déclarez le résultat.' }),
  result_reported: (p, f) => ({
    title: `${f.name(p.reporter)} a déclaré un résultat`,
    body:
      p.result === 'won'
        ? `${f.name(p.reporter)} a déclaré une victoire. Sans réaction de votre part, le pari sera réglé en faveur de ${f.name(p.reporter)} ${f.when(p.deadlineAt)}.`
        : `${f.name(p.reporter)} a déclaré une défaite. Sans réaction de votre part, le pari sera réglé en votre faveur ${f.when(p.deadlineAt)}.`,
  }),
  dispute_opened: () => ({ title: 'Litige ouvert', body: 'Les résultats ne concordent pas : un administrateur va examiner le match. Ajoutez vos preuves dans le chat.' }),
  dispute_resolved: (p) => ({
    title: p.outcome === 'won' ? 'Litige résolu : vous avez gagné' : p.outcome === 'lost' ? 'Litige résolu : vous avez perdu' : 'Litige résolu : pari annulé',
    body: `Notes de l’administrateur : ${p.adminNotes ?? ''}`,
  }),
  appeal_filed: (p) => ({ title: 'Résolution contestée', body: `${p.appellant ?? 'Votre adversaire'} a fait appel de la résolution de l’administrateur sur votre pari. Un autre administrateur va l’examiner.` }),
  appeal_to_review: (p) => ({ title: 'Appel à examiner', body: `${p.appellant ?? 'Un joueur'} a fait appel d’une résolution de litige. Examinez-le dans la file des appels.` }),
  appeal_decided: (p) => ({
    title:
      p.decision === 'upheld'
        ? 'Appel tranché : résolution maintenue'
        : p.outcome === 'won' ? 'Appel tranché : vous avez gagné' : p.outcome === 'lost' ? 'Appel tranché : vous avez perdu' : 'Appel tranché : pari annulé',
    body: `${p.decision === 'upheld' ? 'La résolution initiale est maintenue.' : 'Le résultat a changé et votre portefeuille a été corrigé.'} Notes de l’administrateur : ${p.notes ?? ''}`,
  }),
  bet_won: (p, f) => ({ title: `Vous avez gagné ${f.money(p.amount, p.currency)}`, body: `Le pari est réglé et ${f.money(p.amount, p.currency)} sont dans votre portefeuille.` }),
  bet_lost: () => ({ title: 'Pari réglé : vous avez perdu', body: 'Le pari a été réglé en faveur de votre adversaire.' }),
  bet_voided: (p, f) => ({ title: 'Pari annulé', body: `${f.money(p.amount, p.currency)} sont revenus dans votre portefeuille.` }),
  bet_expired: (p, f) => ({ title: 'Défi expiré', body: `Personne ne l’a accepté à temps ; ${f.money(p.amount, p.currency)} sont revenus dans votre portefeuille.` }),
  deposit_credited: (p, f) => ({ title: `Dépôt reçu : ${f.money(p.amount, p.currency)}`, body: `${f.money(p.amount, p.currency)} ont été ajoutés à votre portefeuille.` }),
  withdrawal_sent: () => ({ title: 'Retrait envoyé', body: 'Votre retrait est en route.' }),
  withdrawal_paid: (p, f) => ({ title: 'Retrait payé', body: p.amount ? `${f.money(p.amount, p.currency)} ont été versés.` : 'Votre retrait a été versé.' }),
  withdrawal_returned: (p, f) => ({ title: 'Retrait retourné', body: `Le retrait n’a pas pu être payé (${p.reason ?? ''}) ; ${f.money(p.amount, p.currency)} sont revenus dans votre portefeuille.` }),
  withdrawal_held: (p) => ({ title: 'Retrait suspendu', body: `Votre retrait est retenu pour vérification : ${p.reason ?? ''}` }),
  withdrawal_released: () => ({ title: 'Retrait débloqué', body: 'Votre retrait n’est plus retenu et sera envoyé.' }),
  kyc_approved: () => ({ title: 'Vérification d’identité approuvée', body: 'Votre retrait a passé la vérification d’identité et sera envoyé.' }),
  kyc_rejected: (p, f) => ({ title: 'Vérification d’identité refusée', body: `Votre retrait a été annulé et ${f.money(p.amount, p.currency)} sont revenus dans votre portefeuille.` }),
  age_verified: () => ({ title: 'Âge vérifié', body: 'Un administrateur a vérifié votre âge.' }),
  password_changed: (p, f) => ({
    title: 'Votre mot de passe a été modifié',
    body: `Le mot de passe de votre compte Wager a été ${p.via === 'reset' ? 'réinitialisé avec un lien envoyé par e-mail' : 'modifié'} ${f.when(p.changedAt)} ; vos autres sessions ont été fermées. Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez le support.`,
  }),
  new_device: (p, f) => ({
    title: 'Nouvelle connexion à votre compte',
    body: `Votre compte a été ouvert depuis un appareil jamais utilisé auparavant (${device('fr', p.device)}) ${f.when(p.signedInAt)}. Si ce n’était pas vous, réinitialisez votre mot de passe maintenant.`,
  }),
  pool_joined: (p) => ({ title: 'Vous avez rejoint une poule', body: `${p.amount ?? ''} ont été prélevés pour votre inscription.` }),
  pool_cancelled: (p) => ({ title: 'Poule annulée', body: `La poule a été annulée ; ${p.amount ?? ''} sont revenus dans votre portefeuille.` }),
  pool_settled: (p, f) =>
    p.payout
      ? { title: `Poule réglée : vous avez gagné ${f.money(p.payout, p.currency)}`, body: `${f.money(p.payout, p.currency)} sont dans votre portefeuille.` }
      : { title: 'Poule réglée', body: 'La poule est terminée. Plus de chance la prochaine fois.' },
  moderator_requested: () => ({ title: 'Modérateur demandé', body: 'Des joueurs ont demandé un modérateur dans le chat d’un match.' }),
  limit_effective: (p, f) => ({
    title: 'Votre nouvelle limite est en vigueur',
    body: p.value === null ? `Votre ${LIMIT_NAMES.fr[p.limit ?? ''] ?? p.limit} a été supprimée.` : `Votre ${LIMIT_NAMES.fr[p.limit ?? ''] ?? p.limit} est maintenant de ${f.money(p.value, p.currency)}.`,
  }),
  exclusion_ended: (p) => ({
    title: p.kind === 'cool_off' ? 'Votre pause est terminée' : 'Votre auto-exclusion est terminée',
    body: 'Vous pouvez rejouer. Vous pouvez fixer des limites à tout moment sur la page jeu responsable.',
  }),
};

const TEMPLATES: Record<NotificationLocale, Record<NotificationType, Template>> = { en: EN, es: ES, fr: FR };

export function renderNotification(type: NotificationType, params: NotificationParams, options: RenderOptions): RenderedNotification {
  const locale = notificationLocale(options.locale);
  return TEMPLATES[locale][type](params, formatter(locale, options));
}
