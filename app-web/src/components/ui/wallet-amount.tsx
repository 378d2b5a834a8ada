import { useTranslation } from 'react-i18next';
import { convertedHint, formatMoney } from '../../lib/money';

/**
 * A wallet amount: "₦4,960.00", and under it, when the player picked another display currency,
 * the converted figure labelled as such ("≈ $3.10 · display rate, USD").
 */
export function WalletAmount({ amount, displayCurrency, testId }: { amount: string | null | undefined; displayCurrency?: string | null; testId?: string }) {
  const { t } = useTranslation();
  const hint = convertedHint(amount, displayCurrency);
  return (
    <>
      <span data-testid={testId}>{formatMoney(amount)}</span>
      {hint ? (
        <span className="converted" data-testid={testId ? `${testId}-converted` : undefined}>
          {t('pages.money.converted', { amount: hint })}
        </span>
      ) : null}
    </>
  );
}
