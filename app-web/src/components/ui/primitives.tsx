import { Label as LabelPrimitive } from 'radix-ui';
import type { ButtonHTMLAttributes, HTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Small building blocks shared by every screen; they only add class names and labels. */
type Variant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' | 'lg' }>(
  function Button({ variant = 'primary', size = 'md', className = '', type = 'button', ...props }, ref) {
    return <button ref={ref} type={type} className={`btn btn-${variant} btn-${size} ${className}`} {...props} />;
  },
);

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }>(
  function Input({ invalid, className = '', ...props }, ref) {
    return <input ref={ref} className={`input ${invalid ? 'input-invalid' : ''} ${className}`} aria-invalid={invalid || undefined} {...props} />;
  },
);

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { invalid?: boolean }>(
  function Select({ invalid, className = '', ...props }, ref) {
    return <select ref={ref} className={`input ${invalid ? 'input-invalid' : ''} ${className}`} aria-invalid={invalid || undefined} {...props} />;
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = '', ...props },
  ref,
) {
  return <textarea ref={ref} className={`input ${className}`} {...props} />;
});

/**
 * A labelled field. The child control gets the id, and the error is announced and tied to it
 * with aria-describedby.
 */
export function Field(props: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: (control: { id: string; 'aria-describedby'?: string; invalid: boolean }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.error ? errorId : null, props.hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <LabelPrimitive.Root htmlFor={id} className="label">
        {props.label}
        {props.required ? <span className="required"> *</span> : null}
      </LabelPrimitive.Root>
      {props.children({ id, 'aria-describedby': describedBy, invalid: Boolean(props.error) })}
      {props.hint ? (
        <div id={hintId} className="hint">
          {props.hint}
        </div>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function Card({ className = '', title, children, ...props }: HTMLAttributes<HTMLElement> & { title?: ReactNode }) {
  return (
    <section className={`card ${className}`} {...props}>
      {title ? <h2 className="card-title">{title}</h2> : null}
      {children}
    </section>
  );
}

export function Badge({ tone = 'neutral', children, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info' }) {
  return (
    <span className={`badge badge-${tone}`} {...props}>
      {children}
    </span>
  );
}

export function Alert({ tone = 'info', children, ...props }: HTMLAttributes<HTMLDivElement> & { tone?: 'info' | 'success' | 'warning' | 'danger' }) {
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={`alert alert-${tone}`} {...props}>
      {children}
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner-wrap" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** A checkbox with its label and error message. */
export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string }>(function Checkbox(
  { label, error, ...props },
  ref,
) {
  const id = useId();
  return (
    <div className="field">
      <label className={`checkbox ${error ? 'checkbox-invalid' : ''}`} htmlFor={id}>
        <input id={id} ref={ref} type="checkbox" aria-invalid={Boolean(error) || undefined} aria-describedby={error ? `${id}-error` : undefined} {...props} />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
});
