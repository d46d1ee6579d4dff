import { Alert } from '../../../components/ui/alert';
import { ApiError, getErrorMessage } from '../../../lib/api-error';

export type FormError = { message: string; code?: string; reasons?: string[] };

/** The server's message, code and reasons (weak passwords list what is missing), or the fallback text. */
export function toFormError(failure: unknown, fallback: string): FormError {
  if (failure instanceof ApiError) return { message: failure.message, code: failure.code, reasons: failure.reasons };
  return { message: getErrorMessage(failure, fallback) };
}

export function FormErrorAlert({ error }: { error: FormError }) {
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      {error.reasons && error.reasons.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {error.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
