import { useEffect, useState } from 'react';
import { sanitizeTermHtml } from '../../../lib/terms.ts';
import styles from './legal-texts-page.module.css';

/** A legal text's HTML as sellers will see it: sanitized the same way before it reaches the page. */
export function LegalTextPreview({ html, label }: { html: string; label: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void sanitizeTermHtml(html).then((result) => {
      if (current) setClean(result);
    });
    return () => {
      current = false;
    };
  }, [html]);
  return (
    // Sanitized by DOMPurify (lib/terms.ts) before it is set; focusable, since it scrolls.
    <div className={styles.preview} role="region" aria-label={label} tabIndex={0} dangerouslySetInnerHTML={{ __html: clean ?? '' }} />
  );
}
