import type { SavedSegment, SegmentBody, SegmentRules } from '@ri/contracts';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import {
  bareMessage,
  fieldOf,
  type SegmentFieldErrors,
  type SegmentFormValues,
  toSegmentBody,
  validateSegment,
} from '../lib/segment-rules';

export const CREATE_SEGMENTS_FAILED = 'Failed to create segments. Please try again.';

/** The server's 400 as field errors, when it names a field; null for any other failure. */
export function fieldErrorsOf(error: unknown): SegmentFieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const field = fieldOf(error.field);
  return field ? { [field]: bareMessage(error.message) } : null;
}

/**
 * A segment form's state: its values, errors by field (checked with the contract's schema first, then the
 * server's 400s), and the failure text for anything else.
 */
export function useSegmentForm(
  initial: SegmentFormValues,
  save: (body: SegmentBody) => Promise<SavedSegment>,
  kept: SegmentRules = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SegmentFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (): Promise<SavedSegment | null> => {
    const body = toSegmentBody(values, kept);
    const invalid = validateSegment(body);
    setErrors(invalid);
    setFailure(null);
    if (Object.keys(invalid).length > 0) return null;
    setSaving(true);
    try {
      return await save(body);
    } catch (error) {
      const byField = fieldErrorsOf(error);
      if (byField) setErrors(byField);
      else setFailure(CREATE_SEGMENTS_FAILED);
      return null;
    } finally {
      setSaving(false);
    }
  };
  return { values, setValues, errors, failure, saving, submit };
}
