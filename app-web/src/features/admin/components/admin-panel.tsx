import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/primitives';
import { Tabs } from '../../../components/ui/tabs';
import { useUser } from '../../auth';
import { AppealsTab } from './appeals-tab';
import { DisputesTab } from './disputes-tab';
import { KycTab } from './kyc-tab';
import { LedgerTab } from './ledger-tab';
import { OverviewTab } from './overview-tab';
import { OperationsTab } from './operations-tab';
import { UsersTab } from './users-tab';
import { AdminAccessDenied } from './admin-access-denied';

export const ADMIN_TABS = ['overview', 'users', 'disputes', 'appeals', 'kyc', 'ledger', 'operations'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** /admin (spec section 2): admins get the tabs, everyone else is told they may not. */
export function AdminPanel() {
  const { t } = useTranslation();
  const { t: tOps } = useTranslation('ops');
  const { data: user, isPending } = useUser();
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  // ?tab=disputes: the review page's way back to the queue; ?tab=appeals: a notification's link.
  const [tab, setTab] = useState<AdminTab>((ADMIN_TABS as readonly string[]).includes(asked ?? '') ? (asked as AdminTab) : 'overview');
  if (isPending) return <Spinner />;
  if (!user?.isAdmin) return <AdminAccessDenied />;
  return (
    <div className="admin-panel" data-testid="admin-panel">
      <header className="page-header">
        <h1>{t('admin.title')}</h1>
      </header>
      <Tabs
        label={t('admin.title')}
        value={tab}
        onValueChange={(value) => setTab(value as AdminTab)}
        tabs={[
          { value: 'overview', label: t('admin.tabs.overview'), content: <OverviewTab onOpenDisputes={() => setTab('disputes')} />, testId: 'admin-tab-overview' },
          { value: 'users', label: t('admin.tabs.users'), content: <UsersTab />, testId: 'admin-tab-users' },
          { value: 'disputes', label: t('admin.tabs.disputes'), content: <DisputesTab />, testId: 'admin-tab-disputes' },
          { value: 'appeals', label: t('appeals.admin.title'), content: <AppealsTab />, testId: 'admin-tab-appeals' },
          { value: 'kyc', label: t('admin.tabs.kyc'), content: <KycTab />, testId: 'admin-tab-kyc' },
          { value: 'ledger', label: t('admin.tabs.ledger'), content: <LedgerTab />, testId: 'admin-tab-ledger' },
          { value: 'operations', label: tOps('tab'), content: <OperationsTab />, testId: 'admin-tab-operations' },
        ]}
      />
    </div>
  );
}
