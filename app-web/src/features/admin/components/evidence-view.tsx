import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchProtectedBlob, type EvidenceFile } from '../api/admin-queries';

/** A protected file as an object URL (the API wants the bearer token, which an <img> cannot send). */
function useObjectUrl(url: string): string | null {
  const blob = useQuery({ queryKey: ['evidence-blob', url], queryFn: () => fetchProtectedBlob(url), staleTime: Infinity });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob.data) return undefined;
    const made = URL.createObjectURL(blob.data);
    setObjectUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob.data]);
  return objectUrl;
}

/** One evidence file inline: an image or a video, with its name, size and sha256. */
export function EvidenceView({ file }: { file: EvidenceFile }) {
  const { t } = useTranslation();
  const src = useObjectUrl(file.url);
  const isVideo = file.contentType.startsWith('video/');
  return (
    <figure className="evidence" data-testid="admin-evidence">
      {src ? isVideo ? <video src={src} controls className="evidence-media" /> : <img src={src} alt={file.filename} className="evidence-media" /> : <span className="muted">{t('common.loading')}</span>}
      <figcaption className="muted">
        {file.filename} · {file.contentType} · {t('admin.disputes.bytes', { count: file.sizeBytes })}
        <br />
        <code title={file.sha256}>sha256 {file.sha256.slice(0, 16)}…</code>
      </figcaption>
    </figure>
  );
}
