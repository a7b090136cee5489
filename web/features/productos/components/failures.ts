import { AppError } from '#shared/errors';
import { generic } from '#shared/messages/comun';
import { alertError, alertFailure, alertWarning } from '../../../lib/alerts';
import { NetworkError } from '../../../lib/api-client';

// This screen's texts only: the catalogue splits per screen (issue #20).
const M = { generic };

/**
 * A refused or failed action: a 403 shows the spec's own popup (its title and message, or the
 * message alone); any other refusal shows `title` with the server's explanation.
 */
export function showFailure(err: unknown, title: string) {
  if (err instanceof AppError && err.code === 'FORBIDDEN') return err.title ? alertWarning(err.title, err.message) : alertWarning(err.message);
  if (err instanceof NetworkError) return alertError(title, M.generic.connectionText);
  if (err instanceof AppError && err.status < 500) return alertWarning(title, err.message);
  return alertFailure(err, title);
}
