// Proves the crypto pickers: the network picker shows only for a currency with several networks, and choosing a currency selects its first network.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import type { CryptoCurrencyOption } from '@wager/domain/contracts/wallet';
import { CryptoCurrencyFields } from './crypto-currency-fields';

const currencies = [
  { code: 'USDT', name: 'Tether', networks: ['TRC20', 'ERC20', 'BEP20'], minAmount: '10', maxAmount: '10000' },
  { code: 'BTC', name: 'Bitcoin', networks: ['Bitcoin'], minAmount: '0.0003', maxAmount: '0.22' },
] as CryptoCurrencyOption[];

function Harness() {
  const [value, setValue] = useState({ code: '', network: '' });
  return (
    <>
      <CryptoCurrencyFields currencies={currencies} code={value.code} network={value.network} onChange={setValue} labels={{ currency: 'Currency', network: 'Network' }} />
      <output data-testid="chosen">{`${value.code}/${value.network}`}</output>
    </>
  );
}

describe('CryptoCurrencyFields', () => {
  it('offers the network only when there is a choice, starting at the first', async () => {
    renderWithApp(<Harness />);
    expect(screen.queryByLabelText('Network')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'USDT');
    expect(screen.getByTestId('chosen').textContent).toBe('USDT/TRC20');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'BEP20');
    expect(screen.getByTestId('chosen').textContent).toBe('USDT/BEP20');
    await userEvent.selectOptions(screen.getByLabelText('Currency'), 'BTC');
    expect(screen.getByTestId('chosen').textContent).toBe('BTC/Bitcoin');
    expect(screen.queryByLabelText('Network')).toBeNull();
  });
});
