/**
 * Building blocks for the call schemas (DESIGN.md §4). Text fields accept any string up to
 * {@link MAX_TEXT} characters so that the domain rules, not the transport, name the error
 * (e.g. ERROR_USERNAME_LENGTH); anything longer or of the wrong type is ERROR_FIELD_INVALID.
 */
import { z } from 'zod';

/** Upper bound of any free-text field, in characters. */
export const MAX_TEXT = 4096;

/** A text field the domain rules validate; absent means ''. */
export const Text = z.string().max(MAX_TEXT).default('');
/** An optional text field that may be null. */
export const OptionalText = z.string().max(MAX_TEXT).nullish();
/** A consent or trap checkbox; absent means false. */
export const Flag = z.boolean().default(false);
/** An ISO 8601 UTC timestamp. */
export const IsoDate = z.string();

/** `{ Success }` answer used by calls that only acknowledge. */
export const SuccessResponseSchema = z.object({ Success: z.boolean() });
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;
