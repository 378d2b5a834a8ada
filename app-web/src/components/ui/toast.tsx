import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Toasts per spec: a title and a message, a type with its own colour and icon, 4000 ms by
 * default, at most one at a time, removed 300 ms after hiding starts; the viewport swipes right
 * with a 50 px threshold.
 */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VIEWPORT_DURATION_MS = 5000;
export const TOAST_EXIT_DELAY_MS = 300;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  type?: ToastType;
  durationMs?: number;
}

interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    type: input.type ?? 'info',
    durationMs: input.durationMs ?? TOAST_DURATION_MS,
    open: true,
  };
  toasts = [item, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }, TOAST_EXIT_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const ICONS: Record<ToastType, string> = { success: '✓', error: '⚠', warning: '!', info: 'i' };

export function Toaster() {
  const items = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_VIEWPORT_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('common.notifications')}
    >
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.durationMs}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={`toast toast-${item.type}`}
          data-testid="toast"
          data-type={item.type}
        >
          <span className="toast-icon" aria-hidden="true">
            {ICONS[item.type]}
          </span>
          <div className="toast-body">
            <ToastPrimitive.Title className="toast-title">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="toast-description">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close className="toast-close" aria-label={t('common.close')}>
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="toast-viewport" />
    </ToastPrimitive.Provider>
  );
}
