// Proves Spanish keeps escrow and deposits apart: the Money panel says "garantía" for escrow, never "depósito", which names only a deposit into the wallet.
import { describe, expect, it } from 'vitest';
import { es } from './es';

describe('Spanish escrow and deposit words', () => {
  it('names escrow "Garantía" and a deposit "Depósito", never one word for both', () => {
    expect(es.moneyPanel.account.escrow).toBe('Garantía');
    expect(es.dashboard.txTypes.deposit).toBe('Depósito');
    const moneyPanelTexts = JSON.stringify(es.moneyPanel);
    expect(moneyPanelTexts).not.toMatch(/dep[oó]sito/i);
  });
});
