import { COUNTRIES, REGISTRATION_CURRENCIES, REGISTRATION_LANGUAGES, type CountryEntry } from '@wager/domain/accounts/reference-data';
import { forwardRef, useEffect, useState, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/primitives';
import { TIMEZONE_GROUPS, TIMEZONES, localTimeIn } from '../timezones';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & { invalid?: boolean };

/** Refresh period of the "local time" line under the time-zone picker (spec section 9). */
export const LOCAL_TIME_REFRESH_MS = 60_000;
/** Where the registration language picker stores its choice (spec section 2). */
export const PREFERRED_LANGUAGE_STORAGE_KEY = 'preferredLanguage';

/** The 58 countries; the whole entry is handed back so a currency and language can be suggested. */
export const CountryPicker = forwardRef<HTMLSelectElement, SelectProps & { onCountryChange: (entry: CountryEntry | undefined, code: string) => void }>(
  function CountryPicker({ onCountryChange, ...props }, ref) {
    const { t } = useTranslation();
    return (
      <Select ref={ref} {...props} onChange={(event) => onCountryChange(COUNTRIES.find((c) => c.code === event.target.value), event.target.value)}>
        <option value="">{t('auth.selectCountry')}</option>
        {COUNTRIES.map((country) => (
          <option key={country.code} value={country.code}>
            {country.flag} {country.name}
          </option>
        ))}
      </Select>
    );
  },
);

export const CurrencyPicker = forwardRef<HTMLSelectElement, SelectProps & { onChange: (code: string) => void }>(function CurrencyPicker(
  { onChange, ...props },
  ref,
) {
  return (
    <Select ref={ref} {...props} onChange={(event) => onChange(event.target.value)}>
      {REGISTRATION_CURRENCIES.map((currency) => (
        <option key={currency.code} value={currency.code}>
          {currency.symbol} {currency.code} · {currency.name}
        </option>
      ))}
    </Select>
  );
});

/** Time zones in five groups, with the current local time of the chosen one refreshed every 60 s. */
export const TimezonePicker = forwardRef<HTMLSelectElement, SelectProps & { value: string; onChange: (zone: string) => void }>(
  function TimezonePicker({ onChange, value, ...props }, ref) {
    const { t } = useTranslation();
    const [now, setNow] = useState(() => new Date());
    useEffect(() => {
      const timer = setInterval(() => setNow(new Date()), LOCAL_TIME_REFRESH_MS);
      return () => clearInterval(timer);
    }, []);
    const known = TIMEZONES.some((zone) => zone.value === value);
    return (
      <>
        <Select ref={ref} {...props} value={value} onChange={(event) => onChange(event.target.value)}>
          {!known && value ? <option value={value}>{value}</option> : null}
          {TIMEZONE_GROUPS.map((group) => (
            <optgroup key={group} label={t(`auth.timezoneGroups.${group}`)}>
              {TIMEZONES.filter((zone) => zone.group === group).map((zone) => (
                <option key={zone.value} value={zone.value}>
                  {zone.label} ({zone.offset})
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        {value ? (
          <span className="hint" data-testid="timezone-local-time">
            {t('auth.localTime', { time: localTimeIn(value, now) })}
          </span>
        ) : null}
      </>
    );
  },
);

/**
 * The 10 registration languages. Choosing one switches the interface at once (English for the
 * languages the interface does not have) and remembers the code in localStorage.
 */
export const LanguagePicker = forwardRef<HTMLSelectElement, SelectProps & { onChange: (code: string) => void }>(function LanguagePicker(
  { onChange, ...props },
  ref,
) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      ref={ref}
      {...props}
      onChange={(event) => {
        const code = event.target.value;
        window.localStorage.setItem(PREFERRED_LANGUAGE_STORAGE_KEY, code);
        void i18n.changeLanguage(code);
        onChange(code);
      }}
    >
      {REGISTRATION_LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {t(`languages.${code}`)}
        </option>
      ))}
    </Select>
  );
});
