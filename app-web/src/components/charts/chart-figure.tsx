import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart as a figure people can read without seeing it: a caption, a one-line summary for
 * screen readers (the drawing itself is hidden from them), and the numbers in a table under a
 * "Show the numbers" disclosure. Series differ by shape and label, never by colour alone.
 */
export function ChartFigure(props: { title: string; summary: string; testId: string; chart: ReactNode; columns: string[]; rows: (string | number)[][] }) {
  const { t } = useTranslation('ops');
  return (
    <figure className="chart-figure" data-testid={props.testId}>
      <figcaption>
        <strong>{props.title}</strong>
      </figcaption>
      <p className="sr-only">{props.summary}</p>
      {/* inert: the drawing (recharts makes its svg focusable) is out of the focus order as it is out of the accessibility tree. */}
      <div className="chart-area" aria-hidden="true" inert>
        {props.chart}
      </div>
      <details>
        <summary>{t('showTable')}</summary>
        <table className="table compact">
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={String(r[0])}>
                {r.map((cell, i) => (
                  <td key={i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** `2026-11-26` as a short day in the reader's language (UTC, as the API counts days). */
export function shortDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
