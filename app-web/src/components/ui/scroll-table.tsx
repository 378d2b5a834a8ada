import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A table wider than a phone (issue #29): it scrolls sideways inside its own box (the page never
 * does), with a hint on narrow screens that there is more to the right. The box is a labelled,
 * focusable region so keyboard users can scroll it too.
 */
export function ScrollTable({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="scroll-table">
      <p className="hint scroll-hint" aria-hidden="true">
        {t('common.scrollHint')}
      </p>
      <div className="table-scroll" role="region" aria-label={label} tabIndex={0} data-testid={testId}>
        {children}
      </div>
    </div>
  );
}
