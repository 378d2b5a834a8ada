import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec constants: a pull past 80 refreshes; the pull is drawn up to 120. */
export const PULL_TRIGGER = 80;
export const PULL_MAX = 120;

/**
 * Pull-to-refresh on touch screens (wagering spec, dashboard): dragging down from the top of the
 * page past 80 px refetches everything the page shows; the indicator follows the finger up to 120.
 */
export function PullToRefresh({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  return (
    <div
      data-testid="pull-to-refresh"
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 ? (event.touches[0]?.clientY ?? null) : null;
      }}
      onTouchMove={(event) => {
        if (start.current === null) return;
        const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
        setPull(Math.max(0, Math.min(PULL_MAX, distance)));
      }}
      onTouchEnd={() => {
        const pulled = pull;
        start.current = null;
        setPull(0);
        if (pulled < PULL_TRIGGER || refreshing) return;
        setRefreshing(true);
        void queryClient.invalidateQueries().finally(() => setRefreshing(false));
      }}
    >
      <div className="pull-indicator" style={{ height: refreshing ? 32 : pull / 3 }} aria-live="polite" data-testid="pull-indicator">
        {refreshing ? t('pages.dashboard.refreshing') : pull >= PULL_TRIGGER ? t('pages.dashboard.releaseToRefresh') : pull > 0 ? t('pages.dashboard.pullToRefresh') : null}
      </div>
      {children}
    </div>
  );
}
