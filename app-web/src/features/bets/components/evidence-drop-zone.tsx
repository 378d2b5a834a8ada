import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Preview {
  readonly file: File;
  readonly url: string | null;
}

/** Object URLs for image/video previews, revoked when the files change or the zone unmounts. */
function usePreviews(files: File[]): Preview[] {
  const previews = useMemo(
    () =>
      files.map((file) => ({
        file,
        url: (file.type.startsWith('image/') || file.type.startsWith('video/')) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
      })),
    [files],
  );
  useEffect(() => () => previews.forEach((p) => p.url && URL.revokeObjectURL(p.url)), [previews]);
  return previews;
}

/**
 * Evidence picker (issue 15): a drop zone (drag files in, or click / press Enter to browse)
 * with a preview of each chosen image or video, a remove button per file, and the upload's
 * progress while it is sent.
 */
export function EvidenceDropZone({ files, onChange, progress, disabled }: { files: File[]; onChange: (files: File[]) => void; progress: number | null; disabled?: boolean }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const previews = usePreviews(files);
  const add = (list: FileList | null) => onChange([...files, ...Array.from(list ?? [])]);
  return (
    <div className="stack">
      <label
        htmlFor={inputId}
        className={`drop-zone ${dragging ? 'drop-zone-active' : ''}`}
        data-testid="evidence-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) add(event.dataTransfer.files);
        }}
      >
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/*,video/*"
          disabled={disabled}
          aria-label={t('matches.upload.evidence')}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <strong>{t('pages.upload.dropTitle')}</strong>
        <span className="hint">{t('pages.upload.dropHint')}</span>
      </label>
      {previews.length ? (
        <ul className="evidence-previews" data-testid="evidence-previews">
          {previews.map(({ file, url }, index) => (
            <li key={`${file.name}-${index}`} className="evidence-preview">
              {url && file.type.startsWith('image/') ? <img src={url} alt={file.name} /> : null}
              {url && file.type.startsWith('video/') ? <video src={url} muted aria-label={file.name} /> : null}
              <span title={file.name}>{file.name}</span>
              <button type="button" disabled={disabled} aria-label={t('pages.upload.remove', { name: file.name })} onClick={() => onChange(files.filter((_, i) => i !== index))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {progress !== null ? (
        <div className="progress" role="progressbar" aria-label={t('pages.upload.progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress * 100)}>
          <div className="progress-bar" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      ) : null}
    </div>
  );
}
