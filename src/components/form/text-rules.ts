/**
 * Rules of the name and description boxes of the console's own form schemas (forms whose values are not a request
 * body as is, e.g. models and validations), with messages that name the field.
 */
import { z } from 'zod/mini';
import { MAX_TEXT_LENGTH } from '@/contract';

export const requiredNameRule = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: 'Name is required' }),
    z.maxLength(MAX_TEXT_LENGTH, { message: `Name must be at most ${MAX_TEXT_LENGTH} characters` }),
  );

export const descriptionRule = z
  .string()
  .check(z.maxLength(MAX_TEXT_LENGTH, { message: `Description must be at most ${MAX_TEXT_LENGTH} characters` }));
