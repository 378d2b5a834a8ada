import { useTranslation } from 'react-i18next';
import { Field, Select } from '../../../components/ui/primitives';
import type { CryptoCurrencyOption } from '@wager/domain/contracts/wallet';

/**
 * The currency picker and, when the currency has more than one network (spec section 5), the
 * network picker: shared by the crypto deposit form and the withdrawal dialog. Choosing a
 * currency selects its first network.
 */
export function CryptoCurrencyFields({
  currencies,
  code,
  network,
  onChange,
  labels,
}: {
  currencies: readonly CryptoCurrencyOption[];
  code: string;
  network: string;
  onChange: (next: { code: string; network: string }) => void;
  labels: { currency: string; network: string };
}) {
  const { t } = useTranslation();
  const option = currencies.find((c) => c.code === code);
  return (
    <>
      <Field label={labels.currency}>
        {(control) => (
          <Select
            {...control}
            value={code}
            onChange={(e) => onChange({ code: e.target.value, network: currencies.find((c) => c.code === e.target.value)?.networks[0] ?? '' })}
          >
            <option value="">{t('deposit.crypto.selectCurrency')}</option>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} · {c.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {option && option.networks.length > 1 ? (
        <Field label={labels.network}>
          {(control) => (
            <Select {...control} value={network} onChange={(e) => onChange({ code, network: e.target.value })}>
              {option.networks.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </>
  );
}
