import { Navigate, useParams } from 'react-router';
import { ErrorContent } from './components/ErrorContent';
import { variantOfPath } from './errorVariants';

/** /error and /error/error-v1 … /error/error-v6. */
export function ErrorPage() {
  const { variant } = useParams();
  if (variant === undefined) return <ErrorContent variant="index" />;
  const known = variantOfPath(variant);
  return known ? <ErrorContent variant={known} /> : <Navigate to="/error/error-v1" replace />;
}
