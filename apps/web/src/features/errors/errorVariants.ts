/** The error pages: /error is `index`, /error/error-v1 … /error/error-v6 are v1 … v6. */
export const errorVariants = {
  index: { title: 'errors.index.title', text: 'errors.index.text' },
  v1: { title: 'msg.pageNotFoundTitle', text: 'msg.pageNotFound' },
  v2: { title: 'msg.somethingWrong', text: 'errors.v2.text' },
  v3: { title: 'msg.nothingLeftTitle', text: 'msg.nothingLeft' },
  v4: { title: 'errors.v4.title', text: 'msg.notAuthorizedPage' },
  v5: { title: 'errors.v5.title', text: 'errors.v5.text' },
  v6: { title: 'errors.v6.title', text: 'errors.v6.text' },
} as const;

export type ErrorVariant = keyof typeof errorVariants;

/** `error-v3` → `v3`; anything else is not an error page. */
export function variantOfPath(segment: string | undefined): ErrorVariant | null {
  const match = /^error-(v[1-6])$/i.exec(segment ?? '');
  const variant = match?.[1]?.toLowerCase();
  return variant && variant in errorVariants ? (variant as ErrorVariant) : null;
}
