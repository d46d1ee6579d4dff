import { facebookConversionsCredentialsBodySchema } from '@ri/contracts';

const shape = facebookConversionsCredentialsBodySchema.shape;

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }, fallback: string) =>
  result.success ? null : (result.error?.issues[0]?.message ?? fallback);

/** Section 5's access-token rules for the conversions variant, in their exact words (the contracts' schema). */
export const conversionsTokenError = (token: string): string | null =>
  firstIssue(shape.accessToken.safeParse(token), 'Invalid access token');

/** The Pixel ID rule (required), as the server checks it. */
export const pixelIdError = (pixelId: string): string | null =>
  firstIssue(shape.pixelId.safeParse(pixelId), 'Pixel ID is required');

/** The Test Events code rule (optional, at most 64 characters). */
export const testEventCodeError = (code: string): string | null =>
  firstIssue(shape.testEventCode.safeParse(code), 'Invalid test event code');
