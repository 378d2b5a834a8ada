// Proves the casebook's sentences: every code renders in en, es and fr with names for ids and amounts in the locale (NGN as ₦), an id without a name stays visible, the people a line names are found from its parameters, and a dispute's reason is said by its code (old recorded texts mapped back to it).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASEBOOK_CODES, CASEBOOK_LOCALES, casebookLocale, casebookPeople, renderCasebookLine, type CasebookLine } from './casebook.js';
import { DISPUTE_REASON_CODES, disputeReasonCode, disputeReasonText } from './rules.js';

const ada = '11111111-1111-4111-8111-111111111111';
const bayo = '22222222-2222-4222-8222-222222222222';
const names = { [ada]: 'ada_lagos', [bayo]: 'bayo' };
const locked: CasebookLine = { code: 'stake_locked', params: { userId: ada, stake: '1000.00', fee: '20.00', total: '1020.00', currency: 'NGN' } };

describe('renderCasebookLine', () => {
  it('says a stake lock in words, with the name and the amount in each language', () => {
    expect(renderCasebookLine(locked, { locale: 'en', names })).toBe('ada_lagos locked ₦1,020.00 into escrow (stake ₦1,000.00 + fee ₦20.00)');
    expect(renderCasebookLine(locked, { locale: 'es', names }).replace(/\s/g, ' ')).toBe('ada_lagos depositó 1020,00 ₦ en garantía (apuesta 1000,00 ₦ + comisión 20,00 ₦)');
    expect(renderCasebookLine(locked, { locale: 'fr-FR', names })).toMatch(/^ada_lagos a bloqué 1\s020,00\s₦ en séquestre/);
  });

  it('names both sides of a contradiction and the tracker’s pick', () => {
    const line: CasebookLine = { code: 'report_contradicts_tracker', params: { reporterId: bayo, reported: 'won', suggestedWinnerId: ada } };
    expect(renderCasebookLine(line, { locale: 'en', names })).toBe('bayo reported a win, which contradicts the tracker (it suggests ada_lagos won)');
    expect(renderCasebookLine({ ...line, params: { ...line.params, suggestedWinnerId: null } }, { locale: 'en', names })).toContain('it suggests a draw');
  });

  it('says a dispute’s reason by its code in each language, and a reason without a code as recorded', () => {
    const line: CasebookLine = { code: 'bet_disputed', params: { reason: disputeReasonText.both_reported_win, reasonCode: disputeReasonCode(disputeReasonText.both_reported_win) } };
    expect(renderCasebookLine(line, { locale: 'en', names })).toBe('The reports disagree: the bet is disputed (both players reported a win)');
    expect(renderCasebookLine(line, { locale: 'es', names })).toBe('Los informes no coinciden: la apuesta está en disputa (los dos jugadores declararon una victoria)');
    expect(renderCasebookLine({ ...line, params: { reason: disputeReasonText.both_reported_loss, reasonCode: 'both_reported_loss' } }, { locale: 'fr', names })).toBe(
      'Les déclarations divergent : le pari est contesté (les deux joueurs ont déclaré une défaite)',
    );
    expect(renderCasebookLine({ code: 'bet_disputed', params: { reason: 'Something else', reasonCode: null } }, { locale: 'fr', names })).toBe('Les déclarations divergent : le pari est contesté (Something else)');
  });

  it('maps every recorded dispute reason back to its code, and an unknown text to none', () => {
    for (const code of DISPUTE_REASON_CODES) expect(disputeReasonCode(disputeReasonText[code])).toBe(code);
    expect(disputeReasonCode('Both players reported a win')).toBe('both_reported_win');
    expect(disputeReasonCode('Both players reported a loss')).toBe('both_reported_loss');
    expect(disputeReasonCode('both players reported a win')).toBeNull();
    expect(disputeReasonCode(null)).toBeNull();
  });

  it('says the platform’s own chat notices as the system’s, not as a person', () => {
    expect(renderCasebookLine({ code: 'chat_message', params: { senderId: 'system', messageType: 'dispute', content: 'The result is disputed' } }, { locale: 'en', names })).toBe('System: The result is disputed');
    expect(renderCasebookLine({ code: 'chat_message', params: { senderId: ada, messageType: 'message', content: 'gg' } }, { locale: 'fr', names })).toBe('ada_lagos a écrit : « gg »');
  });

  it('keeps an id it has no name for, and falls back to English for another language', () => {
    const stranger = '33333333-3333-4333-8333-333333333333';
    expect(renderCasebookLine({ code: 'bet_accepted', params: { opponentId: stranger } }, { locale: 'de', names })).toBe(`${stranger} accepted the challenge`);
    expect(casebookLocale('fr-CA')).toBe('fr');
    expect(casebookLocale(undefined)).toBe('en');
  });

  it('renders every code in every language to a non-empty sentence without template leftovers, whatever the parameters', () => {
    const param = fc.oneof(fc.constant(ada), fc.constant(bayo), fc.constant(null), fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('won', 'lost', 'NGN', '12.50'));
    fc.assert(
      fc.property(fc.constantFrom(...CASEBOOK_CODES), fc.constantFrom(...CASEBOOK_LOCALES), fc.dictionary(fc.constantFrom('userId', 'winnerId', 'amount', 'currency', 'reason', 'result', 'minute', 'content'), param), (code, locale, params) => {
        const text = renderCasebookLine({ code, params }, { locale, names });
        expect(text.length).toBeGreaterThan(0);
        expect(text).not.toContain('undefined');
        expect(text).not.toContain('${');
      }),
    );
  });

  it('lists the people a line names (parameters ending in Id)', () => {
    expect(casebookPeople({ code: 'dispute_resolved', params: { adminId: ada, winnerId: bayo, adminNotes: 'x' } }).sort()).toEqual([ada, bayo].sort());
    expect(casebookPeople({ code: 'dispute_resolved', params: { adminId: ada, winnerId: null, adminNotes: 'x' } })).toEqual([ada]);
  });
});
