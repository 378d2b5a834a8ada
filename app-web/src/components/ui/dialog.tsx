import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal dialog with a title, an optional description and a close button. */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dialog-overlay" />
        <DialogPrimitive.Content
          className={`dialog-content ${props.wide ? 'dialog-wide' : ''}`}
          data-testid={props.testId}
          aria-describedby={props.description ? undefined : undefined}
        >
          <DialogPrimitive.Title className="dialog-title">{props.title}</DialogPrimitive.Title>
          {props.description ? (
            <DialogPrimitive.Description className="dialog-description">{props.description}</DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{props.title}</DialogPrimitive.Description>
          )}
          {props.children}
          <DialogPrimitive.Close className="dialog-close" aria-label={t('common.close')}>
            ×
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
