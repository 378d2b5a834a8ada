import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';

/**
 * The floating action menu of the dashboard on phones (issue 15): Quick Match (the marketplace's
 * open challenges, to join one at once) and Find Opponents.
 */
export function FloatingActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="fab show-mobile-block" data-testid="fab">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button type="button" className="fab-button" aria-label={t('pages.fab.open')}>
            +
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" side="top" align="end" sideOffset={8} collisionPadding={12}>
            <DropdownMenu.Item className="menu-item" onSelect={() => void navigate(paths.marketplace.getHref())}>
              {t('pages.fab.quickMatch')}
            </DropdownMenu.Item>
            <DropdownMenu.Item className="menu-item" onSelect={() => void navigate(paths.opponents.getHref())}>
              {t('pages.fab.findOpponents')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
