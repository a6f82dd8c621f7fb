import DOMPurify from 'dompurify';

/** Server-provided HTML (alert texts) made safe to render: no scripts, handlers or foreign frames. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
